import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { statisticsCsvHeaders } from '@lokaler/domain/statistics-csv';
import { statisticsFigures, statisticsMessages, type StatisticsReport } from '@lokaler/domain/statistics';
import { changeLog } from '../../db/schema/bookings';
import { cityAdmins } from '../../db/schema/location-setup';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { addClosedDate, addLocationAdmin, setOpeningHours } from '../../../test/factories/calendar';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { bookingWithTimes, call } from '../../../test/admin-test-support';
import { readCsvWithoutHints } from '../../../test/csv-reader';
import { statisticsStatements } from './get-statistics';

// The statements, still run, but counted: which of them a request ran.
const counted = {
  rooms: vi.spyOn(statisticsStatements, 'loadScopeRooms'),
  opening: vi.spyOn(statisticsStatements, 'loadOpeningData'),
  booked: vi.spyOn(statisticsStatements, 'loadBookedMinutes'),
  breakdowns: vi.spyOn(statisticsStatements, 'loadBreakdowns'),
  demand: vi.spyOn(statisticsStatements, 'loadDemand'),
  handling: vi.spyOn(statisticsStatements, 'loadHandlingTimes'),
};
/** How many times each statement ran since the last call. */
function statementsRun(): Record<keyof typeof counted, number> {
  const runs = Object.fromEntries(Object.entries(counted).map(([name, spy]) => [name, spy.mock.calls.length]));
  for (const spy of Object.values(counted)) spy.mockClear();
  return runs as Record<keyof typeof counted, number>;
}

// Two ISO weeks: 10 (4–10 March 2030) and 11 (11–17 March).
const from = '2030-03-04';
const to = '2030-03-17';
const period = `from=${from}&to=${to}`;

describe('the statistics (decision 068): GET /api/statistics and /api/statistics/csv', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let kari: string;
  let bente: string;
  let schoolId: number;
  let otherId: number;
  let gym: number;
  let aula: number;

  const get = (token: string | null, query: string) => call(ctx.app, token, 'GET', `/api/statistics?${query}`);
  const csv = (token: string | null, query: string) => call(ctx.app, token, 'GET', `/api/statistics/csv?${query}`);
  const report = async (token: string, query: string) => {
    const res = await get(token, query);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<StatisticsReport>();
  };

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    schoolId = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    otherId = (await createLocation(db, { name: 'Sagene samfunnshus' })).id;
    gym = (await createAsset(db, schoolId, { name: 'Gymsal' })).id;
    aula = (await createAsset(db, schoolId, { name: 'Aula' })).id;
    const hall = (await createAsset(db, otherId, { name: 'Storsal' })).id;
    // Weekdays 16–22 (6 h); the aula also on Saturdays 10–14, its own hours; closed Wednesday 6 March.
    await setOpeningHours(db, schoolId, '16:00', '22:00', { weekdays: [1, 2, 3, 4, 5] });
    await setOpeningHours(db, schoolId, '10:00', '14:00', { weekdays: [6], bookableAssetId: aula });
    await setOpeningHours(db, otherId, '08:00', '16:00', { weekdays: [1, 2, 3, 4, 5] });
    await addClosedDate(db, schoolId, '2030-03-06');
    await addLocationAdmin(db, schoolId, testAdmins[0]!.email);
    await addLocationAdmin(db, otherId, testAdmins[1]!.email);
    const ola = await createUser(db);
    const at = (iso: string) => new Date(iso);
    const t = (
      bookableAssetId: number,
      date: string,
      startTime: string,
      durationMinutes: number,
      status: 'APPROVED' | 'UNPROCESSED' | 'REJECTED' = 'APPROVED',
    ) => ({ bookableAssetId, date, startTime, durationMinutes, status });

    // A youth club's application: two approved evenings (Mon 4th 18–20, Tue 12th 18–19:30), one rejected (Wed 13th 18–19).
    const club = await bookingWithTimes(
      db,
      schoolId,
      ola.id,
      [t(gym, '2030-03-04', '18:00', 120), t(gym, '2030-03-12', '18:00', 90), t(gym, '2030-03-13', '18:00', 60, 'REJECTED')],
      {
        status: 'APPROVED',
        organizationNumber: '998877660',
        organizationName: 'Sagene IL',
        organizationForm: 'FLI',
        formAnswers: { activity: 'Innebandy', ageGroup: 'YOUTH' },
        createdAt: at('2030-03-04T08:00:00Z'),
      },
    );
    // A person's application waiting: Tue 5th 17:30–18:30 in the aula.
    await bookingWithTimes(db, schoolId, ola.id, [t(aula, '2030-03-05', '17:30', 60, 'UNPROCESSED')], {
      createdAt: at('2030-03-01T08:00:00Z'),
    });
    // The school's own activity on Saturday 16th 10–12.
    await bookingWithTimes(db, schoolId, ola.id, [t(aula, '2030-03-16', '10:00', 120)], {
      status: 'APPROVED',
      purpose: 'ADMINUSER_INTERNAL_ACTIVITY',
    });
    // Not use: a time made unavailable; not in the period: the 18th.
    await bookingWithTimes(db, schoolId, ola.id, [t(gym, '2030-03-15', '16:00', 60)], {
      status: 'APPROVED',
      purpose: 'ADMINUSER_MAKE_TIME_UNAVAILABLE',
    });
    await bookingWithTimes(db, schoolId, ola.id, [t(gym, '2030-03-18', '18:00', 60)], { status: 'APPROVED' });
    // Rejected, over midnight: Sunday 17th 23:00 for two hours (demand on Sunday 23 and Monday 0).
    const late = await bookingWithTimes(db, schoolId, ola.id, [t(gym, '2030-03-17', '23:00', 120, 'REJECTED')], {
      status: 'REJECTED',
      createdAt: at('2030-03-08T12:00:00Z'),
    });
    // First decided before the period, decided again in it: not in the period's handling times.
    const older = await bookingWithTimes(db, schoolId, ola.id, [t(gym, '2030-02-20', '18:00', 60)], {
      status: 'APPROVED',
      createdAt: at('2030-02-01T08:00:00Z'),
    });
    // Elsewhere: only city-wide.
    const elsewhere = await bookingWithTimes(db, otherId, ola.id, [t(hall, '2030-03-05', '09:00', 180)], {
      status: 'APPROVED',
      createdAt: at('2030-03-05T06:00:00Z'),
    });
    await db.insert(changeLog).values([
      { bookingId: club.bookingId, type: 'BookingApproval', loggedAt: at('2030-03-05T08:00:00Z') }, // 24 h
      { bookingId: club.bookingId, type: 'BookingRejection', loggedAt: at('2030-03-10T08:00:00Z') }, // not the first
      { bookingId: late.bookingId, type: 'BookingRejection', loggedAt: at('2030-03-10T00:00:00Z') }, // 36 h
      { bookingId: older.bookingId, type: 'BookingApproval', loggedAt: at('2030-02-20T08:00:00Z') },
      { bookingId: older.bookingId, type: 'BookingRejection', loggedAt: at('2030-03-12T08:00:00Z') },
      { bookingId: elsewhere.bookingId, type: 'BookingApproval', loggedAt: at('2030-03-05T18:00:00Z') }, // 12 h
    ]);

    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    await db.insert(cityAdmins).values({ email: testAdmins[3]!.email });
    bente = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());

  it('utilisation per room and ISO week: booked (active, not a time made unavailable) against open hours (closed dates and room hours kept)', async () => {
    const body = await report(siri, `locationId=${schoolId}&${period}`);
    expect(body).toMatchObject({ scope: 'LOCATION', locationId: schoolId, locationName: 'Bjølsen skole', from, to });
    expect(body.utilisation.unit).toBe('ROOM_WEEK');
    expect(body.utilisation.columns).toEqual([
      { key: '2030-03-04', label: 'Uke 10', from: '2030-03-04', to: '2030-03-10' },
      { key: '2030-03-11', label: 'Uke 11', from: '2030-03-11', to: '2030-03-17' },
    ]);
    expect(body.utilisation.rows).toEqual([
      // Week 10: four weekdays (Wednesday closed) of 6 h, + the aula's Saturday 4 h; week 11: five, + 4 h.
      { id: aula, name: 'Aula', bookedMinutes: [60, 120], openMinutes: [4 * 360 + 240, 5 * 360 + 240] },
      { id: gym, name: 'Gymsal', bookedMinutes: [120, 90], openMinutes: [4 * 360, 5 * 360] },
    ]);
  });

  it('hours by purpose, age group and kind of applicant: the same booked time each way, every key listed', async () => {
    const body = await report(siri, `locationId=${schoolId}&${period}`);
    const pick = (rows: StatisticsReport['purposes']) => Object.fromEntries(rows.map((r) => [r.key, [r.minutes, r.bookings]]));
    expect(pick(body.purposes)).toEqual({
      UNKNOWN: [0, 0],
      PUBLICUSER_LOAN: [270, 2],
      ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN: [0, 0],
      ADMINUSER_INTERNAL_ACTIVITY: [120, 1],
    });
    expect(pick(body.ageGroups)).toEqual({ CHILDREN: [0, 0], YOUTH: [210, 1], ADULTS: [0, 0], ALL: [0, 0], UNKNOWN: [180, 2] });
    expect(pick(body.organisationTypes)).toEqual({ 'ORG:FLI': [210, 1], PERSON: [60, 1], INTERNAL: [120, 1] });
    expect(body.ageGroups.find((r) => r.key === 'YOUTH')?.label).toBe('Ungdom (13–19 år)');
    const booked = body.utilisation.rows.flatMap((r) => r.bookedMinutes).reduce((s, m) => s + m, 0);
    for (const rows of [body.purposes, body.ageGroups, body.organisationTypes])
      expect(rows.reduce((s, r) => s + r.minutes, 0)).toBe(booked);
  });

  it("hours by kind of applicant: an organisation by the form stored on its booking, the code for a form not in the table, 'ikke kjent' for none", async () => {
    const db = ctx.database.db;
    const ola = await createUser(db);
    const hallId = (await createLocation(db, { name: 'Furuset forum' })).id;
    const hall = (await createAsset(db, hallId, { name: 'Salen' })).id;
    const time = (date: string, durationMinutes: number) => [
      { bookableAssetId: hall, date, startTime: '18:00', durationMinutes, status: 'APPROVED' as const },
    ];
    const org = (number: string, form: string | null) => ({
      status: 'APPROVED' as const,
      organizationNumber: number,
      organizationName: `Organisasjon ${number}`,
      organizationForm: form,
    });
    await bookingWithTimes(db, hallId, ola.id, time('2031-05-05', 120), org('998877660', 'FLI'));
    await bookingWithTimes(db, hallId, ola.id, time('2031-05-06', 60), org('997766555', 'FLI'));
    await bookingWithTimes(db, hallId, ola.id, time('2031-05-07', 240), org('994433229', 'STI'));
    await bookingWithTimes(db, hallId, ola.id, time('2031-05-08', 30), org('921857462', 'XYZ'));
    await bookingWithTimes(db, hallId, ola.id, time('2031-05-09', 90), org('996655431', null));
    await bookingWithTimes(db, hallId, ola.id, time('2031-05-10', 45), { status: 'APPROVED' });
    const body = await report(bente, `locationId=${hallId}&from=2031-05-05&to=2031-05-11`);
    expect(body.organisationTypes).toEqual([
      { key: 'ORG:STI', label: 'Stiftelse', minutes: 240, bookings: 1 },
      { key: 'ORG:FLI', label: 'Forening/lag/innretning', minutes: 180, bookings: 2 },
      { key: 'ORG:XYZ', label: 'XYZ', minutes: 30, bookings: 1 },
      { key: 'ORG:UNKNOWN', label: 'Organisasjonsform ikke kjent', minutes: 90, bookings: 1 },
      { key: 'PERSON', label: 'Privatperson', minutes: 45, bookings: 1 },
      { key: 'INTERNAL', label: 'Kommunens interne aktivitet', minutes: 0, bookings: 0 },
    ]);
    const rows = readCsvWithoutHints(
      (await csv(bente, `figure=organisation-type&locationId=${hallId}&from=2031-05-05&to=2031-05-11`)).rawPayload.toString('utf8'),
    )!;
    expect(rows.records).toEqual([
      ['Type søker', 'Timer', 'Bookinger'],
      ['Stiftelse', '4,00', '1'],
      ['Forening/lag/innretning', '3,00', '2'],
      ['XYZ', '0,50', '1'],
      ['Organisasjonsform ikke kjent', '1,50', '1'],
      ['Privatperson', '0,75', '1'],
      ['Kommunens interne aktivitet', '0,00', '0'],
    ]);
  });

  it('demand against capacity by weekday and hour: applied for incl. rejected, split by hour, past midnight on the next day', async () => {
    const body = await report(siri, `locationId=${schoolId}&${period}`);
    const cell = (weekday: number, hour: number) => body.demand.find((c) => c.weekday === weekday && c.hour === hour)!;
    expect(body.demand).toHaveLength(7 * 24);
    const applied = Object.fromEntries(
      body.demand.filter((c) => c.appliedMinutes > 0).map((c) => [`${c.weekday}/${c.hour}`, c.appliedMinutes]),
    );
    expect(applied).toEqual({ '1/0': 60, '1/18': 60, '1/19': 60, '2/17': 30, '2/18': 90, '2/19': 30, '3/18': 60, '7/23': 60 });
    // Two Mondays × two rooms open 16–22; one Wednesday (the other closed) × two rooms; the aula's two Saturdays.
    expect(cell(1, 16).openMinutes).toBe(4 * 60);
    expect(cell(1, 22).openMinutes).toBe(0);
    expect(cell(3, 18).openMinutes).toBe(2 * 60);
    expect(cell(6, 10).openMinutes).toBe(2 * 60);
    expect(cell(7, 23).openMinutes).toBe(0);
  });

  it('handling times: sent to first decision, per month of that decision, median and 90th percentile', async () => {
    const body = await report(siri, `locationId=${schoolId}&${period}`);
    expect(body.handlingTimes).toEqual({
      months: [{ month: '2030-03', decided: 2, medianHours: 30, p90Hours: 34.8 }],
      total: { month: 'ALL', decided: 2, medianHours: 30, p90Hours: 34.8 },
    });
    const empty = await report(siri, `locationId=${schoolId}&from=2031-01-01&to=2031-01-31`);
    expect(empty.handlingTimes).toEqual({ months: [], total: { month: 'ALL', decided: 0, medianHours: null, p90Hours: null } });
    expect(empty.utilisation.rows.every((r) => r.bookedMinutes.every((m) => m === 0))).toBe(true);
  });

  it('city-wide for a city administrator: every location, per location and month', async () => {
    const body = await report(bente, period);
    expect(body).toMatchObject({ scope: 'CITY', locationId: null, locationName: null });
    expect(body.utilisation.unit).toBe('LOCATION_MONTH');
    expect(body.utilisation.columns).toEqual([{ key: '2030-03', label: 'mars 2030', from, to }]);
    const rows = Object.fromEntries(body.utilisation.rows.map((r) => [r.name, [r.bookedMinutes[0], r.openMinutes[0]]]));
    expect(rows['Bjølsen skole']).toEqual([390, 9 * 360 * 2 + 2 * 240]);
    // Ten weekdays of 8 h in the period.
    expect(rows['Sagene samfunnshus']).toEqual([180, 10 * 480]);
    expect(body.handlingTimes.total).toEqual({ month: 'ALL', decided: 3, medianHours: 24, p90Hours: 33.6 });
    // And one location's figures, as its administrators see them.
    expect((await report(bente, `locationId=${otherId}&${period}`)).utilisation.rows.map((r) => r.name)).toEqual(['Storsal']);
  });

  it('each figure as one CSV table: a reader told nothing finds ";", the header and the JSON\'s values', async () => {
    const json = await report(siri, `locationId=${schoolId}&${period}`);
    for (const figure of statisticsFigures) {
      const res = await csv(siri, `figure=${figure}&locationId=${schoolId}&${period}`);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
      expect(res.headers['content-disposition']).toBe(`attachment; filename="statistikk-${figure}-bjolsen-skole-${from}-${to}.csv"`);
      const text = res.rawPayload.toString('utf8');
      expect(text.startsWith('\uFEFF')).toBe(true);
      const read = readCsvWithoutHints(text);
      expect(read?.delimiter, figure).toBe(';');
      expect(read!.records[0]).toEqual([...statisticsCsvHeaders[figure](json)]);
      expect(read!.records.length, figure).toBeGreaterThan(1);
    }
    const utilisation = readCsvWithoutHints(
      (await csv(siri, `figure=utilisation&locationId=${schoolId}&${period}`)).rawPayload.toString('utf8'),
    )!;
    expect(utilisation.records.slice(1)).toEqual([
      ['Aula', 'Uke 10', '2030-03-04', '2030-03-10', '1,00', '28,00', '3,6'],
      ['Aula', 'Uke 11', '2030-03-11', '2030-03-17', '2,00', '34,00', '5,9'],
      ['Gymsal', 'Uke 10', '2030-03-04', '2030-03-10', '2,00', '24,00', '8,3'],
      ['Gymsal', 'Uke 11', '2030-03-11', '2030-03-17', '1,50', '30,00', '5,0'],
    ]);
    const purposes = readCsvWithoutHints((await csv(siri, `figure=purpose&locationId=${schoolId}&${period}`)).rawPayload.toString('utf8'))!;
    expect(purposes.records.slice(1)).toEqual(
      json.purposes.map((p) => [p.label, (p.minutes / 60).toFixed(2).replace('.', ','), String(p.bookings)]),
    );
    const handling = readCsvWithoutHints(
      (await csv(siri, `figure=handling-times&locationId=${schoolId}&${period}`)).rawPayload.toString('utf8'),
    )!;
    expect(handling.records.slice(1)).toEqual([
      ['2030-03', '2', '30,0', '34,8'],
      ['Hele perioden', '2', '30,0', '34,8'],
    ]);
    const demand = readCsvWithoutHints((await csv(siri, `figure=demand&locationId=${schoolId}&${period}`)).rawPayload.toString('utf8'))!;
    expect(demand.records.find((r) => r[0] === 'tirsdag' && r[1] === '18:00–19:00')).toEqual([
      'tirsdag',
      '18:00–19:00',
      '1,50',
      '4,00',
      '37,5',
    ]);
  });

  it('the page runs each statement once; a CSV file only those of its figure', async () => {
    statementsRun();
    for (const scope of [`locationId=${schoolId}&${period}`, period]) {
      const token = scope === period ? bente : siri;
      expect((await get(token, scope)).statusCode).toBe(200);
      expect(statementsRun()).toEqual({ rooms: 1, opening: 1, booked: 1, breakdowns: 1, demand: 1, handling: 1 });
      const none = { rooms: 0, opening: 0, booked: 0, breakdowns: 0, demand: 0, handling: 0 };
      const expected: Record<(typeof statisticsFigures)[number], typeof none> = {
        utilisation: { ...none, rooms: 1, opening: 1, booked: 1 },
        purpose: { ...none, breakdowns: 1 },
        'age-group': { ...none, breakdowns: 1 },
        'organisation-type': { ...none, breakdowns: 1 },
        demand: { ...none, rooms: 1, opening: 1, demand: 1 },
        'handling-times': { ...none, handling: 1 },
      };
      for (const figure of statisticsFigures) {
        expect((await csv(token, `figure=${figure}&${scope}`)).statusCode).toBe(200);
        expect(statementsRun(), `${figure} ${scope}`).toEqual(expected[figure]);
      }
    }
  });

  it("refuses anonymous 401, a citizen 403, another location's administrator 403 — before looking at the period", async () => {
    for (const send of [get, (token: string | null, q: string) => csv(token, `figure=purpose&${q}`)]) {
      expect((await send(null, `locationId=${schoolId}&${period}`)).statusCode).toBe(401);
      expect((await send(kari, `locationId=${schoolId}&${period}`)).statusCode).toBe(403);
      expect((await send(jonas, `locationId=${schoolId}&from=x`)).statusCode).toBe(403);
      expect((await send(jonas, `locationId=${schoolId}&${period}`)).statusCode).toBe(403);
      expect((await send(siri, `locationId=${otherId}&${period}`)).statusCode).toBe(403);
      expect((await send(siri, `locationId=abc&${period}`)).statusCode).toBe(403);
      // City-wide: a city-wide administrator's only.
      expect((await send(siri, period)).statusCode).toBe(403);
      expect((await send(kari, period)).statusCode).toBe(403);
      expect((await send(siri, `locationId=${schoolId}&${period}`)).statusCode).toBe(200);
      expect((await send(bente, period)).statusCode).toBe(200);
    }
  });

  it('a bad period is 400 with a Norwegian userMsg: missing, not a date, inverted, longer than 400 days; an unknown figure too', async () => {
    const cases: [string, string][] = [
      [`from=${from}`, statisticsMessages.missingDate],
      [`from=2030-02-30&to=${to}`, statisticsMessages.invalidDate],
      [`from=${to}&to=${from}`, statisticsMessages.inverted],
      ['from=2030-01-01&to=2031-02-05', statisticsMessages.tooLong],
    ];
    for (const [range, userMsg] of cases) {
      for (const res of [await get(siri, `locationId=${schoolId}&${range}`), await csv(bente, `figure=demand&${range}`)]) {
        expect(res.statusCode, range).toBe(400);
        expect(res.json<ApiError>().userMsg, range).toBe(userMsg);
      }
    }
    // 400 days exactly is fine.
    expect((await get(siri, `locationId=${schoolId}&from=2030-01-01&to=2031-02-04`)).statusCode).toBe(200);
    const figure = await csv(siri, `figure=pie&locationId=${schoolId}&${period}`);
    expect(figure.statusCode).toBe(400);
    expect(figure.json<ApiError>().userMsg).toBe(statisticsMessages.invalidFigure);
    const malformed = await get(bente, `locationId=abc&${period}`);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json<ApiError>().userMsg).toBe(statisticsMessages.invalidLocation);
    expect((await get(bente, `locationId=999999&${period}`)).statusCode).toBe(404);
  });
});

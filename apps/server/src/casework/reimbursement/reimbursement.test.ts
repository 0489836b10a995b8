import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import type { CostCategory } from '@lokaler/domain/booking';
import { costCategoryReportLabels, reimbursementMessages, type ReimbursementReport } from '@lokaler/domain/reimbursement';
import { reimbursementCsvHeader, reimbursementSumsCsvHeader } from '@lokaler/domain/reimbursement-csv';
import { queryRows } from '../../db/client';
import { bookingApprovals, selvkostPrices } from '../../db/schema/admin-decisions';
import { invoiceBasisLines } from '../../db/schema/invoice-basis';
import { cityAdmins } from '../../db/schema/location-setup';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { addLocationAdmin } from '../../../test/factories/calendar';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { bookingWithTimes, call, type TimeSpec } from '../../../test/admin-test-support';
import { readCsvWithoutHints } from '../../../test/csv-reader';

const from = '2030-03-01';
const to = '2030-04-01';
const report =
  (
    token: string | null,
    locationId: number,
    range = `fromDateInclusive=${from}&toDateExclusive=${to}`,
    csv: false | true | 'sums' = false,
  ) =>
  (ctx: TestContext) =>
    call(ctx.app, token, 'GET', `/api/location/${locationId}/reimbursement${csv === 'sums' ? '-sums.csv' : csv ? '.csv' : ''}?${range}`);

const kroner = (ore: number) => (ore / 100).toFixed(2).replace('.', ',');
const decimal = (hours: number) => hours.toFixed(2).replace('.', ',');
/** A text cell as the spreadsheet shows it: the formula defence's leading ' taken off. */
const shown = (cell: string) => cell.replace(/^'(?=[=+\-@\t\r])/, '');

describe('the reimbursement report (decision 015): GET /api/location/{id}/reimbursement(.csv)', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let kari: string;
  let bente: string;
  let schoolId: number;
  let otherId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    schoolId = (await createLocation(db, { name: 'Bjølsen skole', companyCode: '3010' })).id;
    otherId = (await createLocation(db, { name: 'Sagene samfunnshus' })).id;
    const gym = (await createAsset(db, schoolId, { name: 'Gymsal' })).id;
    const aula = (await createAsset(db, schoolId, { name: 'Aula' })).id;
    const hall = (await createAsset(db, otherId, { name: 'Storsal' })).id;
    await addLocationAdmin(db, schoolId, testAdmins[0]!.email);
    await addLocationAdmin(db, otherId, testAdmins[1]!.email);
    const ola = await createUser(db);
    let hour = 7;
    const t = (date: string, durationMinutes: number, status: TimeSpec['status'] = 'APPROVED', room = gym): TimeSpec => ({
      bookableAssetId: room,
      date,
      startTime: `${String(++hour % 24).padStart(2, '0')}:00`,
      durationMinutes,
      status,
    });
    const approved = async (
      name: string,
      times: TimeSpec[],
      fields: Parameters<typeof bookingWithTimes>[4],
      terms?: { costCategory: CostCategory; marketPriceOre?: number; calculatedPriceOre?: number },
    ) => {
      ids[name] = (await bookingWithTimes(db, fields?.locationId ?? schoolId, ola.id, times, { status: 'APPROVED', ...fields })).bookingId;
      if (terms) await db.insert(bookingApprovals).values({ bookingId: ids[name]!, ...terms });
    };
    const club = { organizationNumber: '998877660', organizationName: '=HYPERLINK("http://x";"Sagene IL")' };

    // In the range: 60 + 90 of 240 approved minutes; 300 000 øre for the whole booking → 187 500.
    await approved('market', [t('2030-03-05', 60), t('2030-03-31', 90), t('2030-04-01', 90)], club, {
      costCategory: 'MARKET',
      marketPriceOre: 300_000,
    });
    // Wholly in the range, same club: 100 000.
    await approved('cost', [t('2030-03-10', 60, 'APPROVED', aula)], club, { costCategory: 'COST', calculatedPriceOre: 100_000 });
    // Ola's own, free: 120 minutes; the rejected and replaced times do not count.
    await approved(
      'free',
      [t('2030-03-12', 120), t('2030-03-13', 60, 'REJECTED'), t('2030-03-14', 30, 'REPLACED')],
      {},
      { costCategory: 'FREE' },
    );
    // Booked by an administrator for someone, approved at once without terms: no category, 0 kr, 45 minutes.
    await approved('behalf', [t('2030-03-20', 45)], {
      purpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
      onBehalfOfName: 'Nina Nabo',
      onBehalfOfEmail: 'nina@example.no',
    });
    // Not in the report: waiting, internal, a time made unavailable, outside the range, another location.
    ids.waiting = (await bookingWithTimes(db, schoolId, ola.id, [t('2030-03-06', 60, 'UNPROCESSED')])).bookingId;
    await approved('internal', [t('2030-03-07', 60)], { purpose: 'ADMINUSER_INTERNAL_ACTIVITY' });
    await approved('unavailable', [t('2030-03-08', 60)], { purpose: 'ADMINUSER_MAKE_TIME_UNAVAILABLE' });
    await approved('before', [t('2030-02-28', 60)], club, { costCategory: 'MARKET', marketPriceOre: 50_000 });
    await approved(
      'elsewhere',
      [t('2030-03-05', 60, 'APPROVED', hall)],
      { locationId: otherId, ...club },
      { costCategory: 'MARKET', marketPriceOre: 70_000 },
    );

    // Priced at cost when a round closed: no stored total (decision 063); 90 minutes in a small room.
    await db
      .insert(selvkostPrices)
      .values({
        locationId: otherId,
        lokalkategori1Ore: 40_000,
        lokalkategori2Ore: 60_000,
        lokalkategori3Ore: 80_000,
        etableringSemesterlanOre: 50_000,
        etableringEngangsutleieOre: 50_000,
        timeTilsynsvaktOre: 30_000,
        timeEkstraRenholdOre: 20_000,
      });
    const small = (await createAsset(db, otherId, { name: 'Møterom', squareMeters: 30 })).id;
    await approved(
      'selvkost',
      [t('2030-03-15', 90, 'APPROVED', small)],
      { locationId: otherId, organizationNumber: '911222333', organizationName: 'Sagene sjakklubb' },
      { costCategory: 'COST' },
    );
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    await db.insert(cityAdmins).values({ email: testAdmins[3]!.email });
    bente = (await loginAs(ctx.app, testAdmins[3]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());

  const get = async (range?: string) => {
    const res = await report(siri, schoolId, range)(ctx);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<ReimbursementReport>();
  };

  it('lists each approved loan with approved time in the range: who, category, hours and the share of its price', async () => {
    const body = await get();
    expect(body).toMatchObject({
      locationId: schoolId,
      locationName: 'Bjølsen skole',
      companyCode: '3010',
      fromDateInclusive: from,
      toDateExclusive: to,
    });
    // In Norwegian order of the payer ('=' sorts before letters), then by case number.
    expect(
      body.rows.map((r) => [r.bookingId, r.payerName.replace(/ \d+$/, ''), r.organizationNumber, r.costCategory, r.hours, r.amountOre]),
    ).toEqual([
      [ids.market, '=HYPERLINK("http://x";"Sagene IL")', '998877660', 'MARKET', 2.5, 187_500],
      [ids.cost, '=HYPERLINK("http://x";"Sagene IL")', '998877660', 'COST', 1, 100_000],
      [ids.behalf, 'Nina Nabo', null, null, 0.75, 0],
      [ids.free, 'Test Testesen', null, 'FREE', 2, 0],
    ]);
    expect(body.groups.find((g) => g.organizationNumber === '998877660')).toEqual({
      payerKind: 'ORGANISATION',
      payerName: '=HYPERLINK("http://x";"Sagene IL")',
      organizationNumber: '998877660',
      bookings: 2,
      minutes: 210,
      hours: 3.5,
      amountOre: 287_500,
    });
    expect(body.totals).toEqual({ bookings: 4, minutes: 60 + 90 + 60 + 120 + 45, hours: 6.25, amountOre: 287_500 });
  });

  it('reconciles with the approved reservations: the minutes are theirs, and ranges that split a booking add up to its price', async () => {
    const [stored] = await queryRows<{ minutes: number }>(
      ctx.database.db,
      sql`
      select coalesce(sum(r.duration_minutes), 0)::int as minutes from reservations r join bookings b on b.id = r.booking_id
      where b.location_id = ${schoolId} and b.status = 'APPROVED' and r.status = 'APPROVED'
        and b.purpose in ('PUBLICUSER_LOAN', 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN') and r.date >= ${from}::date and r.date < ${to}::date`,
    );
    const body = await get();
    expect(body.totals.minutes).toBe(Number(stored!.minutes));
    expect(body.rows.reduce((s, r) => s + r.minutes, 0)).toBe(body.totals.minutes);
    expect(body.groups.reduce((s, g) => s + g.amountOre, 0)).toBe(body.totals.amountOre);

    // The whole life of the bookings: every price once (market 300 000 + cost 100 000 + the earlier 50 000).
    const all = await get('fromDateInclusive=2030-01-01&toDateExclusive=2030-12-31');
    expect(all.totals.amountOre).toBe(450_000);
    // Split at 1 April: the market booking's 187 500 + 112 500.
    const march = await get('fromDateInclusive=2030-01-01&toDateExclusive=2030-04-01');
    const april = await get('fromDateInclusive=2030-04-01&toDateExclusive=2030-12-31');
    expect(march.totals.amountOre + april.totals.amountOre).toBe(450_000);
    expect(march.totals.minutes + april.totals.minutes).toBe(all.totals.minutes);
    expect(april.rows.map((r) => [r.bookingId, r.amountOre])).toEqual([[ids.market, 112_500]]);
  });

  it('an empty range is an empty report, not an error', async () => {
    expect(await get('fromDateInclusive=2031-01-01&toDateExclusive=2031-02-01')).toMatchObject({
      rows: [],
      groups: [],
      totals: { bookings: 0, minutes: 0, amountOre: 0 },
    });
  });

  it('the CSV: a streamed attachment with a BOM, ;, decimal comma, CRLF and the formula defused', async () => {
    const res = await report(siri, schoolId, undefined, true)(ctx);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(`attachment; filename="refusjon-bjolsen-skole-${from}-${to}.csv"`);
    expect(res.headers['transfer-encoding']).toBe('chunked');
    const text = res.rawPayload.toString('utf8');
    expect(text.startsWith('\uFEFFFirmakode;Saksnummer;')).toBe(true);
    const lines = text.split('\r\n');
    expect(lines.find((l) => l.includes(`;${ids.market};`))).toMatch(
      /^3010;.*;"'=HYPERLINK\(""http:\/\/x"";""Sagene IL""\)";998877660;Markedspris;2,50;1875,00$/,
    );
  });

  it('the two CSV files (decision 063) are each one table: a reader told nothing finds ";" and the same columns on every line, the values of the JSON', async () => {
    const json = await get();
    const bookingsRes = await report(siri, schoolId, undefined, true)(ctx);
    const sumsRes = await report(siri, schoolId, undefined, 'sums')(ctx);
    expect(sumsRes.statusCode, sumsRes.body).toBe(200);
    expect(sumsRes.headers['content-disposition']).toBe(`attachment; filename="refusjon-summer-bjolsen-skole-${from}-${to}.csv"`);

    const bookings = readCsvWithoutHints(bookingsRes.rawPayload.toString('utf8'));
    expect(bookings?.delimiter).toBe(';');
    const [header, ...rows] = bookings!.records;
    expect(header).toEqual([...reimbursementCsvHeader]);
    expect(bookings!.records.every((r) => r.length === reimbursementCsvHeader.length)).toBe(true);
    // The old shape is gone: no blank line, no sums or total among the bookings.
    expect(rows.map((r) => r.join(''))).not.toContain('');
    expect(rows.map((r) => r[1])).not.toContain('Totalt');
    expect(rows.map((r) => r[0])).not.toContain('Sum per organisasjon eller person');
    expect(rows.map((r) => [r[0], r[1], Number(r[2]), shown(r[3]!), r[4], r[5], r[6], r[7]])).toEqual(
      json.rows.map((r) => [
        '3010',
        r.caseNumber,
        r.bookingId,
        r.payerName,
        r.organizationNumber ?? '',
        costCategoryReportLabels[r.costCategory ?? 'NONE'],
        decimal(r.hours),
        kroner(r.amountOre),
      ]),
    );

    const sums = readCsvWithoutHints(sumsRes.rawPayload.toString('utf8'));
    expect(sums?.delimiter).toBe(';');
    expect(sums!.records.every((r) => r.length === reimbursementSumsCsvHeader.length)).toBe(true);
    expect(sums!.records[0]).toEqual([...reimbursementSumsCsvHeader]);
    expect(sums!.records.slice(1).map((r) => [r[0], shown(r[1]!), r[2], Number(r[3]), r[4], r[5]])).toEqual([
      ...json.groups.map((g) => ['3010', g.payerName, g.organizationNumber ?? '', g.bookings, decimal(g.hours), kroner(g.amountOre)]),
      ['3010', 'Totalt', '', json.totals.bookings, decimal(json.totals.hours), kroner(json.totals.amountOre)],
    ]);

    // The reader can fail: the three tables in one file, as the CSV was, give it no one shape.
    const threeTables = `${bookingsRes.rawPayload.toString('utf8')}\r\n${sumsRes.rawPayload.toString('utf8').replace(/^\uFEFF/, '')}`;
    expect(readCsvWithoutHints(threeTables)).toBeNull();
  });

  it("a cost-based booking approved without a stored total (a round's) carries the contract's price, not 0 kr", async () => {
    const res = await report(jonas, otherId)(ctx);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<ReimbursementReport>();
    expect(body.companyCode).toBeNull();
    // 1.5 h in lokalkategori 1 at 400 kr + the one-off etablering 500 kr.
    expect(body.rows.find((r) => r.bookingId === ids.selvkost)).toMatchObject({ costCategory: 'COST', hours: 1.5, amountOre: 110_000 });
    const csv = readCsvWithoutHints((await report(jonas, otherId, undefined, true)(ctx)).rawPayload.toString('utf8'));
    expect(csv!.records.find((r) => r[2] === String(ids.selvkost))).toEqual([
      '',
      expect.any(String),
      String(ids.selvkost),
      'Sagene sjakklubb',
      '911222333',
      'Selvkost',
      '1,50',
      '1100,00',
    ]);
  });

  it('a booking with an invoice basis has its lines of the months (decision 063 §6), not its price shared by hours', async () => {
    const db = ctx.database.db;
    const torshov = (await createLocation(db, { name: 'Torshov samfunnshus' })).id;
    await addLocationAdmin(db, torshov, testAdmins[0]!.email);
    const room = (await createAsset(db, torshov, { name: 'Salen' })).id;
    const times: TimeSpec[] = [
      { bookableAssetId: room, date: '2030-03-05', startTime: '18:00', durationMinutes: 60, status: 'APPROVED' },
      { bookableAssetId: room, date: '2030-04-02', startTime: '18:00', durationMinutes: 60, status: 'APPROVED' },
    ];
    const { bookingId } = await bookingWithTimes(db, torshov, (await createUser(db)).id, times, { status: 'APPROVED' });
    await db.insert(bookingApprovals).values({ bookingId, costCategory: 'MARKET', marketPriceOre: 300_000 });
    // The market price in the first month, invoiced; a manual line in May, when the booking has no time.
    const line = { bookingId, quantity: 1, covers: [], kind: 'DEBIT' as const };
    await db.insert(invoiceBasisLines).values([
      {
        ...line,
        element: 'MARKEDSPRIS',
        period: '2030-03',
        unitPriceOre: 300_000,
        amountOre: 300_000,
        status: 'INVOICED',
        invoicedAt: new Date(),
      },
      {
        ...line,
        element: 'JUSTERING',
        period: '2030-05',
        unitPriceOre: 15_000,
        amountOre: 15_000,
        manual: true,
        reason: 'Nøkkel ikke levert',
      },
    ]);
    const amount = async (fromDate: string, toDate: string) => {
      const res = await report(siri, torshov, `fromDateInclusive=${fromDate}&toDateExclusive=${toDate}`)(ctx);
      expect(res.statusCode, res.body).toBe(200);
      return res.json<ReimbursementReport>().rows.map((r) => [r.bookingId, r.minutes, r.amountOre]);
    };
    // Shared by hours it would be 150 000 in March and in April; the basis says 300 000 and 0.
    expect(await amount('2030-03-01', '2030-04-01')).toEqual([[bookingId, 60, 300_000]]);
    expect(await amount('2030-04-01', '2030-05-01')).toEqual([[bookingId, 60, 0]]);
    // The manual line's month has no time, and the booking is still in the report with it.
    expect(await amount('2030-05-01', '2030-06-01')).toEqual([[bookingId, 0, 15_000]]);
    expect(await amount('2030-03-01', '2030-07-01')).toEqual([[bookingId, 120, 315_000]]);
    // A range holding part of March has March's share by its hours there: none after the 5th.
    expect(await amount('2030-03-06', '2030-06-01')).toEqual([[bookingId, 60, 15_000]]);
    expect(await amount('2030-03-05', '2030-03-06')).toEqual([[bookingId, 60, 300_000]]);
  });

  it("refuses anonymous 401, a citizen 403, another location's administrator 403 — before looking at the range", async () => {
    for (const csv of [false, true, 'sums'] as const) {
      expect((await report(null, schoolId, undefined, csv)(ctx)).statusCode).toBe(401);
      expect((await report(kari, schoolId, undefined, csv)(ctx)).statusCode).toBe(403);
      const stranger = await report(jonas, schoolId, 'fromDateInclusive=x', csv)(ctx);
      expect(stranger.statusCode).toBe(403);
      expect(stranger.body).not.toContain('HYPERLINK');
    }
    expect((await report(siri, otherId)(ctx)).statusCode).toBe(403);
  });

  it("a city-wide administrator (decision 015) reads every location's report, though she administers none", async () => {
    const res = await report(bente, schoolId)(ctx);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<ReimbursementReport>().totals.bookings).toBe(4);
    expect((await report(bente, otherId)(ctx)).statusCode).toBe(200);
  });

  it('a bad range is 400 with a Norwegian userMsg: missing, not a date, inverted, longer than 366 days', async () => {
    const cases: [string, string][] = [
      [`fromDateInclusive=${from}`, reimbursementMessages.missingDate],
      [`fromDateInclusive=2030-02-30&toDateExclusive=${to}`, reimbursementMessages.invalidDate],
      [`fromDateInclusive=${to}&toDateExclusive=${from}`, reimbursementMessages.inverted],
      ['fromDateInclusive=2030-01-01&toDateExclusive=2031-01-03', reimbursementMessages.tooLong],
    ];
    for (const csv of [false, true, 'sums'] as const) {
      for (const [range, userMsg] of cases) {
        const res = await report(siri, schoolId, range, csv)(ctx);
        expect(res.statusCode, range).toBe(400);
        expect(res.json<ApiError>().userMsg, range).toBe(userMsg);
      }
    }
  });
});

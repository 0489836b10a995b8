import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { Location } from '@lokaler/domain/location';
import { openDataCatalogue, openDataFreeTimes, type OpenDataCatalogue, type OpenDataFreeTimes } from '@lokaler/domain/open-data';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import type { ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { assetTags, assetTypes, tags } from '../../db/schema/assets';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { bearer, loginAs } from '../../../test/login';
import { createArea, createAsset, createLocation } from '../../../test/factories/places';
import { addBlockedTime, addFlow, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { applicantBooking } from '../../../test/factories/applicant';
import { CATALOGUE_CSV_COLUMNS } from './catalogue-csv';
import { freeIntervalsOf } from './free-times';
import { OPEN_DATA_RATE_LIMIT } from './routes';

/** RFC 4180 read back: quoted cells with "" for a quote, CRLF between records. */
function parseCsv(text: string): string[][] {
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = '';
  let quoted = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text[i]!;
    if (quoted && c === '"' && text[i + 1] === '"') {
      cell += '"';
      i += 1;
    } else if (c === '"') {
      quoted = !quoted;
    } else if (quoted) {
      cell += c;
    } else if (c === ',') {
      row.push(cell);
      cell = '';
    } else if (c === '\r' && text[i + 1] === '\n') {
      row.push(cell);
      rows.push(row);
      row = [];
      cell = '';
      i += 1;
    } else {
      cell += c;
    }
  }
  return rows;
}

/**
 * The open data (decision 061) agrees with what the portal shows: the catalogue holds the rooms
 * GET /api/location and the rooms routes answer, and the free times are GET /api/schedule's bookable
 * slots, before and after a booking. No personal data in any answer.
 */
describe('open data: /api/open-data/catalogue.json, catalogue.csv and free-times', () => {
  let ctx: TestContext;
  let school: number;
  let library: number;
  let gym: number;
  let hall: number;
  let hiddenRoom: number;
  let unpublishedRoom: number;
  let notInPortalRoom: number;
  let unpublishedLocation: number;
  let kari: string;
  const day = inDays(10);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const flow = await addFlow(db, 'school');
    await createArea(db, 'st-hanshaugen', 'St. Hanshaugen');
    school = (
      await createLocation(db, {
        name: 'Bolteløkka skole',
        geographicAreaId: 'st-hanshaugen',
        streetAddress: 'Waldemar Thranes gate 23',
        postCode: '0171',
        city: 'Oslo',
        contactEmail: 'utleie@bolteloekka.no',
        phoneNumber: '23456789',
        behandlingstid: 2,
        lat: 59.93,
        lng: 10.74,
      })
    ).id;
    await setOpeningHours(db, school, '16:00', '22:00');
    const [type] = await db.insert(assetTypes).values({ name: 'Gymsal' }).returning();
    gym = (await createAsset(db, school, { name: 'Gymsal, "store"', capacity: 120, assetTypeId: type!.id, bookingFlowId: flow.id })).id;
    hall = (await createAsset(db, school, { name: '=Aula', externalAssetNumber: 'A1', capacity: 200, lat: 59.9301, lng: 10.7401 })).id;
    await setOpeningHours(db, school, '08:00', '12:00', { bookableAssetId: hall, weekdays: [6] });
    hiddenRoom = (await createAsset(db, school, { name: 'Lager', status: 'UNPUBLISHED' })).id;
    const [uu, facility] = await db
      .insert(tags)
      .values([
        { name: 'Rullestoltilgang', tagType: 'uu' },
        { name: 'Garderobe', tagType: 'facility' },
      ])
      .returning();
    await db.insert(assetTags).values([
      { bookableAssetId: gym, tagId: uu!.id },
      { bookableAssetId: gym, tagId: facility!.id },
    ]);
    library = (await createLocation(db, { name: 'Deichman Tøyen', publicLocationType: 'LIBRARIES', filterCategory: 'LIBRARIES' })).id;
    unpublishedLocation = (await createLocation(db, { name: 'Nye skolen', status: 'UNPUBLISHED' })).id;
    unpublishedRoom = (await createAsset(db, unpublishedLocation)).id;
    const notInPortal = await createLocation(db, { name: 'Adminbygget', displayInPortal: false });
    notInPortalRoom = (await createAsset(db, notInPortal.id)).id;
    await addBlockedTime(db, gym, day, '17:00:00', 60);
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    // Personal data that must never reach the open data: a booking with its applicant and form answers.
    const kariId = (await ctx.app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(kari) })).json<{
      userId: number;
    }>().userId;
    await applicantBooking(db, {
      locationId: school,
      userId: kariId,
      status: 'APPROVED',
      times: [{ bookableAssetId: hall, date: day, startTime: '18:00:00', durationMinutes: 120 }],
      onBehalfOf: { name: 'Ola Privatperson', email: 'ola.privat@example.no' },
    });
  });
  afterAll(() => ctx.close());

  const get = (url: string, headers: Record<string, string> = {}) => ctx.app.inject({ method: 'GET', url: `/api${url}`, headers });
  const catalogue = async () => openDataCatalogue.parse((await get('/open-data/catalogue.json')).json()) as OpenDataCatalogue;

  it('holds exactly the locations of GET /api/location and the rooms of GET /api/location/{id}/bookableassets', async () => {
    const res = await get('/open-data/catalogue.json');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('application/json; charset=utf-8');
    const body = openDataCatalogue.parse(res.json());
    expect(body.license).toEqual({ name: 'Norsk lisens for offentlige data (NLOD) 2.0', url: 'https://data.norge.no/nlod/no/2.0' });

    const portal = (await get('/location')).json<Location[]>();
    expect(body.locations.map((l) => l.id)).toEqual(portal.map((l) => l.id));
    for (const location of body.locations) {
      const shown = portal.find((l) => l.id === location.id)!;
      expect(location).toMatchObject({
        name: shown.name,
        type: shown.publicLocationType,
        streetAddress: shown.streetAddress,
        postCode: shown.postCode,
        city: shown.city,
        geographicAreaName: shown.geographicAreaName,
        latLng: shown.latLng,
        contactEmail: shown.contactEmail,
      });
      const rooms = (await get(`/location/${location.id}/bookableassets`)).json<BookableAsset[]>();
      expect(
        location.rooms.map(({ id, name, displayName, capacity, squareMeters, latLng, accessibility, facilities, purposes }) => ({
          id,
          name,
          displayName,
          capacity,
          squareMeters,
          latLng,
          uu: accessibility,
          facilities,
          purposes,
        })),
      ).toEqual(
        rooms.map(({ id, name, displayName, capacity, squareMeters, latLng, uu, facilities, purposes }) => ({
          id,
          name,
          displayName,
          capacity,
          squareMeters,
          latLng,
          uu,
          facilities,
          purposes,
        })),
      );
    }
    const roomIds = body.locations.flatMap((l) => l.rooms.map((r) => r.id));
    expect(roomIds.sort()).toEqual([gym, hall].sort());
    for (const absent of [hiddenRoom, unpublishedRoom, notInPortalRoom]) expect(roomIds).not.toContain(absent);
    expect(body.locations.map((l) => l.id)).not.toContain(unpublishedLocation);
  });

  it("gives each room its type, tags, opening hours (its own where it has them) and the portal's link", async () => {
    const body = await catalogue();
    const bolteloekka = body.locations.find((l) => l.id === school)!;
    expect(bolteloekka).toMatchObject({
      type: 'SCHOOLS',
      geographicAreaId: 'st-hanshaugen',
      portalUrl: expect.stringMatching(/\/lokale\/\d+$/),
    });
    const gymRoom = bolteloekka.rooms.find((r) => r.id === gym)!;
    expect(gymRoom).toMatchObject({ assetType: 'Gymsal', capacity: 120, accessibility: ['Rullestoltilgang'], facilities: ['Garderobe'] });
    expect(gymRoom.portalUrl).toMatch(new RegExp(`/lokale/${school}\\?ressurs=${gym}$`));
    expect(gymRoom.openingHours).toHaveLength(7);
    expect(gymRoom.openingHours[0]).toEqual({ weekday: 1, opens: '16:00:00', closes: '22:00:00', fromDate: null, toDate: null });
    const hallRoom = bolteloekka.rooms.find((r) => r.id === hall)!;
    expect(hallRoom.openingHours.find((h) => h.weekday === 6)).toMatchObject({ opens: '08:00:00', closes: '12:00:00' });
    expect(body.locations.find((l) => l.id === library)!.rooms).toEqual([]);
  });

  it('answers the same table as CSV: one row per room (a roomless location once), RFC 4180 quoting, the licence in a Link header', async () => {
    const res = await get('/open-data/catalogue.csv');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8; header=present');
    expect(res.headers.link).toBe('<https://data.norge.no/nlod/no/2.0>; rel="license"');
    expect(res.body.endsWith('\r\n')).toBe(true);
    expect(res.body.charCodeAt(0)).not.toBe(0xfeff);
    expect(res.body).toContain('"Gymsal, ""store"""');
    const [header, ...rows] = parseCsv(res.body);
    expect(header).toEqual([...CATALOGUE_CSV_COLUMNS]);
    const body = await catalogue();
    const cell = (row: string[], column: (typeof CATALOGUE_CSV_COLUMNS)[number]) => row[CATALOGUE_CSV_COLUMNS.indexOf(column)];
    expect(rows.map((r) => [cell(r, 'locationId'), cell(r, 'roomId')])).toEqual(
      body.locations.flatMap((l) => (l.rooms.length ? l.rooms.map((r) => [String(l.id), String(r.id)]) : [[String(l.id), '']])),
    );
    const gymRow = rows.find((r) => cell(r, 'roomId') === String(gym))!;
    expect(cell(gymRow, 'roomName')).toBe('Gymsal, "store"');
    expect(cell(gymRow, 'accessibility')).toBe('Rullestoltilgang');
    expect(cell(gymRow, 'capacity')).toBe('120');
    expect(cell(gymRow, 'locationLat')).toBe('59.93');
    expect(cell(gymRow, 'openingHours')).toMatch(/^1 16:00:00-22:00:00 \| 2 16:00:00-22:00:00/);
    // A name a spreadsheet would run as a formula is defended.
    expect(
      cell(
        rows.find((r) => cell(r, 'roomId') === String(hall))!,
        'roomName',
      ),
    ).toBe("'=Aula");
    const compressed = await get('/open-data/catalogue.csv', { 'accept-encoding': 'gzip' });
    expect(compressed.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(compressed.rawPayload).toString('utf8')).toBe(res.body);
  });

  it.each(['/open-data/catalogue.json', '/open-data/catalogue.csv', `/open-data/free-times?from=${day}&to=${day}`])(
    'answers %s with an ETag, 304 on If-None-Match, Cache-Control and the licence link',
    async (url) => {
      const first = await get(url);
      expect(first.statusCode).toBe(200);
      const tag = first.headers.etag as string;
      expect(tag).toMatch(/^".+"$/);
      expect(first.headers['cache-control']).toMatch(/^public, max-age=\d+$/);
      expect(first.headers.link).toBe('<https://data.norge.no/nlod/no/2.0>; rel="license"');
      const again = await get(url, { 'if-none-match': tag });
      expect(again.statusCode).toBe(304);
      expect(again.body).toBe('');
      expect((await get(url, { 'if-none-match': '"old"' })).statusCode).toBe(200);
    },
  );

  it('answers a new ETag when the catalogue changes (a room is hidden) and the room is gone', async () => {
    const before = await get('/open-data/catalogue.json');
    const roomId = (await createAsset(ctx.database.db, library, { name: 'Lesesal' })).id;
    const added = await get('/open-data/catalogue.json', { 'if-none-match': before.headers.etag as string });
    expect(added.statusCode).toBe(200);
    expect(added.body).toContain('Lesesal');
    const { bookableAssets } = await import('../../db/schema/assets');
    const { eq } = await import('drizzle-orm');
    await ctx.database.db.update(bookableAssets).set({ status: 'UNPUBLISHED' }).where(eq(bookableAssets.id, roomId));
    const hidden = await get('/open-data/catalogue.json');
    expect(hidden.body).not.toContain('Lesesal');
    expect(hidden.headers.etag).toBe(before.headers.etag);
  });

  const schedule = async (roomId: number, from: string, to: string) => {
    const res = await get(`/schedule?bookableAssetIds=${roomId}&fromInclusive=${from}&toInclusive=${to}`);
    expect(res.statusCode).toBe(200);
    const [room] = res.json<ScheduleResponse>();
    return Object.entries(room!.timeslotsByDate).map(([date, slots]) => ({ date, free: freeIntervalsOf(date, slots) }));
  };
  const freeTimes = async (query: string) => {
    const res = await get(`/open-data/free-times${query}`);
    expect(res.statusCode, res.body).toBe(200);
    return openDataFreeTimes.parse(res.json()) as OpenDataFreeTimes;
  };

  it("answers each catalogue room's free intervals per date, equal to what the portal's calendar shows", async () => {
    const from = inDays(0);
    const to = addDays(from, 27);
    const body = await freeTimes(`?from=${from}&to=${to}`);
    expect(body).toMatchObject({ from, to, license: { url: 'https://data.norge.no/nlod/no/2.0' } });
    expect(body.rooms.map((r) => r.roomId).sort()).toEqual([gym, hall].sort());
    for (const room of body.rooms) {
      expect(room.dates).toHaveLength(28);
      expect(room.dates).toEqual(await schedule(room.roomId, from, to));
    }
    const gymDay = body.rooms.find((r) => r.roomId === gym)!.dates.find((d) => d.date === day)!;
    // 16–22 with the blocked hour 17–18 taken out.
    expect(gymDay.free).toEqual([
      { start: '16:00:00', end: '17:00:00' },
      { start: '18:00:00', end: '22:00:00' },
    ]);
    // Inside behandlingstid (2 days) nothing is free; the hall's booked 18–20 is not free.
    expect(body.rooms.find((r) => r.roomId === gym)!.dates[0]!.free).toEqual([]);
    expect(body.rooms.find((r) => r.roomId === hall)!.dates.find((d) => d.date === day)!.free).toEqual([
      { start: '16:00:00', end: '18:00:00' },
      { start: '20:00:00', end: '22:00:00' },
    ]);
  });

  it('loses a time from both the open data and the calendar when a citizen books it', async () => {
    const bookingDay = addDays(day, 1);
    const query = `?from=${bookingDay}&to=${bookingDay}&locationId=${school}`;
    const gymFree = async () => (await freeTimes(query)).rooms.find((r) => r.roomId === gym)!.dates[0]!.free;
    expect(await gymFree()).toEqual([{ start: '16:00:00', end: '22:00:00' }]);
    const booked = await ctx.app.inject({
      method: 'POST',
      url: '/api/booking',
      headers: bearer(kari),
      payload: {
        availabilityData: {
          probablyAvailable: [{ bookableAssetId: gym, datesAndTimes: [{ date: bookingDay, startTime: '19:00:00', duration: 'PT1H' }] }],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: {
          activity: 'Innebandy',
          purpose: 'Trening',
          participants: 18,
          contactEmail: 'kari.privat@example.no',
          contactPhone: '412 34 567',
          message: '',
        },
      },
    });
    expect(booked.statusCode, booked.body).toBe(201);
    const after = [
      { start: '16:00:00', end: '19:00:00' },
      { start: '20:00:00', end: '22:00:00' },
    ];
    expect(await gymFree()).toEqual(after);
    expect((await schedule(gym, bookingDay, bookingDay))[0]!.free).toEqual(after);
  });

  it('answers only the asked location, two weeks from today by default', async () => {
    const body = await freeTimes(`?locationId=${school}`);
    expect(body.from).toBe(inDays(0));
    expect(body.to).toBe(inDays(13));
    expect(new Set(body.rooms.map((r) => r.locationId))).toEqual(new Set([school]));
    expect((await freeTimes(`?locationId=${library}`)).rooms).toEqual([]);
  });

  it.each([
    [`?from=${inDays(0)}&to=${inDays(28)}`, 'querystring.to', 'Perioden kan være høyst 28 dager'],
    [`?to=${inDays(40)}`, 'querystring.to', 'Perioden kan være høyst 28 dager'],
    [`?from=${inDays(5)}&to=${inDays(4)}`, 'querystring.to', 'Til-dato kan ikke være før fra-dato'],
    [`?to=${inDays(-1)}`, 'querystring.to', 'Til-dato kan ikke være før fra-dato'],
    ['?from=2026-02-30', 'querystring.from', 'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD'],
    ['?from=i morgen', 'querystring.from', 'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD'],
    ['?locationId=abc', 'querystring.locationId', expect.any(String)],
    ['?locationId=99999999999', 'querystring.locationId', 'Ukjent id'],
  ])('answers 400 naming the field for %s', async (query, path, message) => {
    const res = await get(`/open-data/free-times${query}`);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code: 'VALIDATION', userMsg: expect.any(String), fields: [{ path, message }] });
  });

  it('answers 404 for a location not in the catalogue (unknown, unpublished)', async () => {
    for (const id of [987654, unpublishedLocation]) {
      const res = await get(`/open-data/free-times?locationId=${id}`);
      expect(res.statusCode).toBe(404);
      expect(res.json()).toMatchObject({ code: 'NOT_FOUND' });
    }
  });

  it("holds no personal data: no e-mail but the locations' own contact addresses, no applicant, no booking", async () => {
    const answers = await Promise.all(
      ['/open-data/catalogue.json', '/open-data/catalogue.csv', `/open-data/free-times?from=${inDays(0)}&to=${inDays(27)}`].map(
        async (url) => (await get(url)).body,
      ),
    );
    const contactAddresses = new Set((await get('/location')).json<Location[]>().map((l) => l.contactEmail));
    for (const body of answers) {
      for (const email of body.match(/[\w.+-]+@[\w-]+(\.[\w-]+)+/g) ?? []) expect(contactAddresses).toContain(email);
      for (const secret of [
        testCitizens[0]!.email,
        testCitizens[0]!.givenName,
        'Ola Privatperson',
        'ola.privat@example.no',
        'kari.privat@example.no',
        'Korøvelse',
        'Innebandy',
        'TEST-',
      ])
        expect(body).not.toContain(secret);
    }
  });

  it(`limits each client to ${OPEN_DATA_RATE_LIMIT} requests a minute per route, with the shared error shape`, async () => {
    const ask = () => ctx.app.inject({ method: 'GET', url: '/api/open-data/catalogue.csv', remoteAddress: '198.51.100.61' });
    const first = await ask();
    expect(first.headers['x-ratelimit-limit']).toBe(String(OPEN_DATA_RATE_LIMIT));
    expect(first.headers['x-ratelimit-remaining']).toBe(String(OPEN_DATA_RATE_LIMIT - 1));
    for (let i = 1; i < OPEN_DATA_RATE_LIMIT; i += 1) expect((await ask()).statusCode).toBe(200);
    const limited = await ask();
    expect(limited.statusCode).toBe(429);
    expect(Number(limited.headers['retry-after'])).toBeGreaterThan(0);
    expect(limited.json()).toMatchObject({ code: 'RATE_LIMITED', userMsg: 'For mange forespørsler. Vent litt og prøv igjen.' });
    // Another client is not limited.
    expect((await ctx.app.inject({ method: 'GET', url: '/api/open-data/catalogue.csv', remoteAddress: '198.51.100.62' })).statusCode).toBe(
      200,
    );
  });
});

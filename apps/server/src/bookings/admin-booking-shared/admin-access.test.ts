import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { InjectOptions } from 'fastify';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { queryRows } from '../../db/client';
import { seedDemoDataIfEmpty } from '../../seed/index';
import { locationAdmins, locations } from '../../db/schema/locations';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { call, trailOf } from '../../../test/admin-test-support';
import { inDays } from '../../../test/factories/calendar';

interface Target {
  locationId: number;
  bookingId: number;
  reservationId: number;
  roomId: number;
}

type Route = [name: string, method: InjectOptions['method'], url: (t: Target) => string, body?: (t: Target) => unknown];

const date = inDays(40);
/** Every admin route of the admin app (spec 02 §7), about the target's location, booking, time or room. */
const routes: Route[] = [
  ['list', 'GET', (t) => `/api/booking?locationId=${t.locationId}`],
  ['calendar', 'GET', (t) => `/api/booking/calendardata?locationId=${t.locationId}&from=${date}&to=${addDays(date, 6)}`],
  ['booking', 'GET', (t) => `/api/booking/${t.bookingId}`],
  ['change log', 'GET', (t) => `/api/booking-log/${t.bookingId}/changes`],
  ['e-mails', 'GET', (t) => `/api/booking-log/${t.bookingId}/email-reminders`],
  ['comment', 'GET', (t) => `/api/booking/${t.bookingId}/comment`],
  ['set comment', 'PUT', (t) => `/api/booking/${t.bookingId}/comment`, () => 'Notat'],
  ['title', 'PATCH', (t) => `/api/booking/${t.bookingId}`, () => ({ title: 'Tittel' })],
  ['selvkost prices', 'GET', (t) => `/api/selvkost/prices/${t.locationId}`],
  ['selvkost calculation', 'GET', (t) => `/api/selvkost/calculation?locationId=${t.locationId}&bookingId=${t.bookingId}`],
  ['vedtak preview', 'GET', (t) => `/api/vedtak-preview/${t.bookingId}?costCategory=FREE`],
  ['contract preview', 'GET', (t) => `/api/contract-preview/${t.bookingId}?costCategory=FREE`],
  ['approve', 'PUT', (t) => `/api/booking/${t.bookingId}/approve`, () => ({ costCategory: 'FREE' })],
  ['unapprove', 'PUT', (t) => `/api/booking/${t.bookingId}/unapprove`],
  ['reject', 'PUT', (t) => `/api/booking/${t.bookingId}/reject`, () => ({ rejectionText: 'Nei' })],
  ['reject room', 'PUT', (t) => `/api/booking/${t.bookingId}/rejectasset/${t.roomId}`, () => ({})],
  [
    'change time',
    'PUT',
    (t) => `/api/reservation/${t.reservationId}`,
    () => ({ updateReservations: [{ newDate: date, newStartTime: '10:00:00', newDuration: 'PT1H' }] }),
  ],
  ['delete times', 'DELETE', (t) => `/api/reservation?id=${t.reservationId}`],
  [
    'add times',
    'POST',
    (t) => `/api/booking/${t.bookingId}/reservations`,
    (t) => ({
      availabilityData: {
        probablyAvailable: [
          { bookableAssetId: t.roomId, datesAndTimes: [{ date, startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: null }] },
        ],
      },
      isRepeating: false,
    }),
  ],
  [
    'admin booking',
    'POST',
    () => '/api/booking',
    (t) => ({
      availabilityData: {
        probablyAvailable: [
          { bookableAssetId: t.roomId, datesAndTimes: [{ date, startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: null }] },
        ],
      },
      isRepeating: false,
      bookingPortalClient: 'ADMIN',
      bookingPurpose: 'ADMINUSER_INTERNAL_ACTIVITY',
      formAnswers: {},
    }),
  ],
  [
    'block times',
    'PUT',
    (t) => `/api/bookableasset/${t.roomId}/blockedtimes`,
    () => ({ timeslotsByDate: { [date]: [{ startTime: '10:00:00', blocked: true, duration: 'PT1H' }] } }),
  ],
  ['blocked schedule', 'GET', (t) => `/api/bookableasset/${t.roomId}/blockedtimes/schedule?fromInclusive=${date}&toInclusive=${date}`],
  ['booking rules', 'GET', (t) => `/api/location/${t.locationId}/bookingrules`],
  ['set booking rules', 'PUT', (t) => `/api/location/${t.locationId}/bookingrules`, () => ({ rules: { ENABLE_VEDTAK: true } })],
  ['admins', 'GET', (t) => `/api/location/${t.locationId}/admins`],
  ['add admin', 'POST', (t) => `/api/location/${t.locationId}/admins`, () => ({ email: 'ny.admin@oslo.kommune.no' })],
  ['remove admins', 'DELETE', (t) => `/api/location/${t.locationId}/admins?emails=${encodeURIComponent(testAdmins[1]!.email)}`],
  // Decision 013: the wedding office's certificate download (the target is no wedding: 404 for its own admin, see wedding-office.test.ts).
  ['prøvingsattest', 'GET', (t) => `/api/admin/booking/${t.bookingId}/proevingsattest`],
  // Decision 058: the booking's invoice basis.
  ['invoice basis', 'GET', (t) => `/api/admin/booking/${t.bookingId}/invoice-basis`],
  // Decision 071: invoices.
  ['invoice settings', 'GET', (t) => `/api/admin/location/${t.locationId}/invoice-settings`],
  [
    'set invoice settings',
    'PUT',
    (t) => `/api/admin/location/${t.locationId}/invoice-settings`,
    () => ({ enabled: true, paymentTermsDays: 14 }),
  ],
  ['fakturagrunnlag', 'GET', (t) => `/api/admin/location/${t.locationId}/invoicing?period=${date.slice(0, 7)}`],
  [
    'hold invoice lines',
    'PUT',
    (t) => `/api/admin/booking/${t.bookingId}/invoice-basis/hold`,
    () => ({ held: true, period: date.slice(0, 7), element: 'ETABLERING', reason: 'Venter på svar' }),
  ],
  [
    'invoice adjustment',
    'POST',
    (t) => `/api/admin/booking/${t.bookingId}/invoice-basis/adjustments`,
    () => ({ period: date.slice(0, 7), element: 'JUSTERING', amountOre: -10_000, reason: 'Avslag' }),
  ],
  ['invoice run', 'POST', (t) => `/api/admin/location/${t.locationId}/invoicing/run`, () => ({ period: date.slice(0, 7) })],
  [
    'invoicing summary',
    'GET',
    (t) => `/api/admin/location/${t.locationId}/invoicing/summary?from=${date.slice(0, 7)}&to=${date.slice(0, 7)}`,
  ],
  ['invoice messages', 'GET', (t) => `/api/booking-log/${t.bookingId}/invoice-messages`],
];

/** What a refused call must leave as it was. */
async function snapshot(ctx: TestContext, t: Target) {
  const db = ctx.database.db;
  return {
    trail: await trailOf(db, t.bookingId),
    admins: (await db.select().from(locationAdmins).where(eq(locationAdmins.locationId, t.locationId))).map((a) => a.email).sort(),
    location: (await db.select().from(locations).where(eq(locations.id, t.locationId)))[0],
    blocked: await queryRows(db, sql`select id from blocked_times where bookable_asset_id = ${t.roomId} order by id`),
    bookings: await queryRows(db, sql`select count(*)::int as n from bookings where location_id = ${t.locationId}`),
  };
}

describe('an administrator sees and changes only the locations they administer', () => {
  let ctx: TestContext;
  let siri: string;
  let kari: string;
  let jonasLibrary: Target;
  let siriSchool: Target;

  /** The demo's approved booking with a time at a location only this admin (by name) administers. */
  async function targetAt(locationName: string, status: string): Promise<Target> {
    const [row] = await queryRows<{ location_id: number; booking_id: number; reservation_id: number; room_id: number }>(
      ctx.database.db,
      sql`
      select l.id as location_id, b.id as booking_id, r.id as reservation_id, r.bookable_asset_id as room_id
      from bookings b join locations l on l.id = b.location_id join reservations r on r.booking_id = b.id
      where l.name = ${locationName} and b.status = ${status}::booking_status and r.status in ('UNPROCESSED', 'APPROVED')
      order by b.id, r.id limit 1`,
    );
    if (!row) throw new Error(`no ${status} booking at ${locationName} in the demo data`);
    return { locationId: row.location_id, bookingId: row.booking_id, reservationId: row.reservation_id, roomId: row.room_id };
  }

  beforeAll(async () => {
    ctx = await createTestApp();
    await seedDemoDataIfEmpty(ctx.database.db);
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    // Jonas administers the libraries, Siri the schools and district venues of Sagene and Grünerløkka.
    jonasLibrary = await targetAt('Deichman Grünerløkka', 'APPROVED');
    siriSchool = await targetAt('Sagene skole', 'UNPROCESSED');
    const admins = await ctx.database.db.select().from(locationAdmins).where(eq(locationAdmins.locationId, jonasLibrary.locationId));
    expect(admins.map((a) => a.email)).not.toContain(testAdmins[0]!.email);
  });
  afterAll(() => ctx.close());

  it.each(routes)("403 for %s about another administrator's location, and nothing changes", async (_name, method, url, body) => {
    const before = await snapshot(ctx, jonasLibrary);
    const res = await call(ctx.app, siri, method, url(jonasLibrary), body?.(jonasLibrary));
    expect(res.statusCode, res.body).toBe(403);
    expect(res.json()).toMatchObject({ code: 'FORBIDDEN' });
    expect(await snapshot(ctx, jonasLibrary)).toEqual(before);
  });

  it.each(routes)('401 for %s without a token', async (_name, method, url, body) => {
    const res = await call(ctx.app, null, method, url(jonasLibrary), body?.(jonasLibrary));
    expect(res.statusCode).toBe(401);
  });

  // PATCH /booking/{id}, POST /booking and GET /booking/{id} are also the citizen's calls (cancel,
  // apply, the wedding page: the citizen's own body, see user-bookings/citizen-booking-view.test.ts).
  it.each(routes.filter(([name]) => name !== 'title' && name !== 'admin booking' && name !== 'booking'))(
    "403 for %s with a citizen's token",
    async (_name, method, url, body) => {
      const res = await call(ctx.app, kari, method, url(siriSchool), body?.(siriSchool));
      expect(res.statusCode).toBe(403);
    },
  );

  it("answers the same reads for the administrator's own location", async () => {
    for (const [name, method, url] of routes.filter(([n, m]) => m === 'GET' && n !== 'prøvingsattest')) {
      const res = await call(ctx.app, siri, method, url(siriSchool));
      expect(res.statusCode, `${name}: ${res.body}`).toBe(200);
    }
  });
});

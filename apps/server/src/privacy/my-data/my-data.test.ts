import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MyDataDeletion, MyDataExport } from '@lokaler/domain/my-data';
import { queryRows } from '../../db/client';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { bookings, changeLog } from '../../db/schema/bookings';
import type { ChangeLogEntry } from '@lokaler/domain/change-log';
import { freeSlotAlerts } from '../../db/schema/free-slot-alerts';
import { users } from '../../db/schema/identity';
import { supportInquiries } from '../../db/schema/settings';
import { weddingForms } from '../../db/schema/wedding-forms';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const ROUTES = [
  { method: 'GET', url: '/api/user/my-data' },
  { method: 'GET', url: '/api/user/my-data/summary' },
  { method: 'POST', url: '/api/user/my-data/deletion' },
] as const;

/**
 * Decision 057: 'Mine data'. Kari has a booking not yet held (active), an approved one that is over
 * (with a vedtak), a wedding that is over (identity number, certificate), an alert, a calendar feed and
 * a contact-form message; Ola has a booking and an alert of his own. Each sees and deletes only their own.
 */
describe(`my data (${engine}): the person's copy and deletion request`, () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let ola: CitizenSession;
  const ids: Record<string, number> = {};
  const cases: Record<string, string> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const locationId = (await createLocation(db, { name: 'Sagene skole' })).id;
    const room = (await createAsset(db, locationId, { name: 'Gymsal' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    ola = await citizenSession(ctx.app, testCitizens[1]!);
    const time = (days: number) => ({ bookableAssetId: room, date: inDays(days), startTime: '18:00:00', durationMinutes: 60 });
    const make = async (name: string, userId: number, status: 'UNPROCESSED' | 'APPROVED', days: number) => {
      const booking = await applicantBooking(db, { locationId, userId, status, times: [time(days)] });
      ids[name] = booking.id;
      cases[name] = booking.caseNumber;
    };
    await make('active', kari.userId, 'UNPROCESSED', 14);
    await make('finished', kari.userId, 'APPROVED', -30);
    await make('wedding', kari.userId, 'APPROVED', -40);
    await make('olas', ola.userId, 'UNPROCESSED', 20);
    await db.insert(bookingDocuments).values({ bookingId: ids.finished!, kind: 'VEDTAK', html: '<p>Vedtak</p>', hash: 'a'.repeat(64) });
    await db
      .insert(weddingForms)
      .values({
        bookingId: ids.wedding!,
        applicantSsn: '12088012345',
        proevingsattestFilename: 'attest.pdf',
        proevingsattestContentType: 'application/pdf',
        proevingsattestSize: 4,
        proevingsattestBytes: Buffer.from('%PDF'),
        proevingsattestAddedAt: new Date(),
      });
    for (const who of [kari, ola]) {
      await db.insert(freeSlotAlerts).values({ userId: who.userId, locationId, fromDate: inDays(1), toDate: inDays(30) });
    }
    await db.insert(supportInquiries).values({ category: 'OTHER', userEmail: testCitizens[0]!.email, message: 'Hei fra Kari' });
    // The person's calendar feed is made the first time they open the page.
    expect((await kari.request({ method: 'GET', url: '/api/user/calendar-feeds' })).statusCode).toBe(200);
  });
  afterAll(() => ctx.close());

  const exportOf = async (who: CitizenSession) => {
    const res = await who.request({ method: 'GET', url: '/api/user/my-data' });
    expect(res.statusCode).toBe(200);
    return { res, data: res.json<MyDataExport>() };
  };

  it('answers an anonymous caller 401 on every route, and deletes nothing', async () => {
    for (const route of ROUTES) expect((await ctx.app.inject(route)).statusCode).toBe(401);
    expect(await ctx.database.db.select().from(freeSlotAlerts)).toHaveLength(2);
  });

  it("gives the person everything about them as a JSON attachment, and nothing of another citizen's", async () => {
    const { res, data } = await exportOf(kari);
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mine-data-\d{4}-\d{2}-\d{2}\.json"$/);
    expect(data.profile).toMatchObject({ name: 'Kari Nordmann', email: testCitizens[0]!.email });
    expect(data.bookings.map((b) => b.caseNumber).sort()).toEqual([cases.active, cases.finished, cases.wedding].sort());
    const finished = data.bookings.find((b) => b.id === ids.finished)!;
    expect(finished.formAnswers.contactEmail).toBe('kontakt@example.no');
    expect(finished.reservations).toHaveLength(1);
    expect(finished.documents).toEqual([expect.objectContaining({ kind: 'VEDTAK', sha256: 'a'.repeat(64), revokedUtc: null })]);
    const wedding = data.bookings.find((b) => b.id === ids.wedding)!.wedding!;
    expect(wedding.identityNumber).toBe('120880*****');
    expect(wedding.certificate?.filename).toBe('attest.pdf');
    expect(data.freeSlotAlerts).toHaveLength(1);
    expect(data.calendarFeed).not.toBeNull();
    expect(data.supportInquiries.map((q) => q.message)).toEqual(['Hei fra Kari']);
    // Neither the feed's secret nor the full identity number is in the file.
    const [feed] = await queryRows<{ secret: string }>(
      ctx.database.db,
      sql`select secret from calendar_feeds where user_id = ${kari.userId}`,
    );
    expect(res.body).not.toContain(feed!.secret);
    expect(res.body).not.toContain('12088012345');
    expect(res.body).not.toContain(cases.olas);

    const olas = await exportOf(ola);
    expect(olas.data.bookings.map((b) => b.caseNumber)).toEqual([cases.olas]);
    expect(olas.res.body).not.toContain('Kari');
    expect(olas.res.body).not.toContain(cases.active);
    expect(olas.data.supportInquiries).toEqual([]);
    expect(olas.data.calendarFeed).toBeNull();
  });

  it('gives the same content as a readable HTML document with a strict policy, only the own', async () => {
    const res = await kari.request({ method: 'GET', url: '/api/user/my-data/summary' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(/^attachment; filename="mine-data-\d{4}-\d{2}-\d{2}\.html"$/);
    expect(res.headers['content-security-policy']).toMatch(/^default-src 'none'; style-src 'sha256-/);
    expect(res.body).toContain('<h1>Mine data i Lokaler</h1>');
    expect(res.body).toContain('Kari Nordmann');
    expect(res.body).toContain(`Sak ${cases.finished}`);
    expect(res.body).not.toContain('<script');
    const olas = await ola.request({ method: 'GET', url: '/api/user/my-data/summary' });
    expect(olas.body).toContain('Ola Nordmann');
    expect(olas.body).not.toContain('Kari');
    expect(olas.body).not.toContain(cases.finished);
  });

  it("lets another citizen's deletion touch nothing of the person's", async () => {
    const res = await ola.request({ method: 'POST', url: '/api/user/my-data/deletion' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<MyDataDeletion>();
    expect(answer.deleted).toEqual([expect.objectContaining({ kind: 'FREE_SLOT_ALERTS', count: 1 })]);
    expect(JSON.stringify(answer)).not.toContain(cases.finished);
    const { data } = await exportOf(kari);
    expect(data.freeSlotAlerts).toHaveLength(1);
    expect(data.calendarFeed).not.toBeNull();
    expect(data.supportInquiries).toHaveLength(1);
    expect(data.bookings.find((b) => b.id === ids.finished)!.formAnswers.contactEmail).toBe('kontakt@example.no');
  });

  it('deletes what may go, keeps the active booking with its reason and date, and logs it on the bookings it changed', async () => {
    const res = await kari.request({ method: 'POST', url: '/api/user/my-data/deletion' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<MyDataDeletion>();
    expect(Object.fromEntries(answer.deleted.map((d) => [d.kind, d.count]))).toEqual({
      FREE_SLOT_ALERTS: 1,
      CALENDAR_FEED: 1,
      SUPPORT_INQUIRIES: 1,
      BOOKING_CONTACTS: 2,
      WEDDING_DETAILS: 1,
    });
    const kept = Object.fromEntries(answer.kept.map((k) => [k.kind, k]));
    expect(kept.ACTIVE_BOOKINGS).toMatchObject({ caseNumbers: [cases.active], until: expect.stringMatching(/^\d{4}-\d{2}-\d{2}$/) });
    expect(kept.ACTIVE_BOOKINGS!.reason).toContain('gjennomføre avtalen');
    expect(kept.PROFILE_EMAIL).toBeDefined();
    expect(kept.ACCOUNTING!.caseNumbers.sort()).toEqual([cases.finished, cases.wedding].sort());
    expect(kept.ACCOUNTING!.reason).toContain('bokføringsloven');
    expect(kept.DOCUMENTS).toMatchObject({ caseNumbers: [cases.finished] });
    expect(kept.DOCUMENTS!.reason).toContain('arkivloven');

    const db = ctx.database.db;
    const answers = async (id: number) => (await db.select().from(bookings).where(eq(bookings.id, id)))[0]!.formAnswers;
    expect(await answers(ids.finished!)).not.toHaveProperty('contactEmail');
    expect(await answers(ids.finished!)).toHaveProperty('activity', 'Korøvelse');
    expect(await answers(ids.active!)).toHaveProperty('contactEmail', 'kontakt@example.no');
    const [form] = await db.select().from(weddingForms).where(eq(weddingForms.bookingId, ids.wedding!));
    expect(form).toMatchObject({ applicantSsn: null, proevingsattestBytes: null });
    expect((await db.select().from(users).where(eq(users.id, kari.userId)))[0]!.email).toBe(testCitizens[0]!.email);
    const notes = await db.select().from(changeLog);
    const noted = notes.filter((n) => n.comment?.includes('Mine data')).map((n) => n.bookingId);
    expect(noted.sort()).toEqual([ids.finished, ids.wedding].sort());
    expect(notes.filter((n) => n.comment?.includes('Mine data')).every((n) => n.userName === 'Søkeren')).toBe(true);
    // Its own entry in the booking's timeline, labelled as what it is (not as a comment 'Opprettet').
    const timeline = await kari.request({ method: 'GET', url: `/api/user/booking/${ids.finished}/changes` });
    expect(timeline.json<ChangeLogEntry[]>().filter((e) => e.type === 'PersonalDataDeleted')).toEqual([
      expect.objectContaining({ label: 'Personopplysninger slettet', user: 'Søkeren', comment: expect.stringContaining('Mine data') }),
    ]);
    // Ola's booking and alert are as they were (his alert went at his own request).
    expect(await answers(ids.olas!)).toHaveProperty('contactEmail', 'kontakt@example.no');
  });

  it('answers a request when nothing more can go with 200 and the reasons, changing nothing', async () => {
    const before = await ctx.database.db.select().from(changeLog);
    const res = await kari.request({ method: 'POST', url: '/api/user/my-data/deletion' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<MyDataDeletion>();
    expect(answer.deleted).toEqual([]);
    expect(answer.userMsg).toContain('ingenting');
    expect(answer.kept.map((k) => k.kind)).toContain('ACTIVE_BOOKINGS');
    expect(await ctx.database.db.select().from(changeLog)).toHaveLength(before.length);
  });

  it("removes the account's e-mail when no active booking needs it", async () => {
    const db = ctx.database.db;
    await db.update(bookings).set({ status: 'CANCELLED' }).where(eq(bookings.id, ids.olas!));
    const answer = (await ola.request({ method: 'POST', url: '/api/user/my-data/deletion' })).json<MyDataDeletion>();
    expect(answer.deleted.map((d) => d.kind).sort()).toEqual(['BOOKING_CONTACTS', 'PROFILE_EMAIL']);
    expect(answer.kept.map((k) => k.kind)).toEqual(['ACCOUNT', 'CASE_RECORDS']);
    expect((await db.select().from(users).where(eq(users.id, ola.userId)))[0]!.email).toBeNull();
  });
});

import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildReimbursementReport } from '@lokaler/domain/reimbursement';
import { queryRows } from '../../db/client';
import { bookingApprovals } from '../../db/schema/admin-decisions';
import { bookings } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/outbox';
import { frontendErrors, supportInquiries } from '../../db/schema/settings';
import { weddingForms } from '../../db/schema/wedding-forms';
import { writeTransaction } from '../../db/write-transaction';
import { loadReimbursementFacts } from '../../casework/reimbursement/repository';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { bookingWithTimes, type TimeSpec } from '../../../test/admin-test-support';
import { RETENTION_JOB, runRetention } from './retention-job';
import { APPEAL_PERIOD_DAYS } from './retention-rules';

const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';
const settings = { bookingMonths: 24 };
const day = 24 * 60 * 60 * 1000;
/** The wedding, 17:00–18:00 Oslo on 2024-06-15 (summer time), ends at 16:00Z. */
const ceremonyEnds = new Date('2024-06-15T16:00:00Z');
/** E-mails, error reports and inquiries are dated from here, after the bookings' runs below. */
const later = new Date('2026-07-01T10:00:00Z');

/**
 * Decision 054: the retention rules run by the daily job, with the clock set by hand (`now`), on both
 * engines. What is due goes; what is not stays; the statistics and the reimbursement figures stay.
 */
describe(`retention (${engine}): what the portal keeps about people, and for how long`, () => {
  let ctx: TestContext;
  let locationId: number;
  const ids: Record<string, number> = {};

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Oslo rådhus' })).id;
    const hall = (await createAsset(db, locationId, { name: 'Seremonirommet' })).id;
    const user = await createUser(db);
    const time = (date: string, startTime = '18:00', durationMinutes = 120): TimeSpec => ({
      bookableAssetId: hall,
      date,
      startTime,
      durationMinutes,
      status: 'APPROVED',
    });
    const contact = { contactEmail: 'kari@example.no', contactPhone: '41234567', message: 'Vi er 30.', activity: 'Korøvelse' };
    // A loan whose last time was 2024-06-15, on behalf of a person, with a price.
    ids.old = (
      await bookingWithTimes(db, locationId, user.id, [time('2024-06-01'), time('2024-06-15', '18:00', 60)], {
        status: 'APPROVED',
        purpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
        onBehalfOfName: 'Nina Nabo',
        onBehalfOfEmail: 'nina@example.no',
        formAnswers: contact,
      })
    ).bookingId;
    await db.insert(bookingApprovals).values({ bookingId: ids.old, costCategory: 'MARKET', marketPriceOre: 120_000 });
    // A loan a year later: its contact details are kept longer.
    ids.recent = (
      await bookingWithTimes(db, locationId, user.id, [time('2025-06-14')], { status: 'APPROVED', formAnswers: contact })
    ).bookingId;
    // A wedding on 2024-06-15 with the couple's answers, an identity number and the certificate.
    ids.wedding = (await bookingWithTimes(db, locationId, user.id, [time('2024-06-15', '17:00', 60)], { status: 'APPROVED' })).bookingId;
    await db
      .insert(weddingForms)
      .values({
        bookingId: ids.wedding,
        applicantSsn: '01017012345',
        proevingsattestFilename: 'attest.pdf',
        proevingsattestContentType: 'application/pdf',
        proevingsattestSize: 4,
        proevingsattestBytes: Buffer.from('%PDF'),
        proevingsattestAddedAt: new Date('2024-05-01T10:00:00Z'),
        answers: {
          applicantName: 'Kari Nordmann',
          applicantEmail: 'kari@example.no',
          applicantPhoneNo: '41234567',
          addressStreetName: 'Markveien 2',
          addressPostCode: '0554',
          addressPostalName: 'Oslo',
          spouseName: 'Ola Nordmann',
          spouseEmail: 'ola@example.no',
          spousePhoneNo: '91234567',
          eventLanguage: 'NORWEGIAN',
          weddingInterpreterRequired: false,
          weddingInterpreterLanguage: '',
          preferredContactLanguage: 'NORWEGIAN',
          weddingCulturalSegmentDesired: false,
          weddingCulturalSegment: '',
          needsAccommodation: false,
          accommodationDetails: '',
          extraInformation: 'Vi kommer med barn.',
        } as never,
        submittedAt: new Date('2024-04-01T10:00:00Z'),
      });
    const sentAt = (days: number) => new Date(later.getTime() + days * day);
    await db.insert(mailOutbox).values([
      { recipient: 'kari@example.no', subject: 'Gammel', body: 'Hei Kari', topic: { kind: 'x' }, sentAt: sentAt(0) },
      { recipient: 'kari@example.no', subject: 'Ny', body: 'Hei Kari', topic: { kind: 'x' }, sentAt: sentAt(100) },
      { recipient: 'kari@example.no', subject: 'Venter', body: 'Hei Kari', topic: { kind: 'x' } },
    ]);
    await db.insert(frontendErrors).values([
      { fingerprint: 'a', msg: 'old', level: 'error', receivedAt: sentAt(0) },
      { fingerprint: 'b', msg: 'new', level: 'error', receivedAt: sentAt(100) },
    ]);
    await db
      .insert(supportInquiries)
      .values({ category: 'OTHER', userEmail: 'kari@example.no', message: 'Er det parkering?', createdAt: sentAt(0) });
  });
  afterAll(() => ctx.close());

  const wedding = async () => (await ctx.database.db.select().from(weddingForms).where(eq(weddingForms.bookingId, ids.wedding!)))[0]!;
  const booking = async (id: number) => (await ctx.database.db.select().from(bookings).where(eq(bookings.id, id)))[0]!;
  const count = async (table: string) =>
    (await queryRows<{ n: number }>(ctx.database.db, sql`select count(*)::int as n from ${sql.raw(table)}`))[0]!.n;
  const report = () =>
    writeTransaction(ctx.database.db, async (tx) =>
      buildReimbursementReport({
        locationId,
        locationName: 'Oslo rådhus',
        range: { fromDateInclusive: '2024-01-01', toDateExclusive: '2025-01-01' },
        bookings: await loadReimbursementFacts(tx, locationId, { fromDateInclusive: '2024-01-01', toDateExclusive: '2025-01-01' }),
      }),
    );

  it('is one daily job on the job runner', () => {
    expect((ctx.app.jobs as unknown as { jobs: Map<string, unknown> }).jobs.has(RETENTION_JOB)).toBe(true);
  });

  it('during the ceremony nothing goes; after it the certificate goes, the identity number only after the appeal period', async () => {
    expect(await runRetention(ctx.database.db, new Date(ceremonyEnds.getTime() - 60_000), settings)).toMatchObject({
      'wedding-certificates': 0,
      'wedding-identity-numbers': 0,
    });
    expect((await wedding()).proevingsattestBytes).not.toBeNull();

    await runRetention(ctx.database.db, new Date(ceremonyEnds.getTime() + 60_000), settings);
    expect(await wedding()).toMatchObject({ proevingsattestBytes: null, proevingsattestFilename: null, applicantSsn: '01017012345' });

    const appealOver = new Date(ceremonyEnds.getTime() + APPEAL_PERIOD_DAYS * day + 60_000);
    expect((await runRetention(ctx.database.db, appealOver, settings))['wedding-identity-numbers']).toBe(1);
    expect((await wedding()).applicantSsn).toBeNull();
    // The answers themselves are kept until the bookings' period is over.
    expect((await wedding()).answers?.spouseName).toBe('Ola Nordmann');
  });

  it('anonymises finished bookings after 24 months, keeping the figures: the reimbursement report of that year still adds up', async () => {
    const before = await report();
    expect(before.totals.amountOre).toBe(120_000);
    // 24 months after the wedding (16:00Z) and the old loan's last time (18:00–19:00 Oslo, 17:00Z).
    const justBefore = new Date('2026-06-15T15:30:00Z');
    expect(await runRetention(ctx.database.db, justBefore, settings)).toMatchObject({
      'finished-booking-contacts': 0,
      'wedding-answers': 0,
    });
    expect((await booking(ids.old!)).formAnswers.contactEmail).toBe('kari@example.no');

    // The old loan and the wedding's booking (its form's contact e-mail); the couple's answers in the form.
    const after = new Date('2026-06-16T00:00:00Z');
    expect(await runRetention(ctx.database.db, after, settings)).toMatchObject({ 'finished-booking-contacts': 2, 'wedding-answers': 1 });
    expect(await booking(ids.old!)).toMatchObject({
      formAnswers: { activity: 'Korøvelse' },
      onBehalfOfName: 'Anonymisert',
      onBehalfOfEmail: null,
    });
    expect((await booking(ids.old!)).formAnswers).not.toHaveProperty('contactEmail');
    expect((await booking(ids.old!)).formAnswers).not.toHaveProperty('contactPhone');
    expect((await wedding()).answers).toMatchObject({
      applicantName: '',
      applicantEmail: '',
      spouseName: '',
      spousePhoneNo: '',
      addressStreetName: '',
      extraInformation: '',
      eventLanguage: 'NORWEGIAN',
    });
    // A year younger: kept.
    expect((await booking(ids.recent!)).formAnswers.contactEmail).toBe('kari@example.no');

    const anonymised = await report();
    expect(anonymised.totals).toEqual(before.totals);
    expect(anonymised.rows.map((r) => [r.bookingId, r.minutes, r.amountOre])).toEqual(
      before.rows.map((r) => [r.bookingId, r.minutes, r.amountOre]),
    );
    expect(JSON.stringify(anonymised)).not.toContain('Nina Nabo');

    // Idempotent: a second run the same day changes nothing.
    expect(Object.values(await runRetention(ctx.database.db, after, settings)).every((n) => n === 0)).toBe(true);
  });

  it('deletes sent e-mails after 90 days, error reports after 30 and inquiries after 12 months; a message not yet sent stays', async () => {
    const db = ctx.database.db;
    await runRetention(db, new Date(later.getTime() + 95 * day), settings);
    expect((await db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((m) => m.subject).sort()).toEqual(['Ny', 'Venter']);
    expect((await db.select({ msg: frontendErrors.msg }).from(frontendErrors)).map((e) => e.msg)).toEqual(['new']);
    expect(await count('support_inquiries')).toBe(1);
    await runRetention(db, new Date(later.getTime() + 366 * day), settings);
    expect(await count('support_inquiries')).toBe(0);
    expect((await db.select({ subject: mailOutbox.subject }).from(mailOutbox)).map((m) => m.subject)).toEqual(['Venter']);
  });
});

import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { approvalMessages } from '@lokaler/domain/admin-approval';
import { batchApprovalMessages, type BatchApprovalResponse } from '@lokaler/domain/admin-batch-approval';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addBlockedTime, addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { createRound } from '../../../test/factories/application-rounds';
import { bookingApprovals, bookingDocuments } from '../../db/schema/admin-decisions';
import { roundWishes } from '../../db/schema/application-rounds';
import { bookings, decisionMessages } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { blockedTimes } from '../../db/schema/schedule';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call, trailOf, type BookingTrail } from '../../../test/admin-test-support';

describe('approving several applications at once (POST /api/booking/approve-batch)', () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let school: number;
  let withContract: number;
  let gym: number;
  let hall: number;
  let kariId: number;
  const date = inDays(12);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    school = (await createLocation(db, { name: 'Bjølsen skole', enableVedtak: true, contactEmail: 'post@bjolsen.example.no' })).id;
    withContract = (await createLocation(db, { name: 'Sagene samfunnshus', requireContract: true, enableVedtak: true })).id;
    for (const id of [school, withContract]) {
      await setOpeningHours(db, id, '08:00', '23:00');
      await addLocationAdmin(db, id, testAdmins[0]!.email);
    }
    // Jonas administers the community house only.
    await addLocationAdmin(db, withContract, testAdmins[1]!.email);
    gym = (await createAsset(db, school, { name: 'Gymsal', squareMeters: 400 })).id;
    hall = (await createAsset(db, withContract, { name: 'Storsalen', squareMeters: 300 })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    kariId = (await createUser(db)).id;
    await db.update(users).set({ name: 'Kari Nordmann' }).where(eq(users.id, kariId));
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(bookings);
    await ctx.database.db.delete(blockedTimes);
  });

  const application = (startTime: string, fields: Parameters<typeof bookingWithTimes>[4] = {}, room = gym, locationId = school) =>
    bookingWithTimes(ctx.database.db, locationId, kariId, [{ bookableAssetId: room, date, startTime, durationMinutes: 60 }], fields);
  const batch = (token: string | null, body: unknown) => call(ctx.app, token, 'POST', '/api/booking/approve-batch', body);

  const approvedTrail: BookingTrail = {
    status: 'APPROVED',
    reservationStatuses: ['APPROVED'],
    changeLogTypes: ['BookingApproval'],
    mailKinds: ['BookingApproval'],
    documents: 1,
    requirements: 0,
    decisionMessages: 1,
  };

  it('approves each on its own with its vedtak, log entry and e-mail; names the ones it cannot, and undoes nothing', async () => {
    const db = ctx.database.db;
    const first = await application('08:00', { onBehalfOfName: 'Ola Hansen' });
    const second = await application('10:00');
    const third = await application('12:00');
    const approvedBefore = await application('14:00');
    await db.update(bookings).set({ status: 'APPROVED' }).where(eq(bookings.id, approvedBefore.bookingId));
    const elsewhere = await application('14:00', {}, hall, withContract);
    const blocked = await application('16:00', { onBehalfOfName: 'Per Berg' });
    await addBlockedTime(db, gym, date, '16:30', 30);
    const untouched = await Promise.all([approvedBefore, elsewhere, blocked].map((b) => trailOf(db, b.bookingId)));

    const ids = [first, approvedBefore, second, elsewhere, blocked, third].map((b) => b.bookingId);
    const res = await batch(siri, { locationId: school, bookingIds: ids, comment: 'Velkommen! Nøkkel hos vaktmester.' });
    expect(res.statusCode).toBe(200);
    const answer = res.json<BatchApprovalResponse>();
    expect(answer).toEqual({
      approvedCount: 3,
      failedCount: 3,
      results: [
        { bookingId: first.bookingId, caseNumber: first.caseNumber, applicantName: 'Ola Hansen', approved: true, message: null },
        {
          bookingId: approvedBefore.bookingId,
          caseNumber: approvedBefore.caseNumber,
          applicantName: 'Kari Nordmann',
          approved: false,
          message: approvalMessages.alreadyProcessed,
        },
        { bookingId: second.bookingId, caseNumber: second.caseNumber, applicantName: 'Kari Nordmann', approved: true, message: null },
        // Another location's application is not named, even to one who administers it too.
        {
          bookingId: elsewhere.bookingId,
          caseNumber: null,
          applicantName: null,
          approved: false,
          message: batchApprovalMessages.notOfLocation,
        },
        {
          bookingId: blocked.bookingId,
          caseNumber: blocked.caseNumber,
          applicantName: 'Per Berg',
          approved: false,
          message: expect.stringContaining(approvalMessages.timesBlocked),
        },
        { bookingId: third.bookingId, caseNumber: third.caseNumber, applicantName: 'Kari Nordmann', approved: true, message: null },
      ],
    });
    expect(answer.results[4]!.message).toContain('Gymsal');

    for (const b of [first, second, third]) {
      expect(await trailOf(db, b.bookingId), b.caseNumber).toEqual(approvedTrail);
      const docs = await db
        .select()
        .from(bookingDocuments)
        .where(and(eq(bookingDocuments.bookingId, b.bookingId), isNull(bookingDocuments.revokedAt)));
      expect(docs.map((d) => d.kind)).toEqual(['VEDTAK']);
      expect(docs[0]!.html).toContain('Vedtak om lån av lokale');
      expect(docs[0]!.html).toContain(b.caseNumber);
      const [terms] = await db.select().from(bookingApprovals).where(eq(bookingApprovals.bookingId, b.bookingId));
      expect(terms).toMatchObject({ costCategory: 'FREE', marketPriceOre: null, approvedByName: 'Siri Saksbehandler' });
      const [message] = await db.select().from(decisionMessages).where(eq(decisionMessages.bookingId, b.bookingId));
      expect(message?.message).toBe('Velkommen! Nøkkel hos vaktmester.');
      const log = await call(ctx.app, siri, 'GET', `/api/booking-log/${b.bookingId}/changes`);
      expect(log.json()).toEqual([
        expect.objectContaining({ type: 'BookingApproval', user: 'Siri Saksbehandler', comment: 'Velkommen! Nøkkel hos vaktmester.' }),
      ]);
      const mails = await call(ctx.app, siri, 'GET', `/api/booking-log/${b.bookingId}/email-reminders`);
      expect(mails.json()).toEqual([
        expect.objectContaining({ kind: 'BookingApproval', recipient: 'soker@example.no', subject: expect.stringContaining('godkjent') }),
      ]);
    }
    // Each document is its own booking's: three different vedtak.
    const hashes = await db.select({ hash: bookingDocuments.hash }).from(bookingDocuments);
    expect(new Set(hashes.map((h) => h.hash)).size).toBe(3);
    expect(await Promise.all([approvedBefore, elsewhere, blocked].map((b) => trailOf(db, b.bookingId)))).toEqual(untouched);
  });

  it('leaves to the single approval a wedding, an application in an open round and one at a location that requires a contract', async () => {
    const db = ctx.database.db;
    const plain = await application('08:00');
    const wedding = await application('10:00', { sourceForm: 'wedding' });
    const inRound = await application('12:00');
    const round = await createRound(db, { locationIds: [school], name: 'Høstsemesteret' });
    await db
      .insert(roundWishes)
      .values({
        roundId: round.id,
        bookingId: inRound.bookingId,
        bookableAssetId: gym,
        weekday: 1,
        startMinute: 720,
        endMinute: 780,
        dateCount: 1,
      });
    const before = await Promise.all([wedding, inRound].map((b) => trailOf(db, b.bookingId)));

    const res = await batch(siri, { locationId: school, bookingIds: [wedding.bookingId, inRound.bookingId, plain.bookingId, 999_999] });
    expect(res.statusCode).toBe(200);
    expect(res.json<BatchApprovalResponse>().results.map((r) => [r.bookingId, r.approved, r.message])).toEqual([
      [wedding.bookingId, false, batchApprovalMessages.wedding],
      [inRound.bookingId, false, 'Søknaden er med i søknadsrunden «Høstsemesteret» og avgjøres når runden lukkes.'],
      [plain.bookingId, true, null],
      [999_999, false, batchApprovalMessages.notOfLocation],
    ]);
    expect(await Promise.all([wedding, inRound].map((b) => trailOf(db, b.bookingId)))).toEqual(before);
    expect(await trailOf(db, plain.bookingId)).toEqual({ ...approvedTrail, decisionMessages: 0 });

    const contract = await application('14:00', {}, hall, withContract);
    const refused = await batch(siri, { locationId: withContract, bookingIds: [contract.bookingId] });
    expect(refused.json()).toEqual({
      approvedCount: 0,
      failedCount: 1,
      results: [
        {
          bookingId: contract.bookingId,
          caseNumber: contract.caseNumber,
          applicantName: 'Kari Nordmann',
          approved: false,
          message: batchApprovalMessages.contractRequired,
        },
      ],
    });
    expect((await trailOf(db, contract.bookingId)).status).toBe('UNPROCESSED');
  });

  it('approves at a location without vedtak with no document at all', async () => {
    const db = ctx.database.db;
    const noVedtak = (await createLocation(db, { name: 'Sandaker skole' })).id;
    await setOpeningHours(db, noVedtak, '08:00', '23:00');
    await addLocationAdmin(db, noVedtak, testAdmins[0]!.email);
    const room = (await createAsset(db, noVedtak, { name: 'Aula' })).id;
    const b = await application('18:00', {}, room, noVedtak);
    const res = await batch(siri, { locationId: noVedtak, bookingIds: [b.bookingId] });
    expect(res.json<BatchApprovalResponse>()).toMatchObject({ approvedCount: 1, failedCount: 0 });
    expect(await trailOf(db, b.bookingId)).toEqual({ ...approvedTrail, documents: 0, decisionMessages: 0 });
  });

  it('asks for a login first, refuses an administrator of another location and a malformed list, writing nothing', async () => {
    const b = await application('08:00');
    const before = await trailOf(ctx.database.db, b.bookingId);

    const anonymous = await batch(null, { locationId: school, bookingIds: [b.bookingId] });
    expect(anonymous.statusCode).toBe(401);
    const other = await batch(jonas, { locationId: school, bookingIds: [b.bookingId] });
    expect(other.statusCode).toBe(403);
    // Naming his own location does not reach another's application either.
    const own = await batch(jonas, { locationId: withContract, bookingIds: [b.bookingId] });
    expect(own.json<BatchApprovalResponse>().results).toEqual([
      { bookingId: b.bookingId, caseNumber: null, applicantName: null, approved: false, message: batchApprovalMessages.notOfLocation },
    ]);

    const cases: Array<[unknown[], string]> = [
      [[], 'Velg minst én søknad.'],
      [[b.bookingId, b.bookingId], 'Samme søknad er valgt to ganger.'],
      [Array.from({ length: 51 }, (_, i) => i + 1), 'Du kan godkjenne høyst 50 søknader om gangen.'],
    ];
    for (const [bookingIds, message] of cases) {
      const res = await batch(siri, { locationId: school, bookingIds });
      expect(res.statusCode, message).toBe(400);
      expect(res.json<ApiError>().fields).toEqual([expect.objectContaining({ path: 'body.bookingIds', message })]);
    }
    expect(await trailOf(ctx.database.db, b.bookingId)).toEqual(before);
  });

  it('approves an application once when two batches ask for it at the same time', async () => {
    const db = ctx.database.db;
    const shared = await application('08:00');
    const onlyFirst = await application('10:00');
    const onlySecond = await application('12:00');
    const [one, two] = await Promise.all([
      batch(siri, { locationId: school, bookingIds: [onlyFirst.bookingId, shared.bookingId] }),
      batch(siri, { locationId: school, bookingIds: [shared.bookingId, onlySecond.bookingId] }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const sharedResults = [one, two].map((r) => r.json<BatchApprovalResponse>().results.find((x) => x.bookingId === shared.bookingId)!);
    expect(sharedResults.map((r) => r.approved).sort()).toEqual([false, true]);
    expect(sharedResults.find((r) => !r.approved)!.message).toBe(approvalMessages.alreadyProcessed);
    for (const b of [shared, onlyFirst, onlySecond])
      expect(await trailOf(db, b.bookingId)).toEqual({ ...approvedTrail, decisionMessages: 0 });
  });
});

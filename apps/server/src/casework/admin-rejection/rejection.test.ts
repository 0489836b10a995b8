import { and, eq, isNull, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import { rejectionMessages, type RejectionChoice } from '@lokaler/domain/admin-rejection';
import type { DocumentPreview } from '@lokaler/domain/admin-approval';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { bookings, decisionMessages } from '../../db/schema/bookings';
import { queryRows } from '../../db/client';
import { testAdmins } from '../../seed/test-users';
import { bookingWithTimes, call, trailOf } from '../../../test/admin-test-support';

describe('rejecting (PUT /api/booking/{id}/reject, /rejectasset/{assetId})', () => {
  let ctx: TestContext;
  let siri: string;
  let school: number;
  let venue: number;
  let gym: number;
  let hall: number;
  let venueRoom: number;
  let userId: number;
  const date = inDays(15);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    school = (await createLocation(db, { name: 'Sagene skole', enableVedtak: true, contactEmail: 'sagene@example.no' })).id;
    venue = (await createLocation(db, { name: 'Stovner bydelshus' })).id;
    for (const id of [school, venue]) {
      await setOpeningHours(db, id, '08:00', '23:00');
      await addLocationAdmin(db, id, testAdmins[0]!.email);
    }
    gym = (await createAsset(db, school, { name: 'Gymsal', externalAssetNumber: 'G1' })).id;
    hall = (await createAsset(db, school, { name: 'Aula' })).id;
    venueRoom = (await createAsset(db, venue, { name: 'Storsalen' })).id;
    userId = (await createUser(db)).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.delete(bookings);
  });

  const twoRooms = () =>
    bookingWithTimes(ctx.database.db, school, userId, [
      { bookableAssetId: gym, date, startTime: '18:00', durationMinutes: 60 },
      { bookableAssetId: gym, date: inDays(22), startTime: '18:00', durationMinutes: 60 },
      { bookableAssetId: hall, date, startTime: '19:00', durationMinutes: 60 },
    ]);

  it('lists the prepared reasons in order', async () => {
    const res = await call(ctx.app, siri, 'GET', '/api/rejection-choices');
    expect(res.statusCode).toBe(200);
    const choices = res.json<RejectionChoice[]>();
    expect(choices.length).toBeGreaterThanOrEqual(5);
    expect(choices[0]).toEqual({ key: 'OPPTATT', title: 'Lokalet er opptatt', text: expect.stringContaining('allerede') });
  });

  it("rejects with a prepared reason: the applicant's data shows REJECTED and the reason, the times are freed", async () => {
    const { bookingId } = await twoRooms();
    const choice = (await call(ctx.app, siri, 'GET', '/api/rejection-choices'))
      .json<RejectionChoice[]>()
      .find((c) => c.key === 'EGET_ARRANGEMENT')!;
    const preview = (
      await call(
        ctx.app,
        siri,
        'GET',
        `/api/vedtak-preview/${bookingId}?vedtakType=REJECTION&rejectionText=${encodeURIComponent(choice.text)}`,
      )
    ).json<DocumentPreview>();
    expect(preview.html).toContain('Vedtak om avslag');

    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, {
      rejectionChoiceKey: choice.key,
      vedtakHash: preview.hash,
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ bookingId, status: 'REJECTED', vedtakStored: true });
    const db = ctx.database.db;
    expect(await trailOf(db, bookingId)).toEqual({
      status: 'REJECTED',
      reservationStatuses: ['REJECTED', 'REJECTED', 'REJECTED'],
      changeLogTypes: ['BookingRejection'],
      mailKinds: ['BookingRejection'],
      documents: 1,
      requirements: 0,
      decisionMessages: 1,
    });
    expect((await db.select().from(decisionMessages).where(eq(decisionMessages.bookingId, bookingId)))[0]?.message).toBe(choice.text);
    const [vedtak] = await db
      .select()
      .from(bookingDocuments)
      .where(and(eq(bookingDocuments.bookingId, bookingId), isNull(bookingDocuments.revokedAt)));
    expect(vedtak).toMatchObject({ kind: 'VEDTAK', html: preview.html, hash: preview.hash });
    const view = (await call(ctx.app, siri, 'GET', `/api/booking/${bookingId}`)).json();
    expect(view).toMatchObject({ status: 'REJECTED', decisionMessages: [{ message: choice.text }], vedtakExists: true });
    // The freed time can be booked by someone else.
    await expect(
      bookingWithTimes(db, school, userId, [{ bookableAssetId: gym, date, startTime: '18:00', durationMinutes: 60 }]),
    ).resolves.toBeDefined();
  });

  it('rejects with a written reason, also an approved booking (withdrawn), but not a closed one', async () => {
    const { bookingId } = await bookingWithTimes(
      ctx.database.db,
      venue,
      userId,
      [{ bookableAssetId: venueRoom, date, startTime: '12:00', durationMinutes: 60, status: 'APPROVED' }],
      { status: 'APPROVED' },
    );
    // A one-step rejection (a page that still showed an application) does not withdraw an approval.
    const unconfirmed = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionText: 'Vannlekkasje i salen.' });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json<ApiError>()).toMatchObject({
      userMsg: rejectionMessages.approvedNeedsConfirmation,
      fields: [{ path: 'body.withdrawApproved', message: rejectionMessages.approvedNeedsConfirmation }],
    });
    expect(await trailOf(ctx.database.db, bookingId)).toMatchObject({
      status: 'APPROVED',
      reservationStatuses: ['APPROVED'],
      changeLogTypes: [],
      mailKinds: [],
    });
    expect((await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { withdrawApproved: true })).statusCode).toBe(400);

    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, {
      rejectionText: '  Vannlekkasje i salen.  ',
      withdrawApproved: true,
    });
    expect(res.statusCode).toBe(200);
    const [mail] = await queryRows<{ subject: string; body: string }>(
      ctx.database.db,
      sql`select subject, body from mail_outbox where (topic ->> 'bookingId')::integer = ${bookingId}`,
    );
    expect(mail?.subject).toMatch(/^Godkjenningen av bookingen din er trukket tilbake – /);
    expect(mail?.body).toContain('var godkjent, men godkjenningen er nå trukket tilbake');
    expect(mail?.body).toContain('Begrunnelse: Vannlekkasje i salen.');
    expect(res.json()).toMatchObject({ status: 'REJECTED', vedtakStored: false });
    expect(await trailOf(ctx.database.db, bookingId)).toMatchObject({
      status: 'REJECTED',
      reservationStatuses: ['REJECTED'],
      changeLogTypes: ['BookingRejection'],
      mailKinds: ['BookingRejection'],
    });
    const log = (await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/changes`)).json();
    expect(log).toEqual([expect.objectContaining({ type: 'BookingRejection', label: 'Avslått', comment: 'Vannlekkasje i salen.' })]);

    const again = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionText: 'Igjen', withdrawApproved: true });
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().userMsg).toBe(rejectionMessages.notRejectable);
    expect((await trailOf(ctx.database.db, bookingId)).changeLogTypes).toEqual(['BookingRejection']);
  });

  it('needs a known reason or a written one, and refuses a vedtak that differs from the preview', async () => {
    const { bookingId } = await twoRooms();
    const before = await trailOf(ctx.database.db, bookingId);
    const none = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionText: '   ' });
    expect(none.statusCode).toBe(400);
    expect(none.json<ApiError>().fields).toEqual([{ path: 'body.rejectionText', message: rejectionMessages.reasonRequired }]);
    const unknown = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionChoiceKey: 'FINNES_IKKE' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json<ApiError>().fields).toEqual([{ path: 'body.rejectionChoiceKey', message: rejectionMessages.unknownChoice }]);
    const preview = (
      await call(ctx.app, siri, 'GET', `/api/vedtak-preview/${bookingId}?vedtakType=REJECTION&rejectionText=Opptatt`)
    ).json<DocumentPreview>();
    const otherText = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, {
      rejectionText: 'En annen begrunnelse',
      vedtakHash: preview.hash,
    });
    expect(otherText.statusCode).toBe(409);
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);
  });

  it('rejects one room: its times go, the others stay; the only room left cannot go this way', async () => {
    const { bookingId } = await twoRooms();
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/rejectasset/${gym}`, { comment: 'Gymsalen er opptatt.' });
    expect(res.statusCode).toBe(200);
    const body = res.json<{ reservations: { bookableAssetId: number; status: string }[] }>();
    expect(body.reservations.map((r) => [r.bookableAssetId, r.status])).toEqual([
      [gym, 'REJECTED'],
      [hall, 'UNPROCESSED'],
      [gym, 'REJECTED'],
    ]);
    const trail = await trailOf(ctx.database.db, bookingId);
    expect(trail).toMatchObject({
      status: 'UNPROCESSED',
      changeLogTypes: ['AssetRejection'],
      mailKinds: ['AssetRejection'],
      decisionMessages: 1,
    });
    const log = (await call(ctx.app, siri, 'GET', `/api/booking-log/${bookingId}/changes`)).json();
    expect(log[0]).toMatchObject({
      type: 'AssetRejection',
      label: 'Slettet',
      reservationTimes: [
        { assetDescription: 'Gymsal (G1)', times: [expect.stringMatching(/18:00–19:00$/), expect.stringMatching(/18:00–19:00$/)] },
      ],
    });

    const again = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/rejectasset/${gym}`);
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>().userMsg).toBe(rejectionMessages.noTimesInRoom);
    const last = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/rejectasset/${hall}`);
    expect(last.statusCode).toBe(409);
    expect(last.json<ApiError>().userMsg).toBe(rejectionMessages.onlyRoom);
    expect((await trailOf(ctx.database.db, bookingId)).changeLogTypes).toEqual(['AssetRejection']);
  });

  it("takes an approved booking's room back as UNAVAILABLE", async () => {
    const { bookingId } = await bookingWithTimes(
      ctx.database.db,
      school,
      userId,
      [
        { bookableAssetId: gym, date, startTime: '18:00', durationMinutes: 60, status: 'APPROVED' },
        { bookableAssetId: hall, date, startTime: '18:00', durationMinutes: 60, status: 'APPROVED' },
      ],
      { status: 'APPROVED' },
    );
    const res = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/rejectasset/${hall}`);
    expect(res.statusCode).toBe(200);
    expect((await trailOf(ctx.database.db, bookingId)).reservationStatuses).toEqual(['APPROVED', 'UNAVAILABLE']);
  });
});

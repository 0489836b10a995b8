import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import type { WeddingApplicationInput } from '@lokaler/domain/wedding-application';
import type { WeddingFormResponse, WeddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import {
  PROEVINGSATTEST_MAX_BYTES,
  PROEVINGSATTEST_REQUEST_MAX_BYTES,
  invalidDataUrlMessage,
  onlyPdfMessage,
  tooLargeMessage,
} from '@lokaler/domain/wedding-certificate';
import { queryRows } from '../../db/client';
import { testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { applicantBooking, citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation } from '../../../test/factories/places';
import { createWeddingVenue, takeWeddingTimes, weddingTime } from '../../../test/factories/wedding';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const dataUrl = (bytes: Buffer, type = 'application/pdf') => `data:${type};name=file;base64,${bytes.toString('base64')}`;

describe("the wedding wizard's calls: GET /api/user/form/wedding/prefill/{id}, POST /api/user/form/wedding", () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let amina: CitizenSession;
  let roomId: number;
  const day = inDays(40);

  beforeAll(async () => {
    ctx = await createTestApp();
    ({ roomId } = await createWeddingVenue(ctx.database.db));
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    amina = await citizenSession(ctx.app, testCitizens[3]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate bookings, reservations, requirements, change_log, mail_outbox, wedding_forms restart identity cascade`,
    );
  });

  const takeTime = async (who = kari, start = '11:00:00') => {
    const res = await takeWeddingTimes(who, roomId, [weddingTime(day, start)]);
    expect(res.statusCode, res.body).toBe(201);
    return res.json<{ bookingId: number; caseNumber: string }>();
  };
  const application = (bookingId: number, extra: Partial<Record<keyof WeddingApplicationInput, unknown>> = {}) => ({
    bookingId,
    applicantName: ' Kari Nordmann ',
    applicantEmail: '',
    applicantPhoneNo: '412 34 567',
    applicantSsn: '',
    addressStreetName: 'Storgata 1',
    addressPostCode: '0155',
    addressPostalName: 'Oslo',
    spouseName: 'Ola Nordmann',
    spouseEmail: 'ola@example.no',
    spousePhoneNo: '+47 98765432',
    eventLanguage: 'norsk',
    weddingInterpreterRequired: true,
    weddingInterpreterLanguage: 'somali',
    preferredContactLanguage: 'norsk',
    weddingCulturalSegmentDesired: true,
    weddingCulturalSegment: 'Et dikt',
    needsAccommodation: false,
    accommodationDetails: '',
    extraInformation: '',
    submitProevingsattestNow: false,
    proevingsattestFile: '',
    declarationAccepted: true,
    userReferenceId: '',
    ...extra,
  });
  const submit = (payload: unknown, who = kari) =>
    who.request({ method: 'POST', url: '/api/user/form/wedding', payload: payload as object });
  const prefill = (id: number | string, who = kari) => who.request({ method: 'GET', url: `/api/user/form/wedding/prefill/${id}` });
  const state = async () =>
    (
      await queryRows<{ forms: number; held: number; confirmations: number; status: string | null }>(
        ctx.database.db,
        sql`select
    (select count(*)::int from wedding_forms) as forms,
    (select count(*)::int from bookings where hold_expires_at is not null) as held,
    (select count(*)::int from mail_outbox where topic->>'kind' = 'wedding-application-received') as confirmations,
    (select string_agg(status::text, ',' order by id) from bookings) as status`,
      )
    )[0]!;
  const expireHolds = () =>
    ctx.database.db.execute(sql`update bookings set hold_expires_at = now() - interval '1 minute' where hold_expires_at is not null`);

  it('prefill gives the name, the e-mail and phone given when the time was taken, and that the time is held', async () => {
    const { bookingId } = await takeTime();
    const res = await prefill(bookingId);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json<WeddingPrefillResponse>();
    expect(body).toMatchObject({
      bookingId,
      applicantName: kari.name,
      applicantEmail: 'kari@example.no',
      applicantPhoneNo: '41234567',
      timesAndAssetsNoLongerFree: false,
      submitted: false,
    });
    expect(Date.parse(body.holdExpiresAtUtc!) - Date.now()).toBeGreaterThan(29 * 60_000);
  });

  it('prefill says the times are gone once the hold ran out or the booking was let go', async () => {
    const { bookingId } = await takeTime();
    await expireHolds();
    expect((await prefill(bookingId)).json<WeddingPrefillResponse>().timesAndAssetsNoLongerFree).toBe(true);
    const other = await takeTime(kari, '12:00:00');
    expect((await kari.request({ method: 'PUT', url: `/api/user/booking/${other.bookingId}/autoreject` })).statusCode).toBe(200);
    expect((await prefill(other.bookingId)).json<WeddingPrefillResponse>()).toMatchObject({
      timesAndAssetsNoLongerFree: true,
      holdExpiresAtUtc: null,
    });
  });

  it("another citizen's booking is the same 404 'Fant ikke bookingen' as a missing one, for prefill and submit", async () => {
    const { bookingId } = await takeTime();
    const answers = [
      await prefill(999_999, amina),
      await prefill(bookingId, amina),
      await submit(application(999_999), amina),
      await submit(application(bookingId), amina),
    ];
    for (const res of answers) {
      expect(res.statusCode).toBe(404);
      expect(res.json()).toEqual(answers[0]!.json());
    }
    expect(answers[0]!.json<ApiError>().userMsg).toBe('Fant ikke bookingen');
    expect(await state()).toMatchObject({ forms: 0, held: 1, confirmations: 0 });
  });

  it("'Ikke tilgjengelig' for a wedding booking at a location that is not a wedding venue", async () => {
    const db = ctx.database.db;
    const school = await createLocation(db);
    const hall = await createAsset(db, school.id);
    const booking = await applicantBooking(db, {
      locationId: school.id,
      userId: kari.userId,
      sourceForm: 'wedding',
      times: [{ bookableAssetId: hall.id, date: day, startTime: '12:00:00', durationMinutes: 30 }],
    });
    for (const res of [await prefill(booking.id), await submit(application(booking.id))]) {
      expect(res.statusCode).toBe(422);
      expect(res.json<ApiError>().userMsg).toBe('Ikke tilgjengelig');
    }
  });

  it('anonymous calls get 401, before a bad body is looked at', async () => {
    const anonymous = [
      await ctx.app.inject({ method: 'GET', url: '/api/user/form/wedding/prefill/1' }),
      await ctx.app.inject({ method: 'POST', url: '/api/user/form/wedding', payload: { nonsense: true } }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user/form/wedding',
        headers: { 'content-type': 'application/json' },
        payload: '{broken',
      }),
      await ctx.app.inject({
        method: 'POST',
        url: '/api/user/form/wedding',
        headers: { 'content-type': 'application/json' },
        payload: `"${'A'.repeat(PROEVINGSATTEST_REQUEST_MAX_BYTES + 1)}"`,
      }),
      await ctx.app.inject({ method: 'POST', url: '/api/booking', headers: { 'content-type': 'application/json' }, payload: '{broken' }),
    ];
    for (const res of anonymous) expect(res.statusCode).toBe(401);
  });

  it('submit stores the trimmed answers, ends the hold, queues the confirmation; GET returns the read model', async () => {
    const { bookingId, caseNumber } = await takeTime();
    const res = await submit(application(bookingId, { needsAccommodation: false, accommodationDetails: 'dropped' }));
    expect(res.statusCode, res.body).toBe(201);
    const form = res.json<WeddingFormResponse>();
    expect(form).toMatchObject({ bookingId, proevingsattestFile: null });
    expect(form.answers).toEqual({
      applicantName: 'Kari Nordmann',
      applicantEmail: '',
      applicantPhoneNo: '412 34 567',
      addressStreetName: 'Storgata 1',
      addressPostCode: '0155',
      addressPostalName: 'Oslo',
      spouseName: 'Ola Nordmann',
      spouseEmail: 'ola@example.no',
      spousePhoneNo: '+47 98765432',
      eventLanguage: 'norsk',
      weddingInterpreterRequired: true,
      weddingInterpreterLanguage: 'somali',
      preferredContactLanguage: 'norsk',
      weddingCulturalSegmentDesired: true,
      weddingCulturalSegment: 'Et dikt',
      needsAccommodation: false,
      accommodationDetails: '',
      extraInformation: '',
    });
    expect(Date.parse(form.submittedAtUtc!)).toBeGreaterThan(Date.now() - 60_000);
    expect((await kari.request({ method: 'GET', url: `/api/user/form/wedding/${bookingId}` })).json()).toEqual(form);
    expect(await state()).toEqual({ forms: 1, held: 0, confirmations: 1, status: 'UNPROCESSED' });
    const [mail] = await queryRows<{ recipient: string; subject: string; body: string }>(
      ctx.database.db,
      sql`select recipient, subject, body from mail_outbox where topic->>'kind' = 'wedding-application-received'`,
    );
    expect(mail).toMatchObject({ recipient: 'kari@example.no', subject: `Vi har mottatt søknaden om vielse (${caseNumber})` });
    expect(mail!.body).toContain(`/bookinger/${bookingId}`);
    expect((await prefill(bookingId)).json<WeddingPrefillResponse>()).toMatchObject({
      submitted: true,
      timesAndAssetsNoLongerFree: false,
      holdExpiresAtUtc: null,
    });
  });

  it('a certificate sent along is checked and stored like an upload, fulfilling the requirement', async () => {
    const { bookingId } = await takeTime();
    const res = await submit(
      application(bookingId, {
        submitProevingsattestNow: true,
        proevingsattestFile: dataUrl(pdf),
        applicantEmail: 'kari.privat@example.no',
      }),
    );
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json<WeddingFormResponse>().proevingsattestFile).toEqual({
      filename: 'provingsattest.pdf',
      contentType: 'application/pdf',
      size: pdf.length,
    });
    const [row] = await queryRows<{ fulfilled: boolean; recipient: string }>(
      ctx.database.db,
      sql`select
      (select is_fulfilled from requirements where booking_id = ${bookingId} and type = 'WEDDING_CERTIFICATE') as fulfilled,
      (select recipient from mail_outbox where topic->>'kind' = 'wedding-application-received') as recipient`,
    );
    expect(row).toEqual({ fulfilled: true, recipient: 'kari.privat@example.no' });
  });

  it('a second submit is 409 and changes nothing', async () => {
    const { bookingId } = await takeTime();
    expect((await submit(application(bookingId))).statusCode).toBe(201);
    const again = await submit(application(bookingId, { spouseName: 'Per' }));
    expect(again.statusCode).toBe(409);
    expect(again.json<ApiError>()).toMatchObject({ code: 'CONFLICT', userMsg: weddingMessages.alreadySubmitted });
    expect(await state()).toMatchObject({ forms: 1, confirmations: 1 });
    expect(
      (await kari.request({ method: 'GET', url: `/api/user/form/wedding/${bookingId}` })).json<WeddingFormResponse>().answers?.spouseName,
    ).toBe('Ola Nordmann');
  });

  it("a submit after the hold ran out, or after leaving, is 409 'Ett eller flere tidspunkt er opptatt' and stores nothing", async () => {
    const { bookingId } = await takeTime();
    await expireHolds();
    const late = await submit(application(bookingId));
    expect(late.statusCode).toBe(409);
    expect(late.json<ApiError>()).toMatchObject({ code: 'TIME_NO_LONGER_HELD', userMsg: 'Ett eller flere tidspunkt er opptatt' });
    const left = await takeTime(kari, '12:00:00');
    await kari.request({ method: 'PUT', url: `/api/user/booking/${left.bookingId}/autoreject` });
    expect((await submit(application(left.bookingId))).json<ApiError>().code).toBe('TIME_NO_LONGER_HELD');
    expect(await state()).toEqual({ forms: 0, held: 1, confirmations: 0, status: 'UNPROCESSED,AUTOREJECTED' });
  });

  it("bad input is 400 with the spec's words and stores nothing", async () => {
    const { bookingId } = await takeTime();
    const long = 'x'.repeat(6000);
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ applicantName: long }, 'body.applicantName', 'Teksten kan ha høyst 200 tegn'],
      [{ addressStreetName: long }, 'body.addressStreetName', 'Teksten kan ha høyst 200 tegn'],
      [{ addressPostalName: long }, 'body.addressPostalName', 'Teksten kan ha høyst 100 tegn'],
      [{ spouseName: long }, 'body.spouseName', 'Teksten kan ha høyst 200 tegn'],
      [{ weddingCulturalSegment: long }, 'body.weddingCulturalSegment', 'Teksten kan ha høyst 2000 tegn'],
      [{ needsAccommodation: true, accommodationDetails: long }, 'body.accommodationDetails', 'Teksten kan ha høyst 2000 tegn'],
      [{ extraInformation: long }, 'body.extraInformation', 'Teksten kan ha høyst 5000 tegn'],
      [{ applicantPhoneNo: long }, 'body.applicantPhoneNo', weddingMessages.phoneInvalid],
      [{ spouseEmail: `${long}@example.no` }, 'body.spouseEmail', 'Teksten kan ha høyst 320 tegn'],
      [{ spouseEmail: 'ola(at)example.no' }, 'body.spouseEmail', weddingMessages.emailInvalid],
      [{ applicantEmail: 'kari@' }, 'body.applicantEmail', weddingMessages.emailInvalid],
      [{ addressPostCode: '01555' }, 'body.addressPostCode', 'Postnummer må være 4 siffer'],
      [{ spousePhoneNo: '' }, 'body.spousePhoneNo', 'Du må fylle inn telefonnummer til kommende ektefelle'],
      [{ declarationAccepted: false }, 'body.declarationAccepted', weddingMessages.declarationRequired],
      [{ weddingInterpreterLanguage: '' }, 'body.weddingInterpreterLanguage', weddingMessages.interpreterLanguageRequired],
    ];
    for (const [extra, path, message] of cases) {
      const res = await submit(application(bookingId, extra));
      expect(res.statusCode, path).toBe(400);
      expect(res.json<ApiError>().fields, path).toContainEqual({ path, message });
    }
    const files: Array<[string, string]> = [
      [dataUrl(Buffer.from('just some text, named .pdf')), onlyPdfMessage],
      [dataUrl(Buffer.concat([pdf, Buffer.alloc(PROEVINGSATTEST_MAX_BYTES + 1 - pdf.length)])), tooLargeMessage],
      ['data:application/pdf;name=file;base64,%%%not-base64', invalidDataUrlMessage],
    ];
    for (const [file, message] of files) {
      const res = await submit(application(bookingId, { submitProevingsattestNow: true, proevingsattestFile: file }));
      expect(res.statusCode, message).toBe(400);
      expect(res.json<ApiError>().userMsg).toBe(message);
    }
    const tooLong = await submit(
      application(bookingId, {
        submitProevingsattestNow: true,
        proevingsattestFile: `data:application/pdf;name=file;base64,${'A'.repeat(PROEVINGSATTEST_REQUEST_MAX_BYTES)}`,
      }),
    );
    expect(tooLong.statusCode).toBe(413);
    expect(tooLong.json<ApiError>().userMsg).toBe(tooLargeMessage);
    expect(await state()).toEqual({ forms: 0, held: 1, confirmations: 0, status: 'UNPROCESSED' });
  });
});

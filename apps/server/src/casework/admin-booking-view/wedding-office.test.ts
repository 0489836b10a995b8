import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { ApiError } from '@lokaler/domain/api-error';
import type { AdminBookingListResponse } from '@lokaler/domain/admin-booking-list';
import type { AdminBookingView, ChangeLogEntry } from '@lokaler/domain/admin-booking-view';
import { rejectionMessages, weddingRejectionChoices, type RejectionChoice } from '@lokaler/domain/admin-rejection';
import { WEDDING_INFO_LETTER_DAYS } from '@lokaler/domain/admin-wedding';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { queryRows } from '../../db/client';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { changeLog } from '../../db/schema/bookings';
import { locations } from '../../db/schema/locations';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { citizenSession, type CitizenSession } from '../../../test/factories/applicant';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { createWeddingVenue, takeWeddingTimes, weddingTime } from '../../../test/factories/wedding';
import { bookingWithTimes, call, trailOf } from '../../../test/admin-test-support';

const pdf = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n\u00ff\u0000binary');
const SSN = '12088012345';

describe('the wedding office (decision 013): the form, the certificate, approval and the wedding rejection', () => {
  let ctx: TestContext;
  let vigdis: string;
  let siri: string;
  let kari: CitizenSession;
  let venueId: number;
  let roomId: number;
  let schoolId: number;
  let schoolRoom: number;
  const day = inDays(45);

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    ({ locationId: venueId, roomId } = await createWeddingVenue(db));
    await addLocationAdmin(db, venueId, testAdmins[2]!.email);
    schoolId = (await createLocation(db, { name: 'Sagene skole' })).id;
    schoolRoom = (await createAsset(db, schoolId, { name: 'Gymsal' })).id;
    await addLocationAdmin(db, schoolId, testAdmins[0]!.email);
    vigdis = (await loginAs(ctx.app, testAdmins[2]!, { client: 'admin' })).accessToken;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
  });
  afterAll(() => ctx.close());
  beforeEach(async () => {
    await ctx.database.db.execute(
      sql`truncate bookings, reservations, requirements, change_log, mail_outbox, wedding_forms, decision_messages restart identity cascade`,
    );
    await ctx.database.db.update(locations).set({ enableVedtak: false }).where(eq(locations.id, venueId));
  });

  /** Kari takes a time and sends the form (with the certificate as a file object unless told). */
  async function sentWedding(options: { start?: string; file?: boolean } = {}) {
    const taken = await takeWeddingTimes(kari, roomId, [weddingTime(day, options.start ?? '11:00:00')]);
    expect(taken.statusCode, taken.body).toBe(201);
    const { bookingId } = taken.json<{ bookingId: number }>();
    const withFile = options.file ?? true;
    const res = await kari.request({
      method: 'POST',
      url: '/api/user/form/wedding',
      payload: {
        bookingId,
        applicantName: 'Kari Nordmann',
        applicantEmail: '',
        applicantPhoneNo: '412 34 567',
        applicantSsn: SSN,
        addressStreetName: 'Storgata 1',
        addressPostCode: '0155',
        addressPostalName: 'Oslo',
        spouseName: 'Ola Nordmann',
        spouseEmail: 'ola@example.no',
        spousePhoneNo: '+47 98765432',
        eventLanguage: 'norsk',
        weddingInterpreterRequired: true,
        weddingInterpreterLanguage: 'somali',
        preferredContactLanguage: 'engelsk',
        weddingCulturalSegmentDesired: true,
        weddingCulturalSegment: 'Et dikt',
        needsAccommodation: true,
        accommodationDetails: 'Rullestol',
        extraInformation: 'To vitner',
        submitProevingsattestNow: withFile,
        declarationAccepted: true,
        userReferenceId: '',
        proevingsattestFile: withFile ? `data:application/pdf;name=file;base64,${pdf.toString('base64')}` : '',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
    return bookingId;
  }
  const view = async (bookingId: number) => {
    const res = await call(ctx.app, vigdis, 'GET', `/api/booking/${bookingId}`);
    expect(res.statusCode, res.body).toBe(200);
    return res;
  };

  it('the admin view shows the whole form, the certificate and the cancellation deadline in days, never the identity number', async () => {
    const bookingId = await sentWedding();
    const res = await view(bookingId);
    expect(res.body).not.toContain(SSN);
    const booking = res.json<AdminBookingView>();
    expect(booking.sourceForm).toBe('wedding');
    expect(booking.wedding).toMatchObject({
      answers: {
        applicantName: 'Kari Nordmann',
        spouseName: 'Ola Nordmann',
        spouseEmail: 'ola@example.no',
        addressPostCode: '0155',
        weddingInterpreterRequired: true,
        weddingInterpreterLanguage: 'somali',
        preferredContactLanguage: 'engelsk',
        weddingCulturalSegment: 'Et dikt',
        accommodationDetails: 'Rullestol',
        extraInformation: 'To vitner',
      },
      nationalIdentityNumberGiven: true,
      proevingsattestFile: { filename: 'provingsattest.pdf', contentType: 'application/pdf', size: pdf.length },
      ceremonyDate: day,
      cancellationDaysBeforeCeremony: 28,
      infoLetterDueDate: null,
    });
    expect(booking.wedding!.submittedAtUtc).not.toBeNull();
  });

  it('a time only held (form not sent) shows no answers, and a booking that is no wedding has no wedding part', async () => {
    const taken = await takeWeddingTimes(kari, roomId, [weddingTime(day, '13:00:00')]);
    const held = (await view(taken.json<{ bookingId: number }>().bookingId)).json<AdminBookingView>();
    expect(held.wedding).toMatchObject({
      answers: null,
      submittedAtUtc: null,
      proevingsattestFile: null,
      nationalIdentityNumberGiven: false,
    });
    const school = await bookingWithTimes(ctx.database.db, schoolId, kari.userId, [
      { bookableAssetId: schoolRoom, date: day, startTime: '18:00', durationMinutes: 60 },
    ]);
    const other = await call(ctx.app, siri, 'GET', `/api/booking/${school.bookingId}`);
    expect(other.json<AdminBookingView>().wedding).toBeNull();
  });

  it('the request list marks weddings, and those whose form is not sent yet', async () => {
    const sent = await sentWedding();
    const held = (await takeWeddingTimes(kari, roomId, [weddingTime(day, '14:00:00')])).json<{ bookingId: number }>().bookingId;
    const res = await call(ctx.app, vigdis, 'GET', `/api/booking?locationId=${venueId}&status=UNPROCESSED`);
    expect(res.statusCode, res.body).toBe(200);
    const items = res.json<AdminBookingListResponse>().items;
    expect(items.find((i) => i.bookingId === sent)).toMatchObject({
      sourceForm: 'wedding',
      weddingFormPending: false,
      applicantName: 'Kari Nordmann',
    });
    expect(items.find((i) => i.bookingId === held)).toMatchObject({ sourceForm: 'wedding', weddingFormPending: true });
  });

  it('Vigdis downloads the certificate: the bytes uploaded, as a PDF attachment with the stored name', async () => {
    const taken = await takeWeddingTimes(kari, roomId, [weddingTime(day, '12:00:00')]);
    const bookingId = taken.json<{ bookingId: number }>().bookingId;
    const upload = await kari.request({
      method: 'PUT',
      url: `/api/user/form/wedding/${bookingId}/proevingsattest`,
      payload: {
        proevingsattestFile: {
          bytes: pdf.toString('base64'),
          contentType: 'application/pdf',
          filename: 'prøvingsattest "Kari".pdf',
          size: pdf.length,
        },
      },
    });
    expect(upload.statusCode, upload.body).toBe(200);
    const res = await call(ctx.app, vigdis, 'GET', `/api/admin/booking/${bookingId}/proevingsattest`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['content-type']).toBe('application/pdf');
    expect(res.headers['content-disposition']).toBe(
      `attachment; filename="pr_vingsattest _Kari_.pdf"; filename*=UTF-8''${encodeURIComponent('prøvingsattest "Kari".pdf')}`,
    );
    expect(res.headers['cache-control']).toBe('private, no-store');
    expect(res.rawPayload.equals(pdf)).toBe(true);
  });

  it("the download answers anonymous 401, a citizen (even the couple) 403, another location's admin 403, and 404 without a certificate", async () => {
    const bookingId = await sentWedding();
    const url = `/api/admin/booking/${bookingId}/proevingsattest`;
    expect((await call(ctx.app, null, 'GET', url)).statusCode).toBe(401);
    expect((await kari.request({ method: 'GET', url })).statusCode).toBe(403);
    const amina = await citizenSession(ctx.app, testCitizens[2]!);
    expect((await amina.request({ method: 'GET', url })).statusCode).toBe(403);
    const other = await call(ctx.app, siri, 'GET', url);
    expect(other.statusCode).toBe(403);
    expect(other.body).not.toContain('%PDF');
    expect((await call(ctx.app, vigdis, 'GET', '/api/admin/booking/999999/proevingsattest')).statusCode).toBe(404);
    expect((await call(ctx.app, vigdis, 'GET', '/api/admin/booking/abc/proevingsattest')).statusCode).toBe(400);

    const withoutFile = await sentWedding({ start: '13:00:00', file: false });
    const none = await call(ctx.app, vigdis, 'GET', `/api/admin/booking/${withoutFile}/proevingsattest`);
    expect(none.statusCode).toBe(404);
    expect(none.json<ApiError>().userMsg).toBe('Det er ikke lastet opp noen prøvingsattest for denne bookingen.');
    const school = await bookingWithTimes(ctx.database.db, schoolId, (await createUser(ctx.database.db)).id, [
      { bookableAssetId: schoolRoom, date: day, startTime: '18:00', durationMinutes: 60 },
    ]);
    expect((await call(ctx.app, siri, 'GET', `/api/admin/booking/${school.bookingId}/proevingsattest`)).statusCode).toBe(404);
  });

  it("approving a wedding gives the info letter's due date, 2 weeks from the approval", async () => {
    const bookingId = await sentWedding();
    const approve = await call(ctx.app, vigdis, 'PUT', `/api/booking/${bookingId}/approve`, { costCategory: 'FREE' });
    expect(approve.statusCode, approve.body).toBe(200);
    const booking = (await view(bookingId)).json<AdminBookingView>();
    expect(booking.status).toBe('APPROVED');
    expect(booking.wedding!.infoLetterDueDate).toBe(
      addDays(todayInOslo(new Date(booking.approval!.approvedTimeUtc)), WEDDING_INFO_LETTER_DAYS),
    );
    // Taken back, the due date goes with the approval.
    expect((await call(ctx.app, vigdis, 'PUT', `/api/booking/${bookingId}/unapprove`)).statusCode).toBe(200);
    expect((await view(bookingId)).json<AdminBookingView>().wedding!.infoLetterDueDate).toBeNull();
  });

  it("lists the wedding rejection choices to the venue's admins only (anonymous 401, citizen 403)", async () => {
    expect((await call(ctx.app, null, 'GET', '/api/rejection-choices/wedding')).statusCode).toBe(401);
    expect((await kari.request({ method: 'GET', url: '/api/rejection-choices/wedding' })).statusCode).toBe(403);
    const res = await call(ctx.app, vigdis, 'GET', '/api/rejection-choices/wedding');
    expect(res.statusCode).toBe(200);
    const choices = res.json<RejectionChoice[]>();
    expect(choices.map((c) => c.key)).toEqual(weddingRejectionChoices.map((c) => c.key));
    expect(choices[0]).toEqual({
      key: 'VIELSE_PROEVINGSATTEST_MANGLER',
      title: 'Prøvingsattest ikke mottatt i tide',
      text: expect.stringContaining('4 uker før vielsen'),
    });
  });

  it('rejecting with a wedding choice writes its text to the couple, the log and the vedtak, and frees the time', async () => {
    await ctx.database.db.update(locations).set({ enableVedtak: true }).where(eq(locations.id, venueId));
    const bookingId = await sentWedding();
    const choice = weddingRejectionChoices.find((c) => c.key === 'VIELSE_TIDSPUNKT_IKKE_LEDIG')!;
    const res = await call(ctx.app, vigdis, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionChoiceKey: choice.key });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'REJECTED', vedtakStored: true });
    const booking = (await view(bookingId)).json<AdminBookingView>();
    expect(booking.decisionMessages.map((m) => m.message)).toEqual([choice.text]);
    const log = (await call(ctx.app, vigdis, 'GET', `/api/booking-log/${bookingId}/changes`)).json<ChangeLogEntry[]>();
    expect(log.at(-1)).toMatchObject({ type: 'BookingRejection', label: 'Avslått', comment: choice.text });
    const [mail] = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`select body from mail_outbox where topic->>'kind' = 'BookingRejection' and (topic->>'bookingId')::int = ${bookingId}`,
    );
    expect(mail!.body).toContain(choice.text);
    const [doc] = await ctx.database.db
      .select({ html: bookingDocuments.html })
      .from(bookingDocuments)
      .where(eq(bookingDocuments.bookingId, bookingId));
    expect(doc!.html).toContain(choice.text);
    // The time is free again: Amina can take it.
    const amina = await citizenSession(ctx.app, testCitizens[2]!);
    expect((await takeWeddingTimes(amina, roomId, [weddingTime(day, '11:00:00')])).statusCode).toBe(201);
  });

  it('an edited wedding choice sends the edited text', async () => {
    const bookingId = await sentWedding();
    const edited = 'Vi har ikke mottatt prøvingsattesten. Ring oss på 21 80 21 80.';
    const res = await call(ctx.app, vigdis, 'PUT', `/api/booking/${bookingId}/reject`, {
      rejectionChoiceKey: 'VIELSE_PROEVINGSATTEST_MANGLER',
      rejectionText: edited,
    });
    expect(res.statusCode, res.body).toBe(200);
    expect((await view(bookingId)).json<AdminBookingView>().decisionMessages.map((m) => m.message)).toEqual([edited]);
  });

  it('a general reason for a wedding, or a wedding reason for a school booking, is 400 and changes nothing', async () => {
    const bookingId = await sentWedding();
    const before = await trailOf(ctx.database.db, bookingId);
    const general = await call(ctx.app, vigdis, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionChoiceKey: 'OPPTATT' });
    expect(general.statusCode).toBe(400);
    expect(general.json<ApiError>().fields).toEqual([{ path: 'body.rejectionChoiceKey', message: rejectionMessages.unknownChoice }]);
    expect(await trailOf(ctx.database.db, bookingId)).toEqual(before);

    const school = await bookingWithTimes(ctx.database.db, schoolId, kari.userId, [
      { bookableAssetId: schoolRoom, date: day, startTime: '18:00', durationMinutes: 60 },
    ]);
    const wrong = await call(ctx.app, siri, 'PUT', `/api/booking/${school.bookingId}/reject`, { rejectionChoiceKey: 'VIELSE_ANNET' });
    expect(wrong.statusCode).toBe(400);
    expect((await trailOf(ctx.database.db, school.bookingId)).status).toBe('UNPROCESSED');
    // Another location's administrator cannot reject the wedding at all.
    expect((await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionChoiceKey: 'VIELSE_ANNET' })).statusCode).toBe(
      403,
    );
  });

  it("the change log labels the certificate reminder 'Sendt'", async () => {
    const bookingId = await sentWedding({ file: false });
    await ctx.database.db.insert(changeLog).values({ bookingId, type: 'WeddingCertificateReminderSent', userName: 'System' });
    const log = (await call(ctx.app, vigdis, 'GET', `/api/booking-log/${bookingId}/changes`)).json<ChangeLogEntry[]>();
    expect(log.find((e) => e.type === 'WeddingCertificateReminderSent')).toMatchObject({ label: 'Sendt', user: 'System' });
  });
});

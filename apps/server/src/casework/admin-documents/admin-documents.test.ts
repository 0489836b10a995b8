import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { adminDocumentMessages, type AdminFormResponse } from '@lokaler/domain/admin-documents';
import type { ApiError } from '@lokaler/domain/api-error';
import type { ContractResponse } from '@lokaler/domain/contract';
import type { WeddingApplicationAnswers } from '@lokaler/domain/wedding-application-answers';
import { bookingDocuments } from '../../db/schema/admin-decisions';
import { signedContracts } from '../../db/schema/after-application';
import { requirements } from '../../db/schema/bookings';
import { weddingForms } from '../../db/schema/wedding-forms';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { addLocationAdmin, inDays } from '../../../test/factories/calendar';
import { storeApprovedContract } from '../../../test/factories/documents';
import { createAsset, createLocation, createUser } from '../../../test/factories/places';
import { bookingWithTimes, call } from '../../../test/admin-test-support';
import { inspectPdf } from '../../../test/pdf-inspection';
import { sha256Hex } from '../../bookings/documents/html';

const SSN = '12088012345';
const answers: WeddingApplicationAnswers = {
  applicantName: 'Kari Nordmann',
  applicantEmail: '',
  applicantPhoneNo: '41234567',
  addressStreetName: 'Storgata 1',
  addressPostCode: '0155',
  addressPostalName: 'Oslo',
  spouseName: 'Ola Nordmann',
  spouseEmail: 'ola@example.no',
  spousePhoneNo: '98765432',
  eventLanguage: 'norsk',
  weddingInterpreterRequired: false,
  weddingInterpreterLanguage: '',
  preferredContactLanguage: 'norsk',
  weddingCulturalSegmentDesired: null,
  weddingCulturalSegment: '',
  needsAccommodation: false,
  accommodationDetails: '',
  extraInformation: '',
};

describe("the administrator's reads of a booking's documents: GET /vedtak/{id}, /contract/{id}, /schema/{sub}/{formId}", () => {
  let ctx: TestContext;
  let siri: string;
  let jonas: string;
  let kari: string;
  let schoolBooking: number;
  let signedBooking: number;
  let bareBooking: number;
  let wedding: number;
  let heldWedding: number;
  const vedtakHtml = '<h1>Vedtak</h1><p>Søknaden er innvilget.</p>';

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    const school = (await createLocation(db, { name: 'Bjølsen skole' })).id;
    const room = (await createAsset(db, school, { name: 'Gymsal' })).id;
    const other = (await createLocation(db, { name: 'Sagene samfunnshus' })).id;
    await addLocationAdmin(db, school, testAdmins[0]!.email);
    await addLocationAdmin(db, other, testAdmins[1]!.email);
    const user = (await createUser(db)).id;
    const time = (startTime: string) => [
      { bookableAssetId: room, date: inDays(30), startTime, durationMinutes: 60, status: 'APPROVED' as const },
    ];

    schoolBooking = (await bookingWithTimes(db, school, user, time('10:00'), { status: 'APPROVED' })).bookingId;
    await db.insert(bookingDocuments).values({ bookingId: schoolBooking, kind: 'VEDTAK', html: vedtakHtml, hash: sha256Hex(vedtakHtml) });
    await storeApprovedContract(db, schoolBooking);
    await db.insert(requirements).values({ bookingId: schoolBooking, type: 'CONTRACT' });

    signedBooking = (await bookingWithTimes(db, school, user, time('12:00'), { status: 'APPROVED' })).bookingId;
    await storeApprovedContract(db, signedBooking);
    const signedAt = new Date('2030-01-20T10:15:00Z');
    await db
      .insert(requirements)
      .values({
        bookingId: signedBooking,
        type: 'CONTRACT',
        isFulfilled: true,
        fulfilledByUserId: user,
        fulfilledByName: 'Ola Signer',
        fulfillmentTime: signedAt,
      });
    await db
      .insert(signedContracts)
      .values({
        bookingId: signedBooking,
        html: '<p>Signert kontrakt</p>',
        sha256: sha256Hex('<p>Signert kontrakt</p>'),
        signedByUserId: user,
        signedByName: 'Ola Signer',
        signedAt,
      });

    bareBooking = (await bookingWithTimes(db, school, user, time('14:00'))).bookingId;
    wedding = (await bookingWithTimes(db, school, user, time('16:00'), { sourceForm: 'wedding' })).bookingId;
    await db.insert(weddingForms).values({ bookingId: wedding, answers, applicantSsn: SSN, submittedAt: new Date('2030-01-10T09:00:00Z') });
    heldWedding = (await bookingWithTimes(db, school, user, time('18:00'), { sourceForm: 'wedding' })).bookingId;

    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    jonas = (await loginAs(ctx.app, testAdmins[1]!, { client: 'admin' })).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
  });
  afterAll(() => ctx.close());

  it('GET /vedtak/{id} answers the stored vedtak byte for byte, 404 when the booking has none', async () => {
    const res = await call(ctx.app, siri, 'GET', `/api/vedtak/${schoolBooking}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ vedtakHtml });
    const none = await call(ctx.app, siri, 'GET', `/api/vedtak/${bareBooking}`);
    expect(none.statusCode).toBe(404);
    expect(none.json<ApiError>().userMsg).toBe('Det finnes ikke noe vedtak for denne bookingen.');
  });

  it('GET /contract/{id} answers the approved contract unsigned, the signed copy with who and when, 404 without one', async () => {
    const unsigned = await call(ctx.app, siri, 'GET', `/api/contract/${schoolBooking}`);
    expect(unsigned.statusCode, unsigned.body).toBe(200);
    expect(unsigned.json<ContractResponse>()).toMatchObject({
      bookingId: schoolBooking,
      isSigned: false,
      signedByName: null,
      signedTimeUtc: null,
    });
    expect(unsigned.json<ContractResponse>().contractHtml).toContain('<h1');

    const signed = await call(ctx.app, siri, 'GET', `/api/contract/${signedBooking}`);
    expect(signed.json<ContractResponse>()).toEqual({
      bookingId: signedBooking,
      contractHtml: '<p>Signert kontrakt</p>',
      isSigned: true,
      signedByName: 'Ola Signer',
      signedTimeUtc: '2030-01-20T10:15:00.000Z',
    });

    const none = await call(ctx.app, siri, 'GET', `/api/contract/${bareBooking}`);
    expect(none.statusCode).toBe(404);
    expect(none.json<ApiError>().userMsg).toBe(adminDocumentMessages.noContract);
  });

  it('GET /vedtak/{id}/pdf and /contract/{id}/pdf answer the same documents as PDF/A attachments (decision 055), 404 without one', async () => {
    const vedtak = await call(ctx.app, siri, 'GET', `/api/vedtak/${schoolBooking}/pdf`);
    expect(vedtak.statusCode, vedtak.body).toBe(200);
    expect(vedtak.headers['content-type']).toBe('application/pdf');
    expect(vedtak.headers['content-disposition']).toMatch(/^attachment; filename="vedtak-[A-Z0-9-]+\.pdf"$/);
    expect((await inspectPdf(vedtak.rawPayload)).text).toContain('Søknaden er innvilget.');

    const signed = await call(ctx.app, siri, 'GET', `/api/contract/${signedBooking}/pdf`);
    expect(signed.headers['content-disposition']).toMatch(/^attachment; filename="kontrakt-[A-Z0-9-]+\.pdf"$/);
    const text = (await inspectPdf(signed.rawPayload)).text;
    expect(text).toContain('Signert kontrakt');
    expect(text).toContain('Signert digitalt av Ola Signer 20.01.2030 kl. 11:15');
    expect(text).toContain(sha256Hex('<p>Signert kontrakt</p>'));

    expect((await call(ctx.app, siri, 'GET', `/api/vedtak/${bareBooking}/pdf`)).statusCode).toBe(404);
    const none = await call(ctx.app, siri, 'GET', `/api/contract/${bareBooking}/pdf`);
    expect(none.statusCode).toBe(404);
    expect(none.json<ApiError>().userMsg).toBe(adminDocumentMessages.noContract);
  });

  it('GET /schema/vielse/{formId} answers the wedding form without the identity number; /schema/wedding is the same form', async () => {
    const res = await call(ctx.app, siri, 'GET', `/api/schema/vielse/${wedding}`);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.body).not.toContain(SSN);
    expect(res.json<AdminFormResponse>()).toEqual({
      bookingId: wedding,
      formDetailsSubRoute: 'vielse',
      submittedAtUtc: '2030-01-10T09:00:00.000Z',
      answers,
      nationalIdentityNumberGiven: true,
      proevingsattestFile: null,
      proevingsattestFileAddedTimeUtc: null,
    });
    expect((await call(ctx.app, siri, 'GET', `/api/schema/wedding/${wedding}`)).json()).toEqual(res.json());

    const held = await call(ctx.app, siri, 'GET', `/api/schema/vielse/${heldWedding}`);
    expect(held.json<AdminFormResponse>()).toMatchObject({ answers: null, submittedAtUtc: null, nationalIdentityNumberGiven: false });
  });

  it('GET /schema answers 404 for an unknown sub-route and for a booking whose form is another', async () => {
    for (const url of [`/api/schema/skole/${wedding}`, `/api/schema/toString/${wedding}`, `/api/schema/vielse/${schoolBooking}`]) {
      const res = await call(ctx.app, siri, 'GET', url);
      expect(res.statusCode, url).toBe(404);
      expect(res.json<ApiError>().userMsg, url).toBe(adminDocumentMessages.unknownForm);
    }
  });

  it("refuses: anonymous 401, a citizen 403, another location's administrator 403, an unknown booking 404, a bad id 400", async () => {
    for (const url of [
      `/api/vedtak/${schoolBooking}`,
      `/api/contract/${schoolBooking}`,
      `/api/schema/vielse/${wedding}`,
      `/api/vedtak/${schoolBooking}/pdf`,
      `/api/contract/${schoolBooking}/pdf`,
    ]) {
      expect((await call(ctx.app, null, 'GET', url)).statusCode, url).toBe(401);
      expect((await call(ctx.app, kari, 'GET', url)).statusCode, url).toBe(403);
      const stranger = await call(ctx.app, jonas, 'GET', url);
      expect(stranger.statusCode, url).toBe(403);
      expect(stranger.body, url).not.toContain('Vedtak');
    }
    for (const url of [
      '/api/vedtak/999999',
      '/api/contract/999999',
      '/api/schema/vielse/999999',
      '/api/vedtak/999999/pdf',
      '/api/contract/999999/pdf',
    ]) {
      expect((await call(ctx.app, siri, 'GET', url)).statusCode, url).toBe(404);
    }
    expect((await call(ctx.app, siri, 'GET', '/api/vedtak/abc')).statusCode).toBe(400);
  });
});

import { createHash } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPreview } from '@lokaler/domain/admin-approval';
import { contractMessages, type ContractResponse } from '@lokaler/domain/contract';
import { vedtakMessages } from '@lokaler/domain/user-booking-documents';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { testAdmins, testCitizens } from '../../seed/test-users';
import { bookingWithTimes, call } from '../../../test/admin-test-support';

/**
 * The administrator's decisions as the applicant sees them at once, through the applicant's own
 * endpoints (bookings/user-bookings, vedtak, contracts), which read the same tables.
 */
describe("the applicant sees the administrator's decision", () => {
  let ctx: TestContext;
  let siri: string;
  let kari: string;
  let kariId: number;
  let locationId: number;
  let hall: number;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Sagene samfunnshus', requireContract: true, enableVedtak: true })).id;
    await setOpeningHours(db, locationId, '08:00', '23:00');
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    hall = (await createAsset(db, locationId, { name: 'Storsalen', squareMeters: 300 })).id;
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    kari = (await loginAs(ctx.app, testCitizens[0]!)).accessToken;
    // Her first authenticated call creates her user row.
    kariId = (await call(ctx.app, kari, 'GET', '/api/currentuser/roles')).json<{ userId: number }>().userId;
  });
  afterAll(() => ctx.close());

  const sha256 = (html: string) => createHash('sha256').update(html, 'utf8').digest('hex');
  const application = (startTime: string) =>
    bookingWithTimes(ctx.database.db, locationId, kariId, [{ bookableAssetId: hall, date: inDays(20), startTime, durationMinutes: 60 }]);

  it("approved: 'Godkjent' status, the vedtak and the contract exactly as previewed, the contract to sign", async () => {
    const { bookingId } = await application('18:00');
    const vedtak = (await call(ctx.app, siri, 'GET', `/api/vedtak-preview/${bookingId}?costCategory=FREE`)).json<DocumentPreview>();
    const contract = (await call(ctx.app, siri, 'GET', `/api/contract-preview/${bookingId}?costCategory=FREE`)).json<DocumentPreview>();
    const approved = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, {
      costCategory: 'FREE',
      comment: 'Velkommen!',
      vedtakApproved: true,
      vedtakHash: vedtak.hash,
      contractApproved: true,
      contractHash: contract.hash,
    });
    expect(approved.statusCode).toBe(200);

    const booking = await call(ctx.app, kari, 'GET', `/api/user/booking/${bookingId}`);
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toMatchObject({
      status: 'APPROVED',
      vedtakExists: true,
      contractExists: true,
      hasPendingRequirements: true,
      requirements: [expect.objectContaining({ type: 'CONTRACT', isFulfilled: false })],
      decisionMessages: [expect.objectContaining({ message: 'Velkommen!' })],
    });
    // Byte for byte what the administrator previewed and approved: the same SHA-256.
    const vedtakHtml = (await call(ctx.app, kari, 'GET', `/api/user/vedtak/${bookingId}`)).json<{ vedtakHtml: string }>().vedtakHtml;
    expect(vedtakHtml).toBe(vedtak.html);
    expect(sha256(vedtakHtml)).toBe(vedtak.hash);
    const shown = (await call(ctx.app, kari, 'GET', `/api/user/contract/${bookingId}`)).json<ContractResponse>();
    expect(shown).toMatchObject({ contractHtml: contract.html, isSigned: false });
    expect(sha256(shown.contractHtml)).toBe(contract.hash);
    const changes = (await call(ctx.app, kari, 'GET', `/api/user/booking/${bookingId}/changes`)).json<{ type: string }[]>();
    expect(changes.map((c) => c.type)).toEqual(['BookingApproval']);
    // What she signs is that same document.
    const signed = (await call(ctx.app, kari, 'POST', `/api/user/contract/confirm/${bookingId}`)).json<ContractResponse>();
    expect(signed).toMatchObject({ isSigned: true, contractHtml: contract.html });
    expect(sha256(signed.contractHtml)).toBe(contract.hash);
  });

  it("before the decision and after 'Angre godkjenning': no vedtak and no contract, with clear Norwegian texts", async () => {
    const { bookingId } = await application('16:00');
    const none = async () =>
      [
        await call(ctx.app, kari, 'GET', `/api/user/vedtak/${bookingId}`),
        await call(ctx.app, kari, 'GET', `/api/user/contract/${bookingId}`),
      ].map((res) => [res.statusCode, res.json<{ userMsg: string }>().userMsg]);
    expect(await none()).toEqual([
      [404, vedtakMessages.noVedtak],
      [404, contractMessages.noContract],
    ]);

    const vedtak = (await call(ctx.app, siri, 'GET', `/api/vedtak-preview/${bookingId}?costCategory=FREE`)).json<DocumentPreview>();
    const contract = (await call(ctx.app, siri, 'GET', `/api/contract-preview/${bookingId}?costCategory=FREE`)).json<DocumentPreview>();
    expect(
      (
        await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, {
          costCategory: 'FREE',
          vedtakApproved: true,
          vedtakHash: vedtak.hash,
          contractApproved: true,
          contractHash: contract.hash,
        })
      ).statusCode,
    ).toBe(200);
    expect((await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/unapprove`)).statusCode).toBe(200);
    expect(await none()).toEqual([
      [404, vedtakMessages.noVedtak],
      [404, contractMessages.noContract],
    ]);
  });

  it("rejected: 'Avslått' status, the reason and the rejection vedtak exactly as previewed", async () => {
    const { bookingId } = await application('20:00');
    const reason = 'Storsalen er opptatt av bydelens eget arrangement.';
    const preview = (
      await call(ctx.app, siri, 'GET', `/api/vedtak-preview/${bookingId}?vedtakType=REJECTION&rejectionText=${encodeURIComponent(reason)}`)
    ).json<DocumentPreview>();
    const rejected = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, {
      rejectionText: reason,
      vedtakHash: preview.hash,
    });
    expect(rejected.statusCode).toBe(200);
    const booking = await call(ctx.app, kari, 'GET', `/api/user/booking/${bookingId}`);
    expect(booking.json()).toMatchObject({
      status: 'REJECTED',
      decisionMessages: [expect.objectContaining({ message: 'Storsalen er opptatt av bydelens eget arrangement.' })],
    });
    const vedtak = (await call(ctx.app, kari, 'GET', `/api/user/vedtak/${bookingId}`)).json<{ vedtakHtml: string }>();
    expect(vedtak.vedtakHtml).toContain('Storsalen er opptatt av bydelens eget arrangement.');
    expect(vedtak.vedtakHtml).toBe(preview.html);
    expect(sha256(vedtak.vedtakHtml)).toBe(preview.hash);
  });
});

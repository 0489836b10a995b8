import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DocumentPreview } from '@lokaler/domain/admin-approval';
import { createTestApp, type TestContext } from '../../../test/test-app';
import { loginAs } from '../../../test/login';
import { createAsset, createLocation } from '../../../test/factories/places';
import { addLocationAdmin, inDays, setOpeningHours } from '../../../test/factories/calendar';
import { testAdmins, testCitizens } from '../../idp/test-users';
import { bookingWithTimes, call } from '../admin-booking-shared/admin-test-support';

/**
 * The administrator's decisions as the applicant sees them at once, through the applicant's own
 * endpoints (modules/user-bookings, vedtak, contracts), which read the same tables.
 */
describe('the applicant sees the administrator\'s decision', () => {
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

  const application = (startTime: string) => bookingWithTimes(ctx.database.db, locationId, kariId, [{ bookableAssetId: hall, date: inDays(20), startTime, durationMinutes: 60 }]);

  it('approved: \'Godkjent\' status, the vedtak and the contract exactly as previewed, the contract to sign', async () => {
    const { bookingId } = await application('18:00');
    const vedtak = (await call(ctx.app, siri, 'GET', `/api/vedtak-preview/${bookingId}?costCategory=FREE`)).json<DocumentPreview>();
    const contract = (await call(ctx.app, siri, 'GET', `/api/contract-preview/${bookingId}?costCategory=FREE`)).json<DocumentPreview>();
    const approved = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/approve`, {
      costCategory: 'FREE', comment: 'Velkommen!', vedtakApproved: true, vedtakHash: vedtak.hash, contractApproved: true, contractHash: contract.hash,
    });
    expect(approved.statusCode).toBe(200);

    const booking = await call(ctx.app, kari, 'GET', `/api/user/booking/${bookingId}`);
    expect(booking.statusCode).toBe(200);
    expect(booking.json()).toMatchObject({
      status: 'APPROVED', vedtakExists: true, contractExists: true, hasPendingRequirements: true,
      requirements: [expect.objectContaining({ type: 'CONTRACT', isFulfilled: false })],
      decisionMessages: [expect.objectContaining({ message: 'Velkommen!' })],
    });
    expect((await call(ctx.app, kari, 'GET', `/api/user/vedtak/${bookingId}`)).json()).toEqual({ vedtakHtml: vedtak.html });
    expect((await call(ctx.app, kari, 'GET', `/api/user/contract/${bookingId}`)).json()).toMatchObject({ contractHtml: contract.html, isSigned: false });
    const changes = (await call(ctx.app, kari, 'GET', `/api/user/booking/${bookingId}/changes`)).json<{ type: string }[]>();
    expect(changes.map((c) => c.type)).toEqual(['BookingApproval']);
  });

  it('rejected: \'Avslått\' status and the reason', async () => {
    const { bookingId } = await application('20:00');
    const rejected = await call(ctx.app, siri, 'PUT', `/api/booking/${bookingId}/reject`, { rejectionText: 'Storsalen er opptatt av bydelens eget arrangement.' });
    expect(rejected.statusCode).toBe(200);
    const booking = await call(ctx.app, kari, 'GET', `/api/user/booking/${bookingId}`);
    expect(booking.json()).toMatchObject({ status: 'REJECTED', decisionMessages: [expect.objectContaining({ message: 'Storsalen er opptatt av bydelens eget arrangement.' })] });
    const vedtak = (await call(ctx.app, kari, 'GET', `/api/user/vedtak/${bookingId}`)).json<{ vedtakHtml: string }>();
    expect(vedtak.vedtakHtml).toContain('Storsalen er opptatt av bydelens eget arrangement.');
  });
});

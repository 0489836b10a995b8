import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import type { CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import type { DocumentPreview } from '@lokaler/domain/admin-approval';
import type { ContractResponse } from '@lokaler/domain/contract';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { UserBooking } from '@lokaler/domain/user-booking';
import type { VedtakResponse } from '@lokaler/domain/user-booking-documents';
import { queryRows } from '../src/db/client';
import { testAdmins, testCitizens } from '../src/seed/test-users';
import { call } from './admin-test-support';
import { applicantBooking, citizenSession, type CitizenSession } from './factories/applicant';
import { addLocationAdmin, inDays } from './factories/calendar';
import { createAsset, createLocation } from './factories/places';
import { loginAs } from './login';
import { createTestApp, type TestContext } from './test-app';

/**
 * One midnight convention (booking-reservation.ts): a time from 22:00 to midnight is '00:00:00' in
 * the applicant's and the administrator's answers alike, and '22:00–00:00' wherever it is shown —
 * the applicant's descriptions, the vedtak and the contract, the e-mail. '24:00' appears nowhere.
 */
describe('a time that ends at midnight', () => {
  let ctx: TestContext;
  let kari: CitizenSession;
  let siri: string;
  let locationId: number;
  let bookingId: number;
  let lateId: number;
  const late = inDays(20);
  const shown = `${formatDateNorwegian(late)} 22:00–00:00`;

  beforeAll(async () => {
    ctx = await createTestApp();
    const db = ctx.database.db;
    locationId = (await createLocation(db, { name: 'Sagene samfunnshus', requireContract: true, enableVedtak: true })).id;
    await addLocationAdmin(db, locationId, testAdmins[0]!.email);
    const hall = (await createAsset(db, locationId, { name: 'Storsalen', externalAssetNumber: 'S1' })).id;
    kari = await citizenSession(ctx.app, testCitizens[0]!);
    siri = (await loginAs(ctx.app, testAdmins[0]!, { client: 'admin' })).accessToken;
    const booking = await applicantBooking(db, {
      locationId,
      userId: kari.userId,
      times: [
        { bookableAssetId: hall, date: late, startTime: '22:00:00', durationMinutes: 120 },
        { bookableAssetId: hall, date: inDays(27), startTime: '18:00:00', durationMinutes: 60 },
      ],
    });
    bookingId = booking.id;
  });
  afterAll(() => ctx.close());

  const admin = async <T>(method: 'GET' | 'PUT' | 'DELETE', url: string, payload?: unknown) => {
    const res = await call(ctx.app, siri, method, url, payload);
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };
  const applicant = async <T>(url: string) => {
    const res = await kari.request({ method: 'GET', url });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<T>();
  };

  it('ends at 00:00:00 for the applicant, and reads 22:00–00:00 in the descriptions', async () => {
    const booking = await applicant<UserBooking>(`/api/user/booking/${bookingId}`);
    const [first] = booking.reservations;
    lateId = first!.reservationId;
    expect(first).toMatchObject({
      date: late,
      startTime: '22:00:00',
      endTime: '00:00:00',
      duration: 'PT2H',
      displayName: 'Storsalen (S1)',
    });
    expect(booking.timeDescriptionsByReservationId[String(lateId)]).toMatch(/ kl\. 22:00–00:00$/);
  });

  it('ends at 00:00:00 for the administrator, in the booking and in the calendar', async () => {
    const view = await admin<AdminBookingView>('GET', `/api/booking/${bookingId}`);
    expect(view.reservations[0]).toMatchObject({
      reservationId: lateId,
      startTime: '22:00:00',
      endTime: '00:00:00',
      duration: 'PT2H',
      displayName: 'Storsalen (S1)',
    });
    const calendar = await admin<CalendarDataResponse>('GET', `/api/booking/calendardata?locationId=${locationId}&from=${late}&to=${late}`);
    expect(calendar.bookings.flatMap((b) => b.reservations)).toEqual([
      expect.objectContaining({ reservationId: lateId, endTime: '00:00:00' }),
    ]);
  });

  it('reads 22:00–00:00 in the vedtak and the contract the applicant gets', async () => {
    const vedtak = await admin<DocumentPreview>('GET', `/api/vedtak-preview/${bookingId}?costCategory=FREE`);
    const contract = await admin<DocumentPreview>('GET', `/api/contract-preview/${bookingId}?costCategory=FREE`);
    await admin('PUT', `/api/booking/${bookingId}/approve`, {
      costCategory: 'FREE',
      vedtakApproved: true,
      vedtakHash: vedtak.hash,
      contractApproved: true,
      contractHash: contract.hash,
    });
    const documents = [
      (await applicant<VedtakResponse>(`/api/user/vedtak/${bookingId}`)).vedtakHtml,
      (await applicant<ContractResponse>(`/api/user/contract/${bookingId}`)).contractHtml,
    ];
    for (const html of documents) {
      expect(html).toContain(shown);
      expect(html).not.toContain('24:00');
    }
  });

  it('reads 22:00–00:00 in the e-mail about it', async () => {
    await admin('DELETE', `/api/reservation?id=${lateId}`);
    const [mail] = await queryRows<{ body: string }>(
      ctx.database.db,
      sql`
      select body from mail_outbox where (topic->>'bookingId')::int = ${bookingId} and topic->>'kind' = 'ReservationRejection'`,
    );
    expect(mail?.body).toContain(`Storsalen (S1): ${shown}`);
    expect(mail?.body).not.toContain('24:00');
  });
});

import type { CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import { buildRooms } from '../../testing/admin-rooms';
import { stubApi } from '../../testing/stub-api';

export const reservation = (
  reservationId: number,
  bookableAssetId: number,
  date: string,
  startTime: string,
  endTime: string,
  status: 'APPROVED' | 'UNPROCESSED' = 'APPROVED',
) => ({ reservationId, bookableAssetId, date, startTime, endTime, duration: 'PT1H', status });

/**
 * Week 51 of 2026 at Lakkegata skole (Gymsal 3, Aula 4): Friday 18.12 closed ('Vannlekkasje') with
 * Sagene IF's time kept on it; a block in the hall on Tuesday over Yoga; Korps waiting on Thursday.
 */
export const week51: CalendarDataResponse = {
  bookings: [
    {
      bookingId: 31,
      caseNumber: 'LOK-31',
      status: 'APPROVED',
      bookingPurpose: 'PUBLICUSER_LOAN',
      title: 'Sagene IF',
      reservations: [reservation(301, 3, '2026-12-18', '18:00:00', '19:00:00')],
    },
    {
      bookingId: 32,
      caseNumber: 'LOK-32',
      status: 'APPROVED',
      bookingPurpose: 'PUBLICUSER_LOAN',
      title: 'Yoga',
      reservations: [reservation(302, 4, '2026-12-15', '10:00:00', '11:00:00'), reservation(303, 4, '2026-12-16', '10:00:00', '11:00:00')],
    },
    {
      bookingId: 33,
      caseNumber: 'LOK-33',
      status: 'UNPROCESSED',
      bookingPurpose: 'PUBLICUSER_LOAN',
      title: 'Korps',
      reservations: [reservation(304, 3, '2026-12-17', '17:00:00', '18:00:00', 'UNPROCESSED')],
    },
  ],
  closedDates: [{ date: '2026-12-18', reason: 'Vannlekkasje' }],
  blockedTimes: [{ bookableAssetId: 4, date: '2026-12-15', startTime: '10:30:00', endTime: '12:00:00' }],
};

/** The location's rooms and calendar, with `more` answers (PUT …) on top. */
export function stubCalendar(more: Parameters<typeof stubApi>[0] = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Lakkegata skole' }],
    '/api/location/7/bookableassets': buildRooms([
      { id: 3, name: 'Gymsal' },
      { id: 4, name: 'Aula' },
    ]),
    '/api/booking/calendardata': week51,
    ...more,
  });
}

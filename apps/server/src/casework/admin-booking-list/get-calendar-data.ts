import type { CalendarDataQuery, CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { reservationEndTime } from '@lokaler/domain/scheduling/time-of-day';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { listBlockedTimes, listCalendarRows, listClosedDays } from './repository';

/**
 * GET /api/booking/calendardata: the active reservations (UNPROCESSED, APPROVED) of a location's
 * rooms in a date range, grouped by booking, with the list's filters; bookings without any
 * reservation in the range are left out; with the location's closed days and the rooms' blocked
 * times in the range (decision 042). Three queries.
 */
export async function getCalendarData({
  db,
  user,
  query,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  query: CalendarDataQuery;
}): Promise<CalendarDataResponse> {
  assertAdministers(user, query.locationId);
  const filters = {
    locationId: query.locationId,
    statuses: query.status,
    bookableAssetId: query.bookableAssetId,
    purpose: query.purpose,
    text: query.text || undefined,
  };
  const [rows, closedDates, blocked] = await Promise.all([
    listCalendarRows(db, filters, query.from, query.to),
    listClosedDays(db, query.locationId, query.from, query.to),
    listBlockedTimes(db, query.locationId, query.from, query.to, query.bookableAssetId),
  ]);

  const byBooking = new Map<number, CalendarDataResponse['bookings'][number]>();
  for (const r of rows) {
    let booking = byBooking.get(r.booking_id);
    if (!booking) {
      booking = {
        bookingId: r.booking_id,
        caseNumber: r.case_number,
        status: r.booking_status,
        bookingPurpose: r.purpose,
        title: r.title ?? r.case_number,
        reservations: [],
      };
      byBooking.set(r.booking_id, booking);
    }
    booking.reservations.push({
      reservationId: r.reservation_id,
      bookableAssetId: r.bookable_asset_id,
      date: r.date,
      startTime: r.start_time,
      endTime: reservationEndTime(r.start_time, r.duration_minutes),
      duration: formatDuration(r.duration_minutes),
      status: r.reservation_status,
    });
  }
  return {
    bookings: [...byBooking.values()],
    closedDates,
    blockedTimes: blocked.map((b) => ({
      bookableAssetId: b.bookableAssetId,
      date: b.date,
      startTime: b.startTime,
      endTime: reservationEndTime(b.startTime, b.durationMinutes),
    })),
  };
}

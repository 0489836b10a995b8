import { sql } from 'drizzle-orm';
import type { CalendarDataQuery, CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import type { BookingPurpose, BookingStatus } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import { queryRows, type DbOrTx } from '../../db/client';
import { endTimeOf } from '../admin-booking-shared/reservation-rows';
import { whereClause } from './repository';

interface CalendarRow extends Record<string, unknown> {
  booking_id: number;
  case_number: string;
  booking_status: BookingStatus;
  purpose: BookingPurpose;
  title: string | null;
  reservation_id: number;
  bookable_asset_id: number;
  date: string;
  start_time: string;
  duration_minutes: number;
  reservation_status: ReservationStatus;
}

/**
 * GET /api/booking/calendardata: the active reservations (UNPROCESSED, APPROVED) of a location's
 * rooms in a date range, grouped by booking, with the list's filters; bookings without any
 * reservation in the range are left out. One query.
 */
export async function getCalendarData({ db, user, query }: { db: DbOrTx; user: AuthenticatedUser; query: CalendarDataQuery }): Promise<CalendarDataResponse> {
  assertAdministers(user, query.locationId);
  const filters = whereClause({
    locationId: query.locationId,
    statuses: query.status,
    bookableAssetId: query.bookableAssetId,
    purpose: query.purpose,
    text: query.text || undefined,
  }, true);
  const rows = await queryRows<CalendarRow>(db, sql`
    select b.id as booking_id, b.case_number, b.status as booking_status, b.purpose,
      coalesce(b.internal_event_title, b.on_behalf_of_name, b.organization_name, u.name) as title,
      r.id as reservation_id, r.bookable_asset_id, to_char(r.date, 'YYYY-MM-DD') as date,
      to_char(r.start_time, 'HH24:MI:SS') as start_time, r.duration_minutes, r.status as reservation_status
    from bookings b
    left join users u on u.id = b.user_id
    join reservations r on r.booking_id = b.id
    where ${filters}
      and r.status in ('UNPROCESSED', 'APPROVED')
      and r.date between ${query.from}::date and ${query.to}::date
      ${query.bookableAssetId ? sql`and r.bookable_asset_id = ${query.bookableAssetId}` : sql``}
    order by r.date, r.start_time, r.id`);

  const byBooking = new Map<number, CalendarDataResponse['bookings'][number]>();
  for (const r of rows) {
    let booking = byBooking.get(r.booking_id);
    if (!booking) {
      booking = { bookingId: r.booking_id, caseNumber: r.case_number, status: r.booking_status, bookingPurpose: r.purpose, title: r.title ?? r.case_number, reservations: [] };
      byBooking.set(r.booking_id, booking);
    }
    booking.reservations.push({
      reservationId: r.reservation_id,
      bookableAssetId: r.bookable_asset_id,
      date: r.date,
      startTime: r.start_time,
      endTime: endTimeOf(r.start_time, r.duration_minutes),
      duration: formatDuration(r.duration_minutes),
      status: r.reservation_status,
    });
  }
  return { bookings: [...byBooking.values()] };
}

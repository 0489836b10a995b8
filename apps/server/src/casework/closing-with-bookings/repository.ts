import { sql } from 'drizzle-orm';
import type { BookingFormAnswers, BookingStatus } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import { queryRows, type Tx } from '../../db/client';
import { lockRooms } from '../../db/lock-rooms';
import type { ClosedTimes } from '../../locations';

/** An active time a closing hits, with its booking (who booked, and whom to mail). */
export interface AffectedRow extends Record<string, unknown> {
  reservationId: number;
  bookableAssetId: number;
  roomName: string;
  roomNumber: string | null;
  date: string;
  startTime: string;
  durationMinutes: number;
  reservationStatus: ReservationStatus;
  bookingId: number;
  caseNumber: string;
  bookingStatus: BookingStatus;
  locationId: number;
  userId: number | null;
  onBehalfOfEmail: string | null;
  formAnswers: BookingFormAnswers;
  applicantName: string | null;
  organizationName: string | null;
  /** How many active times the booking has in all (to tell whether the closing takes every one). */
  activeCount: number;
}

/**
 * The active times (UNPROCESSED, APPROVED) the closing hits, in booking, date and time order. The
 * rooms are locked first (the lock an application and an administrator's booking take), so no new
 * time lands on the closed days between this read and the commit. One query after the lock.
 */
export async function lockAndFindAffected(tx: Tx, closed: ClosedTimes): Promise<AffectedRow[]> {
  if (closed.kind === 'ROOM_TIMES' && closed.intervals.length === 0) return [];
  const rooms =
    closed.kind === 'DAYS'
      ? (await queryRows<{ id: number }>(tx, sql`select id from bookable_assets where location_id = ${closed.locationId} order by id`)).map(
          (r) => r.id,
        )
      : [closed.bookableAssetId];
  if (rooms.length === 0) return [];
  await lockRooms(tx, rooms);
  const where =
    closed.kind === 'DAYS'
      ? sql`a.location_id = ${closed.locationId} and r.date between ${closed.fromDate}::date and ${closed.toDate}::date`
      : sql`r.bookable_asset_id = ${closed.bookableAssetId} and exists (
        select 1 from (values ${sql.join(
          closed.intervals.map((i) => sql`(${i.date}::date, ${i.start}::int, ${i.end}::int)`),
          sql`, `,
        )}) as c(date, start_minute, end_minute)
        where c.date = r.date
          and (extract(hour from r.start_time) * 60 + extract(minute from r.start_time)) < c.end_minute
          and (extract(hour from r.start_time) * 60 + extract(minute from r.start_time)) + r.duration_minutes > c.start_minute)`;
  return queryRows<AffectedRow>(
    tx,
    sql`select r.id as "reservationId", r.bookable_asset_id as "bookableAssetId", a.name as "roomName",
      a.external_asset_number as "roomNumber", r.date::text as date, r.start_time::text as "startTime", r.duration_minutes as "durationMinutes",
      r.status::text as "reservationStatus", b.id as "bookingId", b.case_number as "caseNumber", b.status::text as "bookingStatus",
      b.location_id as "locationId", b.user_id as "userId", b.on_behalf_of_email as "onBehalfOfEmail", b.form_answers as "formAnswers",
      coalesce(b.on_behalf_of_name, u.name, b.internal_event_title) as "applicantName", b.organization_name as "organizationName",
      (select count(*)::int from reservations o where o.booking_id = b.id and o.status in ('UNPROCESSED', 'APPROVED')) as "activeCount"
    from reservations r
    join bookings b on b.id = r.booking_id
    join bookable_assets a on a.id = r.bookable_asset_id
    left join users u on u.id = b.user_id
    where r.status in ('UNPROCESSED', 'APPROVED') and ${where}
    order by b.id, r.date, r.start_time, r.id`,
  );
}

import { sql } from 'drizzle-orm';
import type { BookingDurationType, BookingFormAnswers, ChangeLogReservationTimes, SourceForm } from '@lokaler/domain/booking';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import { queryRows, type DbOrTx } from '../../db/client';
import { bookings, changeLog } from '../../db/schema/bookings';
import { osloPeriod } from '../../db/schema/columns';

export interface NewBooking {
  /** Year of the case number (Oslo). */
  year: string;
  userId: number;
  /** Set when the person acts for an organisation: the booking then belongs to it. */
  organization: { number: string; name: string } | null;
  locationId: number;
  sourceForm: SourceForm;
  durationType: BookingDurationType;
  formAnswers: BookingFormAnswers;
  /** The booking's first time, Oslo wall clock. */
  firstDate: string;
  firstStartTime: string;
  /** Days before the first date (at 23:59) until which an approved booking may be cancelled. */
  cancellationDays: number;
  /** A wedding time's hold (issue 12), else null. */
  holdExpiresAt: Date | null;
}

/**
 * Inserts the booking (UNPROCESSED, PUBLICUSER_LOAN) with the next free case number,
 * 'LOK-<year>-<at least five digits>', from the sequence of db/schema/case-numbers.ts. A sequence
 * never gives a value twice, so concurrent bookings cannot collide; a number that exists already
 * (demo data, imports) is skipped by trying the next. One statement per attempt.
 *
 * The cancellation deadline is 23:59 Oslo time `cancellationDays` days before the first date; when
 * that has passed already (a booking for next week), it is the first time's start, so a short-notice
 * booking stays cancellable until it begins.
 */
export async function insertBooking(tx: DbOrTx, booking: NewBooking): Promise<{ bookingId: number; caseNumber: string }> {
  const daysBefore = sql`((${booking.firstDate}::date - ${booking.cancellationDays}::int) + time '23:59') at time zone 'Europe/Oslo'`;
  const firstStart = sql`(${booking.firstDate}::date + ${booking.firstStartTime}::time) at time zone 'Europe/Oslo'`;
  const nextNumber = sql`(select 'LOK-' || ${booking.year}::text || '-' || lpad(v::text, greatest(5, length(v::text)), '0') from (select nextval('booking_case_number_seq') as v) n)`;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const [row] = await tx.insert(bookings).values({
      status: 'UNPROCESSED',
      userId: booking.userId,
      organizationNumber: booking.organization?.number ?? null,
      organizationName: booking.organization?.name ?? null,
      locationId: booking.locationId,
      purpose: 'PUBLICUSER_LOAN',
      sourceForm: booking.sourceForm,
      durationType: booking.durationType,
      caseNumber: nextNumber,
      formAnswers: booking.formAnswers,
      holdExpiresAt: booking.holdExpiresAt,
      cancellationDeadline: sql`case when ${daysBefore} > now() then ${daysBefore} else ${firstStart} end`,
    }).onConflictDoNothing({ target: bookings.caseNumber }).returning({ bookingId: bookings.id, caseNumber: bookings.caseNumber });
    if (row) return row;
  }
  throw new Error('No free case number after 1000 attempts');
}

/** The booking's first change-log entry ('Comment', shown as 'Opprettet'), with its times per room. */
export async function insertCreatedEntry(tx: DbOrTx, entry: { bookingId: number; userId: number; userName: string; reservationTimes: ChangeLogReservationTimes }): Promise<void> {
  await tx.insert(changeLog).values({ bookingId: entry.bookingId, type: 'Comment', userId: entry.userId, userName: entry.userName, reservationTimes: entry.reservationTimes });
}

export interface WantedTime {
  bookableAssetId: number;
  date: string;
  startTime: string;
  durationMinutes: number;
}

/**
 * Which of these times an active reservation overlaps now (instants, as the exclusion constraint
 * compares them): the taken times to name in a 409. One query for any number of times.
 */
export async function findTakenTimes<T extends WantedTime>(tx: DbOrTx, times: readonly T[]): Promise<T[]> {
  if (times.length === 0) return [];
  const wanted = JSON.stringify(times.map((t, i) => ({ i, asset: t.bookableAssetId, d: t.date, s: t.startTime, m: t.durationMinutes })));
  const rows = await queryRows<{ i: number }>(tx, sql`
    select t.i from jsonb_to_recordset(${wanted}::jsonb) as t(i int, asset int, d date, s time, m int)
    where exists (
      select 1 from reservations r
      where r.bookable_asset_id = t.asset
        and r.status::text in (${sql.join(activeReservationStatuses.map((s) => sql`${s}`), sql`, `)})
        and r.period && ${osloPeriod('d', 's', 'm')}
    )
    order by t.i`);
  return rows.map((r) => times[Number(r.i)]!);
}

/**
 * The user's wedding booking whose time is still held at `now`, if any. The user's row is locked first
 * (FOR UPDATE, until the transaction ends), so two takes by one person at once run one after the other;
 * the bookings are read in a second statement, whose snapshot (READ COMMITTED) is taken after the lock
 * was granted, so it sees the booking of the take that held the lock before (one statement would read
 * them with a snapshot from before the wait).
 */
export async function lockUserAndFindHeldWedding(tx: DbOrTx, userId: number, now: Date): Promise<number | undefined> {
  await queryRows(tx, sql`select id from users where id = ${userId} for update`);
  const [row] = await queryRows<{ id: number }>(tx, sql`
    select id from bookings
    where user_id = ${userId} and source_form = 'wedding' and status = 'UNPROCESSED'
      and hold_expires_at is not null and hold_expires_at > ${now.toISOString()}::timestamptz
    order by id limit 1`);
  return row ? Number(row.id) : undefined;
}

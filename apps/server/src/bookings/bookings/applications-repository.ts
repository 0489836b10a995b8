import { sql, type SQL } from 'drizzle-orm';
import type { BookingDurationType, BookingFormAnswers, ChangeLogReservationTimes, SourceForm } from '@lokaler/domain/booking';
import type { OmittedTime } from '@lokaler/domain/booking-omitted';
import { queryRows, type DbOrTx } from '../../db/client';
import { countRequestSql } from '../../http/rate-limit-repository';

/*
 * New bookings, written only here (the bookings module owns the table): a citizen's application and
 * a wedding take (apply-for-booking), each with its first change-log entry in the same statement.
 * Both start UNPROCESSED, as booking-lifecycle's initialBookingStatuses allow.
 */

export interface NewBooking {
  /** Year of the case number (Oslo). */
  year: string;
  userId: number;
  /** Set when the person acts for an organisation: the booking then belongs to it. */
  /** `form`: the organisation's form in Enhetsregisteret ('FLI', …), null when the register did not know it (decision 068). */
  organization: { number: string; name: string; form?: string | null } | null;
  locationId: number;
  sourceForm: SourceForm;
  durationType: BookingDurationType;
  formAnswers: BookingFormAnswers;
  /** Until when an approved booking may be cancelled: booking-lifecycle's cancellationDeadline. */
  cancellationDeadline: Date;
  /** A wedding time's hold (decision 012), else null. */
  holdExpiresAt: Date | null;
  /** The dates sent without (decision 027), null when none. */
  omittedTimes?: OmittedTime[] | null;
}

const NO_CASE_NUMBER = 'No free case number after 1000 attempts';

/**
 * Inserts the booking (UNPROCESSED, PUBLICUSER_LOAN) and its first change-log entry ('Comment', shown
 * as 'Opprettet', with its times per room) in one statement, with the next free case number,
 * 'LOK-<year>-<at least five digits>', from the sequence of db/schema/case-numbers.ts. A sequence
 * never gives a value twice, so concurrent bookings cannot collide; a number that exists already
 * (demo data, imports) is skipped by trying the next. One statement per attempt. Also returns the
 * transaction's id, for writeTransaction's noteTransactionId, and counts the booking in `countIn`
 * (http/rate-limit-repository's counters) when given, only for the attempt that inserts it.
 */
export async function insertBookingWithEntry(
  tx: DbOrTx,
  booking: NewBooking,
  entry: { userName: string; reservationTimes: ChangeLogReservationTimes },
  /** A rate window to count this booking in with the same statement (the receipt's, booking-rates.ts). */
  countIn: { key: string; windowMs: number } | null = null,
): Promise<{ bookingId: number; caseNumber: string; transactionId: string; counted: number | null }> {
  for (let attempt = 0; attempt < 1000; attempt++) {
    const [row] = await queryRows<{ id: number; case_number: string; xid: string; counted: number | null }>(
      tx,
      sql`
      with b as (
        insert into bookings (status, user_id, organization_number, organization_name, organization_form, location_id, purpose, source_form, duration_type,
          case_number, form_answers, hold_expires_at, cancellation_deadline, omitted_times)
        values ('UNPROCESSED', ${booking.userId}, ${booking.organization?.number ?? null}, ${booking.organization?.name ?? null}, ${booking.organization?.form ?? null}, ${booking.locationId},
          'PUBLICUSER_LOAN', ${booking.sourceForm}::source_form, ${booking.durationType}::booking_duration_type,
          ${nextCaseNumber(booking)}, ${JSON.stringify(booking.formAnswers)}::jsonb, ${booking.holdExpiresAt?.toISOString() ?? null}::timestamptz,
          ${booking.cancellationDeadline.toISOString()}::timestamptz, ${booking.omittedTimes?.length ? JSON.stringify(booking.omittedTimes) : null}::jsonb)
        on conflict (case_number) do nothing
        returning id, case_number
      ), entry as (
        insert into change_log (booking_id, type, user_id, user_name, reservation_times)
        select b.id, 'Comment', ${booking.userId}, ${entry.userName}, ${JSON.stringify(entry.reservationTimes)}::jsonb from b
      )${countIn ? sql`, counted as (${countRequestSql(sql`${countIn.key}`, sql`${countIn.windowMs}`, sql`exists (select 1 from b)`)})` : sql``}
      select id, case_number, pg_current_xact_id()::text as xid, ${countIn ? sql`(select count from counted)` : sql`null::int`} as counted from b`,
    );
    if (row)
      return {
        bookingId: Number(row.id),
        caseNumber: row.case_number,
        transactionId: row.xid,
        counted: row.counted === null ? null : Number(row.counted),
      };
  }
  throw new Error(NO_CASE_NUMBER);
}

/** The next case number from the sequence, 'LOK-<year>-<at least five digits>'. */
export function nextCaseNumber(booking: Pick<NewBooking, 'year'>): SQL {
  return sql`(select 'LOK-' || ${booking.year}::text || '-' || lpad(v::text, greatest(5, length(v::text)), '0') from (select nextval('booking_case_number_seq') as v) n)`;
}

/** What a wedding take writes in one statement: its booking, the change log's first entry and the one reservation. */
export interface NewWeddingTake extends NewBooking {
  userName: string;
  reservationTimes: ChangeLogReservationTimes;
  reservation: {
    bookableAssetId: number;
    date: string;
    startTime: string;
    durationMinutes: number;
    initialRepetitionDate?: string | null | undefined;
  };
  /** The hold of an earlier wedding booking counts while it ends after this instant. */
  now: Date;
}

/**
 * The second statement of a wedding take, after lockUserAndLoadBusyTimes: the user's wedding booking
 * whose time is still held at `now`, if any (then nothing is written); otherwise the booking, its
 * 'Opprettet' change-log entry and its reservation, in one statement, with the transaction's id. Its snapshot (READ COMMITTED)
 * is taken after the user's row lock was granted, so it sees the booking of a take by the same person
 * that held the lock before (a read in the locking statement would not). An overlap with an active
 * reservation fails the statement with 23P01 (the exclusion constraint), nothing written.
 */
export async function insertWeddingTake(
  tx: DbOrTx,
  take: NewWeddingTake,
): Promise<{ heldBookingId: number } | { bookingId: number; caseNumber: string; transactionId: string }> {
  const r = take.reservation;
  for (let attempt = 0; attempt < 1000; attempt++) {
    const [row] = await queryRows<{ held: number | null; id: number | null; case_number: string | null; xid: string | null }>(
      tx,
      sql`
      with held as (
        select id from bookings
        where user_id = ${take.userId} and source_form = 'wedding' and status = 'UNPROCESSED'
          and hold_expires_at is not null and hold_expires_at > ${take.now.toISOString()}::timestamptz
        order by id limit 1
      ), b as (
        insert into bookings (status, user_id, organization_number, organization_name, organization_form, location_id, purpose, source_form, duration_type,
          case_number, form_answers, hold_expires_at, cancellation_deadline)
        select 'UNPROCESSED', ${take.userId}, ${take.organization?.number ?? null}, ${take.organization?.name ?? null}, ${take.organization?.form ?? null}, ${take.locationId},
          'PUBLICUSER_LOAN', ${take.sourceForm}::source_form, ${take.durationType}::booking_duration_type,
          ${nextCaseNumber(take)}, ${JSON.stringify(take.formAnswers)}::jsonb, ${take.holdExpiresAt?.toISOString() ?? null}::timestamptz,
          ${take.cancellationDeadline.toISOString()}::timestamptz
        where not exists (select 1 from held)
        on conflict (case_number) do nothing
        returning id, case_number
      ), entry as (
        insert into change_log (booking_id, type, user_id, user_name, reservation_times)
        select b.id, 'Comment', ${take.userId}, ${take.userName}, ${JSON.stringify(take.reservationTimes)}::jsonb from b
      ), reservation as (
        insert into reservations (booking_id, bookable_asset_id, date, start_time, duration_minutes, initial_repetition_date, status)
        select b.id, ${r.bookableAssetId}, ${r.date}::date, ${r.startTime}::time, ${r.durationMinutes}, ${r.initialRepetitionDate ?? null}::date, 'UNPROCESSED' from b
      )
      select (select id from held) as held, b.id, b.case_number, case when b.id is not null then pg_current_xact_id()::text end as xid
        from (select 1) one left join b on true`,
    );
    if (row?.held != null) return { heldBookingId: Number(row.held) };
    if (row?.id != null) return { bookingId: Number(row.id), caseNumber: row.case_number!, transactionId: row.xid! };
  }
  throw new Error(NO_CASE_NUMBER);
}

import type { BookingStatus, SourceForm } from './booking';
import type { ReservationStatus } from './reservation';
import { addDays, toDayNumber } from './scheduling/calendar-date';
import { osloClock } from './scheduling/oslo-clock';

/**
 * A booking's life, in one place (decision 037). Pure: no I/O, no process time zone (the Oslo
 * wall clock comes from the platform's zone data, as in scheduling/oslo-clock).
 *
 * - Which status changes a booking and a reservation may make (`bookingTransitions`,
 *   `reservationTransitions`, `canTransition`, `assertTransition`). The tables are what the server's
 *   writers do, read from each of them (listed at each table). The server's one writer of a status
 *   (apps/server/src/bookings/bookings, changeStatus) refuses any other change with a 409
 *   STATUS_TRANSITION_REFUSED (decision 037).
 * - The cancellation deadline (`cancellationDeadline`), stored when a citizen's application is
 *   written; the one rule in code: the SQL version of it is gone, the server computes it here and
 *   stores the value.
 * - What the applicant's cancellation looks at (`effectiveCancellationDeadline`, `isCancellable`).
 * - 'Only one wedding time' (`weddingTimesProblem`), for the portal's calendar and the server.
 */

export type LifecycleKind = 'booking' | 'reservation';

/**
 * Booking statuses and where each change is written today:
 * UNPROCESSED → APPROVED (admin-approval/approve-booking; round-allocation/decide-application),
 *   REJECTED (admin-rejection/reject-booking; round-allocation), CANCELLED (cancellation/cancel-booking),
 *   AUTOREJECTED (cancellation/autoreject-booking: the couple leaves the wedding form; the wedding hold's expiry).
 * APPROVED → UNPROCESSED (admin-approval/unapprove-booking), REJECTED (reject-booking: withdrawn after
 *   approval, spec 02 §4), CANCELLED (cancel-booking, until the deadline).
 * REJECTED, CANCELLED and AUTOREJECTED are final: no writer opens a closed booking again.
 */
export const bookingTransitions: Readonly<Record<BookingStatus, readonly BookingStatus[]>> = {
  UNPROCESSED: ['APPROVED', 'REJECTED', 'CANCELLED', 'AUTOREJECTED'],
  APPROVED: ['UNPROCESSED', 'REJECTED', 'CANCELLED'],
  REJECTED: [],
  CANCELLED: [],
  AUTOREJECTED: [],
};

/**
 * A booking is written UNPROCESSED by an application (apply-for-booking), APPROVED when an
 * administrator books it directly (admin-create-booking).
 */
export const initialBookingStatuses: readonly BookingStatus[] = ['UNPROCESSED', 'APPROVED'];

/**
 * Reservation statuses and where each change is written today:
 * UNPROCESSED → APPROVED (approve-booking), REJECTED (reject-booking; admin-booking-shared/take-back-times
 *   on an unprocessed booking), REPLACED (admin-reservations/change-reservation), CANCELLED (cancel-booking),
 *   AUTOREJECTED (autoreject-booking, the wedding hold's expiry).
 * APPROVED → UNPROCESSED (unapprove-booking), REJECTED (reject-booking), UNAVAILABLE (take-back-times on an
 *   approved booking), REPLACED (change-reservation), CANCELLED (cancel-booking).
 * IN_ROUND → APPROVED, REPLACED, REJECTED (round-allocation: the round decides), CANCELLED (the
 *   applicant withdraws the application while the round collects).
 * REJECTED, REPLACED, UNAVAILABLE, CANCELLED and AUTOREJECTED are final: a moved or refused time is a
 * new reservation, never an old one reopened.
 */
export const reservationTransitions: Readonly<Record<ReservationStatus, readonly ReservationStatus[]>> = {
  UNPROCESSED: ['APPROVED', 'REJECTED', 'REPLACED', 'CANCELLED', 'AUTOREJECTED'],
  APPROVED: ['UNPROCESSED', 'REJECTED', 'UNAVAILABLE', 'REPLACED', 'CANCELLED'],
  IN_ROUND: ['APPROVED', 'REPLACED', 'REJECTED', 'CANCELLED'],
  REJECTED: [],
  REPLACED: [],
  UNAVAILABLE: [],
  CANCELLED: [],
  AUTOREJECTED: [],
};

/**
 * A reservation is written UNPROCESSED by an application, IN_ROUND by one that enters a semester
 * round, APPROVED by an administrator's booking, a round's decision (a changed time) or a change of
 * an approved time (change-reservation writes the new time with the old one's status).
 */
export const initialReservationStatuses: readonly ReservationStatus[] = ['UNPROCESSED', 'IN_ROUND', 'APPROVED'];

/**
 * Not decided yet and holding its time against everyone else: what the fair-share limits count
 * (decision 041). UNPROCESSED is the only such status today: APPROVED is decided, IN_ROUND holds no
 * time (its round's own rules count it), the rest are final. An application counts as pending
 * while any of its reservations is.
 */
export const pendingReservationStatuses: readonly ReservationStatus[] = ['UNPROCESSED'];

type StatusOf<K extends LifecycleKind> = K extends 'booking' ? BookingStatus : ReservationStatus;

/** Whether a `kind` may go from `from` to `to`. Staying in a status is no change, so not a transition. */
export function canTransition<K extends LifecycleKind>(kind: K, from: StatusOf<K>, to: StatusOf<K>): boolean {
  const table: Readonly<Record<string, readonly string[]>> = kind === 'booking' ? bookingTransitions : reservationTransitions;
  return table[from]?.includes(to) ?? false;
}

/** Thrown for a change the lifecycle does not allow: a bug of the writer, not a user's mistake. */
export class TransitionRefused extends Error {
  constructor(
    readonly kind: LifecycleKind,
    readonly from: string,
    readonly to: string,
  ) {
    super(`A ${kind} cannot go from ${from} to ${to}`);
    this.name = 'TransitionRefused';
  }
}

export function assertTransition<K extends LifecycleKind>(kind: K, from: StatusOf<K>, to: StatusOf<K>): void {
  if (!canTransition(kind, from, to)) throw new TransitionRefused(kind, from, to);
}

/** Weddings are planned long ahead: the wedding office's deadline is four weeks; every other booking's is one (demo data agrees). */
export function cancellationDays(sourceForm: SourceForm): number {
  return sourceForm === 'wedding' ? 28 : 7;
}

/**
 * Spec 02 §4, the deadline a citizen's application is stored with: 23:59 Oslo time
 * `cancellationDays` before the first time's date; when that has passed at `now` (a booking for
 * next week), the first time's start, so a short-notice booking stays cancellable until it begins.
 * `first` is the Oslo wall clock ('YYYY-MM-DD', 'HH:mm[:ss]').
 */
export function cancellationDeadline(first: { date: string; startTime: string }, sourceForm: SourceForm, now: Date): Date {
  const daysBefore = osloInstant(addDays(first.date, -cancellationDays(sourceForm)), '23:59');
  return daysBefore.getTime() > now.getTime() ? daysBefore : osloInstant(first.date, first.startTime);
}

/**
 * Until when the applicant may cancel, as the server decides it: the stored deadline; an approved
 * booking stored without one (an administrator's booking, older data) may be cancelled until the
 * start of its first active time, since nobody cancels a time that has begun here. Null: an
 * approved booking with neither, which the applicant cannot cancel.
 */
export function effectiveCancellationDeadline(
  booking: { status: BookingStatus; cancellationDeadline: Date | null },
  firstActiveStart: Date | null,
): Date | null {
  if (booking.status !== 'APPROVED') return booking.cancellationDeadline;
  return booking.cancellationDeadline ?? firstActiveStart;
}

/**
 * Spec 02 §4: the applicant may cancel an unprocessed booking until it is processed, and an approved
 * one until its effective deadline (`effectiveCancellationDeadline`, an instant; the server and the
 * booking page pass that one, so an approved booking without a stored deadline is cancellable until
 * its first active time begins; null only when it has no active time either: not cancellable here).
 * Closed bookings cannot be cancelled.
 */
export function isCancellable(booking: { status: BookingStatus; cancellationDeadline: string | Date | null }, now: Date): boolean {
  if (booking.status === 'UNPROCESSED') return true;
  if (booking.status !== 'APPROVED' || booking.cancellationDeadline === null) return false;
  return now.getTime() <= new Date(booking.cancellationDeadline).getTime();
}

/**
 * Spec 02 §5 'Only one wedding time may be applied for': one date and time of one room, not
 * repeated. `times` counts the times asked for (or that would be written once a repetition is
 * expanded). NO_TIME matters to the server (a request must ask for one); the portal's calendar,
 * which checks a draft while it grows, only refuses MORE_THAN_ONE.
 */
export function weddingTimesProblem(asked: { times: number; repeating: boolean }): 'NO_TIME' | 'MORE_THAN_ONE' | null {
  if (asked.times > 1 || asked.repeating) return 'MORE_THAN_ONE';
  return asked.times === 0 ? 'NO_TIME' : null;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Oslo's UTC offset in minutes at an instant (whole minutes). */
function offsetMinutes(instantMs: number): number {
  const { today, time } = osloClock(new Date(instantMs));
  const wall = Date.parse(`${today}T${time}Z`);
  return Math.round((wall - Math.floor(instantMs / 1000) * 1000) / MINUTE_MS);
}

/**
 * The instant of an Oslo wall-clock time, as PostgreSQL's `timestamp at time zone 'Europe/Oslo'`
 * reads it (the reservations' periods are stored that way): a time the spring change skips takes the
 * offset before the change, a time the autumn change repeats the offset after it (the later instant).
 */
export function osloInstant(date: string, time: string): Date {
  const clock = /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.exec(time);
  if (!clock) throw new RangeError(`Not a time of day: ${time}`);
  // toDayNumber refuses a date that does not exist (2025-02-30), which Date.parse would roll over.
  const wall = toDayNumber(date) * DAY_MS + Date.parse(`1970-01-01T${clock[2] ? time : `${time}:00`}Z`);
  // Oslo's changes are months apart: the offsets a day before and after are the only candidates.
  const before = offsetMinutes(wall - DAY_MS);
  const after = offsetMinutes(wall + DAY_MS);
  const fits = [after, before].filter((offset) => offsetMinutes(wall - offset * MINUTE_MS) === offset);
  return new Date(wall - (fits[0] ?? before) * MINUTE_MS);
}

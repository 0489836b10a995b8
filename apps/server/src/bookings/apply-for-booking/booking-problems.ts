import type { ApiError } from '@lokaler/domain/api-error';
import { conflictUserMessage, formatTimeRange, type BookingConflict } from '@lokaler/domain/booking-create';
import type { TimeWithAvailability } from '@lokaler/domain/booking-request';
import { describeOmitted, omittedMessages, type OmittedTime } from '@lokaler/domain/booking-omitted';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { checkTimesToBook, type AssetAvailability } from '@lokaler/domain/scheduling/availability-for-booking';
import type { PublicBookingRules } from '@lokaler/domain/scheduling/public-booking-rules';
import type { PreparedRoom } from '@lokaler/domain/scheduling/room-calendar';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { AppError } from '../../errors';

/** One room's check inside the booking transaction, with what a message needs to name it. */
export interface CheckedRoom {
  /** Index of the room's (first) entry in availabilityData.probablyAvailable, for the field path. */
  entryIndex: number;
  name: string;
  result: AssetAvailability;
}

/** Taken by someone else: a 409. Everything else that refuses a time is a rule (422). */
const conflictReasons = new Set(['BOOKED', 'BLOCKED']);

/** The times other bookings or blocked times hold. */
export function conflictsOf(rooms: readonly CheckedRoom[]): BookingConflict[] {
  return rooms.flatMap(({ result }) =>
    result.unavailable
      .filter((t) => t.reason !== null && conflictReasons.has(t.reason) && t.endTime !== null)
      .map((t) => ({ bookableAssetId: result.bookableAssetId, date: t.date, startTime: t.startTime, endTime: t.endTime! })),
  );
}

export function conflictError(conflicts: readonly BookingConflict[], roomName: (id: number) => string | undefined): AppError {
  const listed = conflicts.map((c) => `${c.bookableAssetId} ${c.date} ${c.startTime}-${c.endTime}`).join(', ');
  return new AppError('BOOKING_CONFLICT', `Taken: ${listed || 'a requested time'}`, conflictUserMessage(conflicts, roomName), {
    conflicts: [...conflicts],
  });
}

function describe(t: TimeWithAvailability): string {
  return t.endTime ? formatTimeRange(t.date, t.startTime, t.endTime) : `${formatDateNorwegian(t.date)} kl. ${t.startTime.slice(0, 5)}`;
}

/**
 * The public booking rules and per-time rules the request breaks (window, behandlingstid, grid,
 * minimum duration, closed date, opening hours, single/repeated, one timeslot), in the domain's
 * Norwegian words: a 422 naming each, or null when there are none.
 */
export function ruleViolationError(rooms: readonly CheckedRoom[]): AppError | null {
  const fields: NonNullable<ApiError['fields']> = [];
  for (const { entryIndex, name, result } of rooms) {
    const path = `body.availabilityData.probablyAvailable.${entryIndex}`;
    for (const v of result.violations) fields.push({ path, message: `${v.message} (${name})` });
    const refused = [...result.errors, ...result.unavailable.filter((t) => !t.reason || !conflictReasons.has(t.reason))];
    for (const t of refused) {
      const reason = (t.message ?? 'Tidspunktet kan ikke bookes').replace(/\.$/, '');
      fields.push({ path: `${path}.datesAndTimes`, message: `${reason}: ${name} ${describe(t)}` });
    }
  }
  if (fields.length === 0) return null;
  const first = fields[0]!.message;
  const userMsg = fields.length === 1 ? first : `${first} (og ${fields.length - 1} til)`;
  return new AppError('BOOKING_NOT_ALLOWED', `The booking breaks ${fields.length} rule(s)`, userMsg, { fields });
}

/**
 * The dates a person left out (decision 027), checked by the same rule engine as the times sent: each
 * must still be not free. One that is free now is a 409 naming it (the person decides again);
 * otherwise the left-out times as stored with the booking.
 */
export function checkOmittedTimes({
  room,
  times,
  rules,
  roomName,
}: {
  room: PreparedRoom;
  times: AssetTimesToBook;
  rules: PublicBookingRules;
  roomName: string;
}): OmittedTime[] {
  const result = checkTimesToBook({ room, times, isRepeating: true, rules });
  if (result.probablyAvailable.length > 0) {
    const free = result.probablyAvailable.map((t) => `${roomName} ${describeOmitted(t)}`);
    const userMsg =
      free.length === 1
        ? omittedMessages.free(free[0]!)
        : omittedMessages.free(`${free.slice(0, 5).join(', ')}${free.length > 5 ? ` og ${free.length - 5} til` : ''}`);
    throw new AppError('CONFLICT', `${free.length} omitted time(s) are free`, userMsg, {
      fields: result.probablyAvailable.map((t) => ({
        path: 'body.availabilityData.omitted',
        message: omittedMessages.free(`${roomName} ${describeOmitted(t)}`),
      })),
    });
  }
  return [...result.unavailable, ...result.errors]
    .map((t) => ({
      bookableAssetId: times.bookableAssetId,
      roomName,
      date: t.date,
      startTime: t.startTime,
      endTime: t.endTime ?? t.startTime,
    }))
    .sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
}

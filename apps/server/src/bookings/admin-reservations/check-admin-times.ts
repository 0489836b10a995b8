import { timesByRoom } from '@lokaler/domain/booking-create';
import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import { reservationChangeMessages } from '@lokaler/domain/admin-reservation-change';
import { checkTimesToBook } from '@lokaler/domain/scheduling/availability-for-booking';
import { parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Tx } from '../../db/client';
import { insertReservations, type NewReservation } from '../bookings';
import { AppError } from '../../errors';
import { sqlState } from '../../http/error-handler';
import { conflictError, conflictsOf, ruleViolationError, type CheckedRoom } from '../apply-for-booking/booking-problems';
import { findTakenTimes } from '../apply-for-booking/repository';
import { rejectOverlappingTimes } from '../apply-for-booking/validate-booking-request';
import { lockRooms } from '../../db/lock-rooms';
import { loadRoomCalendars } from '../../availability';
import {
  assertRoomsAccessible,
  calendarRange,
  displayNameOf,
  publicRulesOf,
  schedulingCallerFor,
  type RoomAccess,
} from '../../availability';
import { withSavepoint } from '../../db/write-transaction';

export interface AdminTimesInput {
  tx: Tx;
  user: AuthenticatedUser;
  /** The booking's location: every room must belong to it. */
  locationId: number;
  entries: readonly AssetTimesToBook[];
  isRepeating: boolean;
  includeBlockedSlots?: boolean | undefined;
  includeClosedDates?: boolean | undefined;
  /** Reservations that do not count as taken (the one being changed). */
  reservationIdsToIgnore?: readonly number[];
  now?: Date;
}

export interface AcceptedTime extends Omit<NewReservation, 'bookingId'> {
  endTime: string;
  roomName: string;
  roomNumber: string | null;
}

/**
 * The administrator's times for an existing booking, checked inside the writing transaction with
 * the same domain rules as the admin calendar: the rooms' locks (sorted), a fresh read of their
 * calendars, then every time. Administrators are exempt from the public rules, but not from
 * opening hours, closed dates (unless includeClosedDates), blocked times (unless
 * includeBlockedSlots), the past (unless ADMIN_CAN_BOOK_PAST_DATES) or other bookings.
 * Taken times are a 409 BOOKING_CONFLICT with `conflicts`; other refusals a 422.
 */
export async function checkAdminTimes(input: AdminTimesInput): Promise<AcceptedTime[]> {
  const { tx, user, locationId } = input;
  const entries = timesByRoom(input.entries);
  const entryIndex = (assetId: number) => input.entries.findIndex((e) => e.bookableAssetId === assetId);
  rejectOverlappingTimes(entries, entryIndex);
  const ids = entries.map((e) => e.bookableAssetId);
  const { today, time } = osloClock(input.now ?? new Date());
  const access: RoomAccess = {
    kind: 'admin',
    user,
    allowedToBookBlockedSlots: input.includeBlockedSlots ?? false,
    closedDatesAvailable: input.includeClosedDates ?? false,
  };

  await lockRooms(tx, ids);
  const rooms = await loadRoomCalendars(
    tx,
    ids,
    calendarRange(
      entries.flatMap((e) => e.datesAndTimes.map((t) => t.date)),
      today,
    ),
  );
  const rows = new Map([...rooms].map(([id, r]) => [id, r.row]));
  assertRoomsAccessible(ids, rows, access);
  for (const row of rows.values()) {
    if (row.locationId !== locationId) {
      throw new AppError('BOOKING_NOT_ALLOWED', `Room ${row.id} is not at location ${locationId}`, reservationChangeMessages.otherLocation);
    }
  }
  const checked: CheckedRoom[] = entries.map((entry) => {
    const { row, calendar } = rooms.get(entry.bookableAssetId)!;
    const room = prepareRoom(calendar, {
      today,
      now: time,
      caller: schedulingCallerFor(row, access),
      reservationIdsToIgnore: input.reservationIdsToIgnore ?? [],
    });
    const result = checkTimesToBook({ room, times: entry, isRepeating: input.isRepeating, rules: publicRulesOf(row) });
    return { entryIndex: entryIndex(entry.bookableAssetId), name: displayNameOf(row), result };
  });
  const ruleError = ruleViolationError(checked);
  if (ruleError) throw ruleError;
  const conflicts = conflictsOf(checked);
  if (conflicts.length)
    throw conflictError(conflicts, (id) => {
      const row = rows.get(id);
      return row ? displayNameOf(row) : undefined;
    });

  return checked
    .flatMap(({ result }) => {
      const row = rows.get(result.bookableAssetId)!;
      return result.probablyAvailable.map((t) => ({
        bookableAssetId: result.bookableAssetId,
        date: t.date,
        startTime: t.startTime,
        durationMinutes: parseDuration(t.duration)!,
        initialRepetitionDate: t.initialRepetitionDate,
        endTime: t.endTime!,
        roomName: row.name,
        roomNumber: row.externalAssetNumber,
      }));
    })
    .sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
}

/**
 * Inserts the accepted times, or none: the exclusion constraint has the last word (a writer that
 * skipped the locks); its 23P01 becomes a 409 naming the times taken now.
 */
export async function insertAcceptedTimes(
  tx: Tx,
  bookingId: number,
  times: readonly AcceptedTime[],
  status: 'UNPROCESSED' | 'APPROVED',
): Promise<void> {
  const rows = times.map((t) => ({
    bookingId,
    bookableAssetId: t.bookableAssetId,
    date: t.date,
    startTime: t.startTime,
    durationMinutes: t.durationMinutes,
    initialRepetitionDate: t.initialRepetitionDate ?? null,
    status,
  }));
  try {
    await withSavepoint(tx, async (savepoint) => {
      await insertReservations(savepoint, rows);
    });
  } catch (error) {
    if (sqlState(error) !== '23P01') throw error;
    const taken = await findTakenTimes(tx, times);
    throw conflictError(
      taken.map((t) => ({ bookableAssetId: t.bookableAssetId, date: t.date, startTime: t.startTime, endTime: t.endTime })),
      () => undefined,
    );
  }
}

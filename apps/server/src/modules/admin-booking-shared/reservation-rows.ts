import type { AdminReservation } from '@lokaler/domain/admin-booking-view';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { formatTimeShort, MINUTES_PER_DAY, minutesToTime, timeToMinutes } from '@lokaler/domain/scheduling/time-of-day';
import { loadReservationsWithRooms, type ReservationWithRoom } from '../../db/reservation-repository';

/** A reservation with its room, as the admin services work with it (the same query as the applicant's pages). */
export type ReservationRow = ReservationWithRoom;
export { loadReservationsWithRooms as loadReservationRows };

export function isActive(r: Pick<ReservationRow, 'status'>): boolean {
  return (activeReservationStatuses as readonly string[]).includes(r.status);
}

/** 'HH:mm:ss' end on the start's date; a time running past midnight ends at '24:00:00' or later wraps. */
export function endTimeOf(startTime: string, durationMinutes: number): string {
  const end = timeToMinutes(startTime) + durationMinutes;
  return minutesToTime(end <= MINUTES_PER_DAY ? end : end % MINUTES_PER_DAY);
}

export function toAdminReservation(r: ReservationRow): AdminReservation {
  return {
    reservationId: r.id,
    bookableAssetId: r.bookableAssetId,
    bookableAssetName: r.roomName,
    bookableAssetNumber: r.roomNumber,
    date: r.date,
    startTime: r.startTime,
    endTime: endTimeOf(r.startTime, r.durationMinutes),
    duration: formatDuration(r.durationMinutes),
    initialRepetitionDate: r.initialRepetitionDate,
    status: r.status,
  };
}

/**
 * The change log's description of times (spec 02 §3: assetDescription, times): per room, one
 * 'dd.MM.yyyy HH:mm–HH:mm' line per time, as the seed's entries read.
 */
export function describeTimes(rows: readonly Pick<ReservationRow, 'roomName' | 'roomNumber' | 'date' | 'startTime' | 'durationMinutes'>[]): ChangeLogReservationTimes {
  const byRoom = new Map<string, string[]>();
  for (const r of rows) {
    const start = timeToMinutes(r.startTime);
    const line = `${formatDateNorwegian(r.date)} ${formatTimeShort(start)}–${formatTimeShort((start + r.durationMinutes) % MINUTES_PER_DAY)}`;
    const room = assetDisplayName(r.roomName, r.roomNumber);
    byRoom.set(room, [...(byRoom.get(room) ?? []), line]);
  }
  return [...byRoom].map(([assetDescription, times]) => ({ assetDescription, times }));
}

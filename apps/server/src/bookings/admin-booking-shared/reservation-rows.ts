import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { activeReservationStatuses } from '@lokaler/domain/reservation';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatClock, reservationEndTime } from '@lokaler/domain/scheduling/time-of-day';
import { loadReservationsWithRooms, type ReservationWithRoom } from '../../db/reservation-repository';

/** A reservation with its room, as the admin services work with it (the same query as the applicant's pages). */
export type ReservationRow = ReservationWithRoom;
export { loadReservationsWithRooms as loadReservationRows };

export function isActive(r: Pick<ReservationRow, 'status'>): boolean {
  return (activeReservationStatuses as readonly string[]).includes(r.status);
}

/**
 * The change log's description of times (spec 02 §3: assetDescription, times): per room, one
 * 'dd.MM.yyyy HH:mm–HH:mm' line per time, as the seed's entries read. The documents and the
 * e-mails list times with it; a time ending at midnight reads '22:00–00:00'.
 */
export function describeTimes(
  rows: readonly Pick<ReservationRow, 'roomName' | 'roomNumber' | 'date' | 'startTime' | 'durationMinutes'>[],
): ChangeLogReservationTimes {
  const byRoom = new Map<string, string[]>();
  for (const r of rows) {
    const line = `${formatDateNorwegian(r.date)} ${formatClock(r.startTime)}–${formatClock(reservationEndTime(r.startTime, r.durationMinutes))}`;
    const room = assetDisplayName(r.roomName, r.roomNumber);
    byRoom.set(room, [...(byRoom.get(room) ?? []), line]);
  }
  return [...byRoom].map(([assetDescription, times]) => ({ assetDescription, times }));
}

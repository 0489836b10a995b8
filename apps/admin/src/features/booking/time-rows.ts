import type { BookingReservation } from '@lokaler/domain/booking-reservation';
import { activeReservationStatuses, type ReservationStatus } from '@lokaler/domain/reservation';
import { mergeSlots } from '@lokaler/domain/scheduling/merge-slots';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock, parseTime } from '@lokaler/domain/scheduling/time-of-day';
import { formatDay } from '../../lib/format';

/** Norwegian names of the reservation statuses (spec 02 §4), as the admin's time list shows them. */
export const reservationStatusLabels: Record<ReservationStatus, string> = {
  UNPROCESSED: 'Venter på behandling',
  APPROVED: 'Godkjent',
  REJECTED: 'Avslått',
  REPLACED: 'Endret',
  UNAVAILABLE: 'Utilgjengelig',
  CANCELLED: 'Kansellert',
  AUTOREJECTED: 'Automatisk avslått',
  IN_ROUND: 'I søknadsrunde',
};

/** A row of the time list: one interval of one room on one date, with the reservations it holds. */
export interface TimeRow {
  date: string;
  startTime: string;
  endTime: string;
  status: ReservationStatus;
  reservations: BookingReservation[];
}

export interface RoomTimes {
  bookableAssetId: number;
  name: string;
  /** Active times (waiting or approved), adjacent ones merged (spec 02 §9). */
  active: TimeRow[];
  /** Changed, deleted, rejected and cancelled times, one row each. */
  inactive: TimeRow[];
}

const isActive = (status: ReservationStatus) => (activeReservationStatuses as readonly ReservationStatus[]).includes(status);

/** The booking's times per room, rooms in the order they first appear. */
export function roomTimesOf(reservations: readonly BookingReservation[]): RoomTimes[] {
  const rooms = new Map<number, RoomTimes>();
  for (const r of reservations) {
    if (!rooms.has(r.bookableAssetId)) {
      rooms.set(r.bookableAssetId, { bookableAssetId: r.bookableAssetId, name: r.displayName, active: [], inactive: [] });
    }
  }
  for (const room of rooms.values()) {
    const own = reservations.filter((r) => r.bookableAssetId === room.bookableAssetId);
    for (const status of new Set(own.filter((r) => isActive(r.status)).map((r) => r.status))) {
      room.active.push(
        ...mergedRows(
          own.filter((r) => r.status === status),
          status,
        ),
      );
    }
    room.active.sort(byDateAndStart);
    room.inactive = own
      .filter((r) => !isActive(r.status))
      .map((r) => ({ date: r.date, startTime: r.startTime, endTime: r.endTime, status: r.status, reservations: [r] }))
      .sort(byDateAndStart);
  }
  return [...rooms.values()];
}

function mergedRows(reservations: BookingReservation[], status: ReservationStatus): TimeRow[] {
  let intervals;
  try {
    intervals = mergeSlots(reservations);
  } catch {
    // A time past midnight (legacy data) is not merged; it is shown as it is.
    return reservations.map((r) => ({ date: r.date, startTime: r.startTime, endTime: r.endTime, status, reservations: [r] }));
  }
  return intervals.map((interval) => {
    const start = parseTime(interval.startTime) ?? 0;
    const end = parseTime(interval.endTime, { allowEndOfDay: true }) ?? 1440;
    const inside = reservations.filter(
      (r) => r.date === interval.date && (parseTime(r.startTime) ?? -1) >= start && (parseTime(r.startTime) ?? 1441) < end,
    );
    return { date: interval.date, startTime: interval.startTime, endTime: interval.endTime, status, reservations: inside };
  });
}

function byDateAndStart(a: TimeRow, b: TimeRow): number {
  return a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime);
}

/** 'tirsdag 12.03.2026 18:00–20:00' */
export function describeRow(row: Pick<TimeRow, 'date' | 'startTime' | 'endTime'>): string {
  return `${formatDate(row.date, 'EEEE')} ${formatDay(row.date)} ${formatClock(row.startTime)}–${formatClock(row.endTime)}`;
}

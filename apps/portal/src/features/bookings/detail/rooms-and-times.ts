import { isMergeable, mergeSlots, type MergedInterval } from '@lokaler/domain/scheduling/merge-slots';
import type { BookingReservation } from '@lokaler/domain/booking-reservation';
import { reservationsInOverview } from '@lokaler/domain/user-booking-rules';

export interface RoomTimes {
  bookableAssetId: number;
  roomName: string;
  /** Adjacent and overlapping times of a day merged into one (spec 02 §9), in date order. */
  intervals: MergedInterval[];
}

/**
 * Spec 02 §2 "rooms and times overview": only Approved and Unprocessed reservations count; per room
 * (in the order rooms first appear), adjacent slots of the same day merged.
 */
export function roomsAndTimes(reservations: readonly BookingReservation[]): RoomTimes[] {
  const byRoom = new Map<number, { roomName: string; times: BookingReservation[] }>();
  for (const reservation of reservationsInOverview(reservations)) {
    const room = byRoom.get(reservation.bookableAssetId) ?? { roomName: reservation.displayName, times: [] };
    room.times.push(reservation);
    byRoom.set(reservation.bookableAssetId, room);
  }
  return [...byRoom].map(([bookableAssetId, room]) => {
    const slots = room.times.map((t) => ({ date: t.date, startTime: t.startTime, endTime: t.endTime, duration: t.duration }));
    // A time running past midnight (legacy data) cannot be merged; it is shown as it is.
    const whole = slots
      .filter((s) => !isMergeable(s))
      .map(({ date, startTime, endTime, duration }) => ({ date, startTime, endTime, duration }));
    const intervals = [...mergeSlots(slots.filter((s) => isMergeable(s))), ...whole];
    intervals.sort((a, b) => a.date.localeCompare(b.date) || a.startTime.localeCompare(b.startTime));
    return { bookableAssetId, roomName: room.roomName, intervals };
  });
}

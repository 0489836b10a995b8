import type { CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import type { BookingStatus } from '@lokaler/domain/booking';
import { mergeSlots } from '@lokaler/domain/scheduling/merge-slots';

/** One booking's time in one room on one date, adjacent reservations merged (spec 02 §9). */
export interface CalendarItem {
  bookingId: number;
  caseNumber: string;
  status: BookingStatus;
  title: string;
  bookableAssetId: number;
  date: string;
  startTime: string;
  endTime: string;
}

/**
 * The calendar's cells: items keyed by `${bookableAssetId}|${date}`, sorted by start time. A reservation
 * running past midnight (legacy data) cannot be merged and is shown as it is.
 */
export function calendarItemsByCell(data: CalendarDataResponse): Map<string, CalendarItem[]> {
  const cells = new Map<string, CalendarItem[]>();
  const add = (item: CalendarItem) => {
    const key = cellKey(item.bookableAssetId, item.date);
    cells.set(key, [...(cells.get(key) ?? []), item]);
  };
  for (const booking of data.bookings) {
    const base = { bookingId: booking.bookingId, caseNumber: booking.caseNumber, status: booking.status, title: booking.title };
    const byRoom = new Map<number, typeof booking.reservations>();
    for (const r of booking.reservations) byRoom.set(r.bookableAssetId, [...(byRoom.get(r.bookableAssetId) ?? []), r]);
    for (const [bookableAssetId, reservations] of byRoom) {
      try {
        for (const interval of mergeSlots(reservations)) add({ ...base, bookableAssetId, date: interval.date, startTime: interval.startTime, endTime: interval.endTime });
      } catch {
        for (const r of reservations) add({ ...base, bookableAssetId, date: r.date, startTime: r.startTime, endTime: r.endTime });
      }
    }
  }
  for (const items of cells.values()) items.sort((a, b) => a.startTime.localeCompare(b.startTime));
  return cells;
}

export const cellKey = (bookableAssetId: number, date: string) => `${bookableAssetId}|${date}`;

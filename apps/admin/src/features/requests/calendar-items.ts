import type { CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import type { BookingStatus } from '@lokaler/domain/booking';
import { mergeSlots } from '@lokaler/domain/scheduling/merge-slots';
import { parseTime } from '@lokaler/domain/scheduling/time-of-day';

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
  /** The reservations the item holds (several when adjacent times were merged). */
  reservationIds: number[];
  /**
   * The reservation to move, when the item can be moved (decision 067): exactly one reservation,
   * waiting or approved, of a booking that is waiting or approved; otherwise null.
   */
  movable: number | null;
}

const movableStatuses: readonly string[] = ['UNPROCESSED', 'APPROVED'];

/** Minutes from midnight; an end at midnight ('00:00:00' or '24:00:00') is the day's end. */
function minutesOf(time: string, isEnd = false): number {
  const minutes = parseTime(time, { allowEndOfDay: true }) ?? 0;
  return isEnd && minutes === 0 ? 1440 : minutes;
}

/** The item's length in minutes. */
export const itemMinutes = (item: Pick<CalendarItem, 'startTime' | 'endTime'>) => minutesOf(item.endTime, true) - minutesOf(item.startTime);

/**
 * The calendar's cells: items keyed by `${bookableAssetId}|${date}`, sorted by start time. A reservation
 * running past midnight (legacy data) cannot be merged and is shown as it is.
 */
export function calendarItemsByCell(data: Pick<CalendarDataResponse, 'bookings'>): Map<string, CalendarItem[]> {
  const cells = new Map<string, CalendarItem[]>();
  const add = (item: CalendarItem) => {
    const key = cellKey(item.bookableAssetId, item.date);
    cells.set(key, [...(cells.get(key) ?? []), item]);
  };
  for (const booking of data.bookings) {
    const base = { bookingId: booking.bookingId, caseNumber: booking.caseNumber, status: booking.status, title: booking.title };
    const byRoom = new Map<number, typeof booking.reservations>();
    for (const r of booking.reservations) byRoom.set(r.bookableAssetId, [...(byRoom.get(r.bookableAssetId) ?? []), r]);
    const bookingMovable = movableStatuses.includes(booking.status);
    for (const [bookableAssetId, reservations] of byRoom) {
      const item = (date: string, startTime: string, endTime: string): CalendarItem => {
        const held = reservations.filter(
          (r) => r.date === date && minutesOf(r.startTime) < minutesOf(endTime, true) && minutesOf(startTime) < minutesOf(r.endTime, true),
        );
        const only = held.length === 1 ? held[0]! : null;
        return {
          ...base,
          bookableAssetId,
          date,
          startTime,
          endTime,
          reservationIds: held.map((r) => r.reservationId),
          movable: only && bookingMovable && movableStatuses.includes(only.status) ? only.reservationId : null,
        };
      };
      try {
        for (const interval of mergeSlots(reservations)) add(item(interval.date, interval.startTime, interval.endTime));
      } catch {
        for (const r of reservations) add(item(r.date, r.startTime, r.endTime));
      }
    }
  }
  for (const items of cells.values()) items.sort((a, b) => a.startTime.localeCompare(b.startTime));
  return cells;
}

export const cellKey = (bookableAssetId: number, date: string) => `${bookableAssetId}|${date}`;

/** A room's blocked time on a date, as the calendar shows it. */
export interface BlockedItem {
  startTime: string;
  endTime: string;
}

/**
 * The calendar's closings (decision 042): closed days by date (with the reason), blocked times by
 * cell, and whether a booked item is kept over one (on a closed day or overlapping a blocked time).
 */
export function calendarClosings(data: CalendarDataResponse) {
  const closed = new Map<string, string | null>(data.closedDates.map((c) => [c.date, c.reason]));
  const blocked = new Map<string, BlockedItem[]>();
  for (const b of data.blockedTimes) {
    const key = cellKey(b.bookableAssetId, b.date);
    blocked.set(key, [...(blocked.get(key) ?? []), { startTime: b.startTime, endTime: b.endTime }]);
  }
  const end = (time: string) => (time === '00:00:00' ? '24:00:00' : time);
  const isKept = (item: Pick<CalendarItem, 'bookableAssetId' | 'date' | 'startTime' | 'endTime'>) =>
    closed.has(item.date) ||
    (blocked.get(cellKey(item.bookableAssetId, item.date)) ?? []).some(
      (b) => b.startTime < end(item.endTime) && item.startTime < end(b.endTime),
    );
  return { closed, blocked, isKept };
}

import type { CalendarDataResponse } from '@lokaler/domain/admin-booking-list';
import { addDays, addMonths, datesInRange, isValidDate, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { calendarClosings, calendarItemsByCell, cellKey, type BlockedItem, type CalendarItem } from './calendar-items';

/** A room as the calendar names it. */
export interface CalendarRoom {
  id: number;
  name: string;
}

/** One room's part of a day in the month view: its bookings and blocked times. */
export interface MonthRoomDay {
  room: CalendarRoom;
  items: (CalendarItem & { kept: boolean })[];
  blocked: BlockedItem[];
}

export interface MonthDay {
  date: string;
  /** Monday 1 … Sunday 7: the column of the day in the wide layout. */
  weekday: number;
  /** The location is closed: the reason, or null when none was given; undefined when open. */
  closed: string | null | undefined;
  /** The rooms with something on the day, in the rooms' order. */
  rooms: MonthRoomDay[];
}

const monthPattern = /^\d{4}-(0[1-9]|1[0-2])$/;

/** 'YYYY-MM' from the URL when it is a month, otherwise the month of `fallbackDate`. */
export function monthOf(asked: string | null, fallbackDate: string): string {
  return asked && monthPattern.test(asked) ? asked : fallbackDate.slice(0, 7);
}

/** The first and last date of a month 'YYYY-MM'. */
export function monthRange(month: string): { first: string; last: string } {
  const first = `${month}-01`;
  return { first, last: addDays(addMonths(first, 1), -1) };
}

/** The month `delta` months from `month`. */
export const shiftMonth = (month: string, delta: number) => addMonths(`${month}-01`, delta).slice(0, 7);

/** The date the month view stands for in the week view: today when it is in the month, else the 1st. */
export function dayOfMonth(month: string, today: string): string {
  return today.startsWith(month) ? today : `${month}-01`;
}

/** A day from the URL, when it is one. */
export const validDay = (asked: string | null): string | null => (isValidDate(asked) ? asked : null);

/**
 * The month view's model: every day of the month with its closing, and per room (rooms without
 * anything left out) the bookings, sorted by start, each marked when it is kept over a closing,
 * and the blocked times. A room only the bookings name is added after the known ones.
 */
export function monthDays(month: string, data: CalendarDataResponse, rooms: readonly CalendarRoom[]): MonthDay[] {
  const { first, last } = monthRange(month);
  const cells = calendarItemsByCell(data);
  const closings = calendarClosings(data);
  return datesInRange(first, last).map((date) => ({
    date,
    weekday: isoWeekday(date),
    closed: closings.closed.has(date) ? (closings.closed.get(date) ?? null) : undefined,
    rooms: rooms
      .map((room) => ({
        room,
        items: (cells.get(cellKey(room.id, date)) ?? []).map((item) => ({ ...item, kept: closings.isKept(item) })),
        blocked: closings.blocked.get(cellKey(room.id, date)) ?? [],
      }))
      .filter((r) => r.items.length > 0 || r.blocked.length > 0),
  }));
}

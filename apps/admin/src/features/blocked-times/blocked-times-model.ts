import { putBlockedTimesBody, type PutBlockedTimesBody } from '@lokaler/domain/admin-blocked-times';
import { addYears, minDate } from '@lokaler/domain/scheduling/calendar-date';
import { expandRepetition } from '@lokaler/domain/scheduling/expand-repetition';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { mergeSlots } from '@lokaler/domain/scheduling/merge-slots';
import type { ScheduleSlot, TimeslotsByDate } from '@lokaler/domain/scheduling/build-schedule';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';

/**
 * The blocked-times week grid as data: rows are the quarter start times any day of the week has
 * (the location's opening hours, as the blocked-times schedule answers them), columns the days;
 * a cell without a slot is closed. The selection is a set of cell keys.
 */
export interface GridModel {
  dates: readonly string[];
  times: readonly string[];
  slotAt: (date: string, time: string) => ScheduleSlot | undefined;
}

export const cellKey = (date: string, time: string) => `${date}T${time}`;
const keyParts = (key: string) => ({ date: key.slice(0, 10), startTime: key.slice(11) });

export function gridModel(timeslotsByDate: TimeslotsByDate, dates: readonly string[]): GridModel {
  const byKey = new Map<string, ScheduleSlot>();
  const times = new Set<string>();
  for (const date of dates) {
    for (const slot of timeslotsByDate[date] ?? []) {
      byKey.set(cellKey(date, slot.startTime), slot);
      times.add(slot.startTime);
    }
  }
  return { dates, times: [...times].sort(), slotAt: (date, time) => byKey.get(cellKey(date, time)) };
}

/** A reserved slot is taken: it cannot be chosen to block or open. */
export const isChoosable = (slot: ScheduleSlot | undefined): slot is ScheduleSlot => slot !== undefined && !slot.booked;

/** Every choosable cell in the rectangle between two cells (shift-click, Shift+arrow). */
export function cellsBetween(model: GridModel, a: { row: number; col: number }, b: { row: number; col: number }): string[] {
  const keys: string[] = [];
  for (let col = Math.min(a.col, b.col); col <= Math.max(a.col, b.col); col++) {
    for (let row = Math.min(a.row, b.row); row <= Math.max(a.row, b.row); row++) {
      const date = model.dates[col];
      const time = model.times[row];
      if (date && time && isChoosable(model.slotAt(date, time))) keys.push(cellKey(date, time));
    }
  }
  return keys;
}

/** The last date a weekly repeat may run to: a year from today, or the room's own last date when sooner. */
export function lastRepeatDate(today: string, roomLastDate: string | null | undefined): string {
  const yearAhead = addYears(today, 1);
  return roomLastDate ? minDate(yearAhead, roomLastDate) : yearAhead;
}

/**
 * The PUT body for the chosen slots: each slot's 15 minutes, repeated weekly up to `repeatUntil`
 * when given (the domain's expandRepetition), adjacent quarters merged into one interval per run
 * (mergeSlots), grouped by date. Checked by the PUT's own schema (at most 400 dates).
 */
export function blockedTimesBody(
  keys: Iterable<string>,
  blocked: boolean,
  repeatUntil: string | null,
): { ok: true; body: PutBlockedTimesBody } | { ok: false; message: string } {
  const slots = [...keys].map((key) => ({ ...keyParts(key), duration: formatDuration(SLOT_MINUTES) }));
  const occurrences = expandRepetition(slots, repeatUntil ? { lastDate: repeatUntil, pattern: 'WEEKLY' } : null);
  const timeslotsByDate: PutBlockedTimesBody['timeslotsByDate'] = {};
  for (const interval of mergeSlots(occurrences)) {
    (timeslotsByDate[interval.date] ??= []).push({ startTime: interval.startTime, blocked, duration: interval.duration });
  }
  const parsed = putBlockedTimesBody.safeParse({ timeslotsByDate });
  return parsed.success ? { ok: true, body: parsed.data } : { ok: false, message: parsed.error.issues[0]?.message ?? 'Ugyldige tider' };
}

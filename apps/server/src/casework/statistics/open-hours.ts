import { datesInRange, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import type { MinuteInterval } from '@lokaler/domain/scheduling/minute-intervals';
import { openingWeekOn, prepareOpening, type OpeningEntryInput, type PreparedOpening } from '@lokaler/domain/scheduling/opening-on-date';
import { SchedulingDataError } from '@lokaler/domain/scheduling/scheduling-data-error';
import type { StatisticsPeriod } from '@lokaler/domain/statistics';
import { roomOpeningHours } from '../../availability';
import type { OpeningData, ScopeRoom } from './repository';

/**
 * The open hours the statistics divide by (decision 068), by the calendar's own rules: each room's
 * weekly hours (its own rows for a weekday, else its location's; availability's roomOpeningHours),
 * a seasonal period's hours on its dates (the domain's prepareOpening and openingWeekOn, on the
 * 15-minute grid as the calendar offers them), nothing on a closed date. Blocked times are not taken
 * off: they are the administrator's own use of open time.
 *
 * Work per room and date, not per booking: the dates of one room share a handful of opening weeks,
 * so each weekday's hour profile is made once per week and only counted per date.
 */

export interface OpenHours {
  /** Per room id: open minutes per column (the column of each date given by columnOfDate). */
  byRoom: Map<number, number[]>;
  /** Open room-minutes per weekday (1–7) and hour: index (weekday − 1) × 24 + hour. */
  byWeekdayHour: number[];
}

export function computeOpenHours(
  rooms: readonly ScopeRoom[],
  opening: OpeningData,
  period: StatisticsPeriod,
  columnOfDate: (date: string) => number,
  columns: number,
): OpenHours {
  const dates = datesInRange(period.from, period.to).map((date) => ({ date, weekday: isoWeekday(date), column: columnOfDate(date) }));
  const hoursByLocation = groupBy(opening.hours, (h) => h.locationId);
  const periodsByLocation = groupBy(opening.periods, (p) => p.locationId);
  const closedByLocation = new Map<number, Set<string>>();
  for (const c of opening.closed) {
    const set = closedByLocation.get(c.locationId) ?? new Set<string>();
    set.add(c.date);
    closedByLocation.set(c.locationId, set);
  }

  const byRoom = new Map<number, number[]>();
  const byWeekdayHour = new Array<number>(7 * 24).fill(0);
  // Rooms of one location with the same weekly hours (most of them: a room's own hours are the exception) are counted once.
  const counted = new Map<string, { perColumn: number[]; profile: number[] } | null>();
  for (const room of rooms) {
    const entries = roomHours(room, hoursByLocation.get(room.locationId) ?? []);
    const key = `${room.locationId}|${JSON.stringify(entries)}`;
    if (!counted.has(key)) {
      const prepared = prepareRoom(entries, periodsByLocation.get(room.locationId) ?? []);
      counted.set(key, prepared && countOpen(prepared, closedByLocation.get(room.locationId), dates, columns));
    }
    const open = counted.get(key);
    byRoom.set(room.id, open?.perColumn ?? new Array<number>(columns).fill(0));
    if (open) open.profile.forEach((minutes, i) => (byWeekdayHour[i]! += minutes));
  }
  return { byRoom, byWeekdayHour };
}

/** One room's open minutes per column and per weekday and hour, over the dates. */
function countOpen(
  prepared: PreparedOpening,
  closed: ReadonlySet<string> | undefined,
  dates: readonly { date: string; weekday: number; column: number }[],
  columns: number,
): { perColumn: number[]; profile: number[] } {
  const perColumn = new Array<number>(columns).fill(0);
  const profile = new Array<number>(7 * 24).fill(0);
  // Per weekday's intervals (one array per opening week and weekday): its minutes and how many dates had it.
  const seen = new Map<readonly MinuteInterval[], { weekday: number; minutes: number; dates: number }>();
  for (const { date, weekday, column } of dates) {
    if (closed?.has(date)) continue;
    const intervals = openingWeekOn(prepared, date)[weekday - 1];
    if (!intervals || intervals.length === 0) continue;
    let entry = seen.get(intervals);
    if (!entry) seen.set(intervals, (entry = { weekday, minutes: intervals.reduce((s, i) => s + (i.end - i.start), 0), dates: 0 }));
    entry.dates++;
    perColumn[column]! += entry.minutes;
  }
  for (const [intervals, { weekday, dates: times }] of seen) addHours(profile, weekday, intervals, times);
  return { perColumn, profile };
}

/** The room's weekly hours by availability's rule (its own for a weekday, else its location's). */
function roomHours(room: ScopeRoom, hours: OpeningData['hours']): OpeningEntryInput[] {
  return roomOpeningHours(hours, room.id, room.locationId);
}

function prepareRoom(entries: readonly OpeningEntryInput[], periods: OpeningData['periods']): PreparedOpening | null {
  try {
    return prepareOpening(entries, periods);
  } catch (error) {
    // Hours the calendar cannot read either (overlapping periods): the room offers no time, so it has none open here.
    if (error instanceof SchedulingDataError) return null;
    throw error;
  }
}

/** Adds `times` × each interval's minutes to the hours they cover (an interval may end at 24:00). */
function addHours(target: number[], weekday: number, intervals: readonly MinuteInterval[], times: number): void {
  for (const { start, end } of intervals) {
    for (let hour = Math.floor(start / 60); hour * 60 < end && hour < 24; hour++) {
      const minutes = Math.min(end, (hour + 1) * 60) - Math.max(start, hour * 60);
      if (minutes > 0) target[(weekday - 1) * 24 + hour]! += minutes * times;
    }
  }
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const map = new Map<number, T[]>();
  for (const item of items) {
    const list = map.get(key(item));
    if (list) list.push(item);
    else map.set(key(item), [item]);
  }
  return map;
}

import { compareNorwegian } from '../norwegian-order';
import { availableStartMinutes } from './available-intervals';
import { isoWeekday } from './calendar-date';
import { isoToDayOfWeek, type DayOfWeek } from './day-of-week';
import { expandWeekdayPattern, type SearchRepetition } from './expand-weekday-pattern';
import { parseDuration } from './iso-duration';
import { asPrepared, type PreparedRoom, type RoomCalendar, type SchedulingContext } from './room-calendar';
import { SLOT_MINUTES, minutesToTime } from './time-of-day';

/**
 * The search's per-room answer over several dates (spec 01 §5: results sorted by share of available
 * dates; 'Ledig {n} av {m} valgte datoer'), and the series of GET /bookableasset/availabletimeseries
 * keyed by weekday. A date counts as available when at least one interval of the duration fits.
 */

export interface DateShare {
  /** Dates asked about (the spec's datesCount). */
  datesCount: number;
  /** Dates where nothing fits, sorted. */
  unavailableDates: string[];
  /** Available dates / datesCount; 0 when no dates were asked. */
  share: number;
}

export interface DateShareInput {
  room: RoomCalendar | PreparedRoom;
  context?: SchedulingContext;
  dates: readonly string[];
  duration: string | number;
}

export function shareOfAvailableDates({ room, context, dates, duration }: DateShareInput): DateShare {
  const prepared = asPrepared(room, context);
  const minutes = parseDuration(duration) ?? 0;
  const unavailableDates = dates.filter((date) => availableStartMinutes(prepared, date, minutes).length === 0);
  return summarise(dates.length, unavailableDates);
}

function summarise(datesCount: number, unavailableDates: string[]): DateShare {
  return { datesCount, unavailableDates, share: datesCount === 0 ? 0 : (datesCount - unavailableDates.length) / datesCount };
}

export interface SeriesTime {
  timeInterval: { start: string; end: string };
  /** The first date of the series on which this interval is free. */
  firstAvailable: string;
  /** On how many of the weekday's dates it is free, of how many. */
  availableDatesCount: number;
  datesCount: number;
}

export interface TimeSeries extends DateShare {
  byWeekday: Partial<Record<DayOfWeek, SeriesTime[]>>;
}

export interface TimeSeriesInput {
  room: RoomCalendar | PreparedRoom;
  context?: SchedulingContext;
  from: string;
  to: string;
  repetition: SearchRepetition;
  daysOfWeek: readonly DayOfWeek[];
  duration: string | number;
  startStepMinutes?: number;
}

/**
 * For each chosen weekday, every interval that is free on at least one of its dates, sorted by
 * start; plus the room's share of dates where anything fits (for sorting the search results).
 */
export function availableTimeSeries(input: TimeSeriesInput): TimeSeries {
  const prepared = asPrepared(input.room, input.context);
  // An invalid duration fits nowhere (0 minutes is refused like in the availability check).
  const minutes = parseDuration(input.duration) ?? 0;
  const step = input.startStepMinutes ?? SLOT_MINUTES;
  const dates = expandWeekdayPattern(input);
  const byWeekday: Partial<Record<DayOfWeek, SeriesTime[]>> = {};
  const unavailableDates: string[] = [];
  const perDay = new Map<DayOfWeek, { dates: number; starts: Map<number, { first: string; count: number }> }>();
  for (const day of input.daysOfWeek) perDay.set(day, { dates: 0, starts: new Map() });
  for (const date of dates) {
    const tally = perDay.get(isoToDayOfWeek(isoWeekday(date)));
    if (!tally) continue;
    tally.dates++;
    const starts = availableStartMinutes(prepared, date, minutes, step);
    if (starts.length === 0) unavailableDates.push(date);
    for (const start of starts) {
      const seen = tally.starts.get(start);
      if (seen) seen.count++;
      else tally.starts.set(start, { first: date, count: 1 });
    }
  }
  for (const [day, tally] of perDay) {
    byWeekday[day] = [...tally.starts.entries()]
      .sort(([a], [b]) => a - b)
      .map(([start, { first, count }]) => ({
        timeInterval: { start: minutesToTime(start), end: minutesToTime(start + minutes) },
        firstAvailable: first,
        availableDatesCount: count,
        datesCount: tally.dates,
      }));
  }
  return { byWeekday, ...summarise(dates.length, unavailableDates) };
}

/** Spec 01 §5: results sorted by share of available dates, descending, then by name (Norwegian order). */
export function compareByShareThenName(a: { share: number; name: string }, b: { share: number; name: string }): number {
  return b.share - a.share || compareNorwegian(a.name, b.name);
}

import { isoWeekday, isValidDate, type IsoWeekday } from './calendar-date';
import { mergeIntervals, type MinuteInterval } from './minute-intervals';
import { SchedulingDataError } from './scheduling-data-error';
import { MINUTES_PER_DAY, parseTime, roundDownToGrid, roundUpToGrid } from './time-of-day';

/**
 * Which opening intervals apply on a date: the one question the schedule, the availability check and
 * the search ask about opening hours (roomDay reads it, the search's per-weekday shortcut reads the
 * weeks). A location has standard weekly hours and may have seasonal periods (decision 015): on a
 * date inside a period that period's weekly hours apply — a weekday without hours in it is closed —,
 * on other dates the standard ones.
 */

/** Per ISO weekday (index weekday − 1): opening intervals, merged and shrunk to the 15-minute grid. */
export type OpeningWeek = readonly (readonly MinuteInterval[])[];

export interface OpeningPeriodWeek {
  /** 'YYYY-MM-DD', inclusive. */
  fromDate: string;
  toDate: string;
  week: OpeningWeek;
}

export interface PreparedOpening {
  standard: OpeningWeek;
  /** Ascending by date, never overlapping; empty for a location without periods (the fast path). */
  periods: readonly OpeningPeriodWeek[];
}

/** What prepareOpening reads of each entry (room-calendar's OpeningHoursEntry). */
export interface OpeningEntryInput {
  weekday: IsoWeekday;
  opens: string;
  closes: string;
  fromDate?: string | null;
  toDate?: string | null;
}

export interface OpeningPeriodInput {
  fromDate: string;
  toDate: string;
}

/** Opening hours as minutes [opens, closes); null when the entry is not a valid same-day interval. */
export function openingInterval(opens: string, closes: string): MinuteInterval | null {
  const start = parseTime(opens);
  const rawEnd = parseTime(closes, { allowEndOfDay: true });
  if (start === null || rawEnd === null) return null;
  const end = rawEnd === 0 ? MINUTES_PER_DAY : rawEnd;
  return end > start ? { start, end } : null;
}

/** The opening intervals on this date (weekday: isoWeekday(date), when the caller knows it already). */
export function openingOn(opening: PreparedOpening, date: string, weekday: IsoWeekday = isoWeekday(date)): readonly MinuteInterval[] {
  return openingWeekOn(opening, date)[weekday - 1] ?? noIntervals;
}

/** The weekly hours that apply on this date: its period's, else the standard ones. */
export function openingWeekOn(opening: PreparedOpening, date: string): OpeningWeek {
  const { periods } = opening;
  // A location has a handful of periods at most: a scan beats a search.
  for (let i = 0; i < periods.length; i++) {
    const period = periods[i]!;
    if (date < period.fromDate) break;
    if (date <= period.toDate) return period.week;
  }
  return opening.standard;
}

const noIntervals: readonly MinuteInterval[] = [];

/**
 * The entries indexed: those without dates are the standard week, those with dates their period's
 * week. `periods` lists the periods also when they hold no entries (a period without hours closes
 * every weekday of its dates). Bad data (an inverted entry, a period with only one date, periods
 * overlapping) throws SchedulingDataError.
 */
export function prepareOpening(entries: readonly OpeningEntryInput[], periods: readonly OpeningPeriodInput[] = []): PreparedOpening {
  const standard: MinuteInterval[][] = emptyWeek();
  const byPeriod = new Map<string, { fromDate: string; toDate: string; raw: MinuteInterval[][] }>();
  const periodOf = (fromDate: string, toDate: string) => {
    const key = `${fromDate}|${toDate}`;
    let period = byPeriod.get(key);
    if (!period) {
      if (!isValidDate(fromDate) || !isValidDate(toDate) || toDate < fromDate)
        throw new SchedulingDataError(`Invalid opening period ${fromDate}–${toDate}`);
      byPeriod.set(key, (period = { fromDate, toDate, raw: emptyWeek() }));
    }
    return period;
  };
  for (const period of periods) periodOf(period.fromDate, period.toDate);
  for (const entry of entries) {
    const interval = openingInterval(entry.opens, entry.closes);
    if (!interval || !Number.isInteger(entry.weekday) || entry.weekday < 1 || entry.weekday > 7) {
      throw new SchedulingDataError(`Invalid opening hours ${entry.weekday} ${entry.opens}-${entry.closes}`);
    }
    const dated = entry.fromDate != null || entry.toDate != null;
    if (dated && (entry.fromDate == null || entry.toDate == null))
      throw new SchedulingDataError(`Opening hours with half a period ${entry.fromDate}–${entry.toDate}`);
    const week = dated ? periodOf(entry.fromDate!, entry.toDate!).raw : standard;
    week[entry.weekday - 1]!.push(interval);
  }
  const sorted = [...byPeriod.values()].sort((a, b) => (a.fromDate < b.fromDate ? -1 : a.fromDate > b.fromDate ? 1 : 0));
  sorted.forEach((period, i) => {
    const next = sorted[i + 1];
    if (next && next.fromDate <= period.toDate)
      throw new SchedulingDataError(`Opening periods overlap: ${period.fromDate}–${period.toDate} and ${next.fromDate}–${next.toDate}`);
  });
  return { standard: onGrid(standard), periods: sorted.map((p) => ({ fromDate: p.fromDate, toDate: p.toDate, week: onGrid(p.raw) })) };
}

function emptyWeek(): MinuteInterval[][] {
  return [[], [], [], [], [], [], []];
}

/**
 * Merge first, then shrink each to whole slots: slots lie entirely inside opening hours, and two
 * shrunk intervals never touch (so no request can span a gap in the hours).
 */
function onGrid(week: readonly MinuteInterval[][]): OpeningWeek {
  return week.map((intervals) =>
    intervals.length === 0
      ? noIntervals
      : mergeIntervals(intervals)
          .map((i) => ({ start: roundUpToGrid(i.start), end: roundDownToGrid(i.end) }))
          .filter((i) => i.end > i.start),
  );
}

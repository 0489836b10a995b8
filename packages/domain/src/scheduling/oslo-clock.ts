import { toDayNumber } from './calendar-date';
import { osloWallClockParts } from './oslo-wall-clock';

/**
 * "Now" in Europe/Oslo, computed from an instant without looking at the process time zone, and the
 * daylight-saving changes of the Oslo wall clock, both from the platform's time-zone data (Intl;
 * in the SPAs' builds from the EU's rule, with the same results: `oslo-wall-clock.ts`).
 * Every rule takes `today` as a parameter; only the edges (a route handler, a SPA hook) call these
 * with `new Date()`.
 */

export interface OsloClock {
  /** 'YYYY-MM-DD' in Europe/Oslo. */
  today: string;
  /** 'HH:mm:ss' in Europe/Oslo. */
  time: string;
}

/** The last answer, by whole second: formatToParts was ~5 % of a booking request's CPU, asked several times a second. */
let last: { second: number; clock: OsloClock } | undefined;

export function osloClock(now: Date): OsloClock {
  const second = Math.floor(now.getTime() / 1000);
  if (last?.second === second) return { ...last.clock };
  const clock = computeOsloClock(now);
  if (Number.isFinite(second)) last = { second, clock: { ...clock } };
  return clock;
}

function computeOsloClock(now: Date): OsloClock {
  const parts = osloWallClockParts(now);
  // Some engines write midnight as '24' even with h23.
  const hour = String(Number(parts.hour) % 24).padStart(2, '0');
  return { today: `${parts.year}-${parts.month}-${parts.day}`, time: `${hour}:${parts.minute}:${parts.second}` };
}

/** Today's date in Europe/Oslo, whatever TZ the process runs in. */
export function todayInOslo(now: Date): string {
  return osloClock(now).today;
}

/** A change of the Oslo wall clock: the minutes [start, end) of `date` skipped or lived twice. */
export interface OsloClockChange {
  date: string;
  kind: 'skipped' | 'repeated';
  start: number;
  end: number;
}

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** Oslo's UTC offset in minutes at an instant (whole seconds), read from the wall clock (`oslo-wall-clock.ts`). */
function offsetMinutes(instantMs: number): number {
  const parts = osloWallClockParts(instantMs);
  const wall = Date.UTC(
    Number(parts.year),
    Number(parts.month) - 1,
    Number(parts.day),
    Number(parts.hour) % 24,
    Number(parts.minute),
    Number(parts.second),
  );
  return Math.round((wall - instantMs) / MINUTE_MS);
}

/**
 * The clock changes whose wall-clock date falls in this year, from the platform's time-zone data
 * (so a change of the EU's rule, or its end, arrives on the server with the next tzdata, not a code change;
 * the SPAs' rule then fails its property test until it follows, decision 050). The
 * offset is sampled at each month's start, since Oslo's changes are months apart, and a month whose
 * ends differ is halved down to the minute of its change.
 */
export function osloClockChanges(year: number): readonly OsloClockChange[] {
  let changes = changesByYear.get(year);
  if (changes === undefined) {
    changes = [];
    // From the month before to the month after: a change near New Year may fall on the other side of it in UTC.
    for (let month = -1; month <= 12; month++) {
      let before = Date.UTC(year, month, 1);
      let after = Date.UTC(year, month + 1, 1);
      const from = offsetMinutes(before);
      const to = offsetMinutes(after);
      if (from === to) continue;
      while (after - before > MINUTE_MS) {
        const middle = before + Math.floor((after - before) / 2 / MINUTE_MS) * MINUTE_MS;
        if (offsetMinutes(middle) === from) before = middle;
        else after = middle;
      }
      // `after` is the first instant of the new offset. Forward, the wall-clock times
      // [after+from, after+to) never happen; back, [after+to, after+from) happen twice.
      const wall = after + Math.min(from, to) * MINUTE_MS;
      const date = new Date(wall).toISOString().slice(0, 10);
      if (!date.startsWith(String(year))) continue;
      const start = Math.round((((wall % DAY_MS) + DAY_MS) % DAY_MS) / MINUTE_MS);
      changes.push({ date, kind: to > from ? 'skipped' : 'repeated', start, end: start + Math.abs(to - from) });
    }
    changesByYear.set(year, changes);
  }
  return changes;
}
// Asked for every date the rules look at (nonexistentMinutes): read once per year.
const changesByYear = new Map<number, OsloClockChange[]>();

function changeOn(date: string, kind: OsloClockChange['kind']): { start: number; end: number } | null {
  const change = osloClockChanges(Number(date.slice(0, 4))).find((c) => c.date === date && c.kind === kind);
  return change ? { start: change.start, end: change.end } : null;
}

/**
 * Wall-clock minutes that do not exist on this date ([02:00, 03:00) on the last Sunday of March),
 * or null. No slot is offered there and no request may cover it: a reservation there would have no
 * instant to be stored at.
 */
export function nonexistentMinutes(date: string): { start: number; end: number } | null {
  return changeOn(date, 'skipped');
}

/**
 * Wall-clock minutes that happen twice on this date ([02:00, 03:00) on the last Sunday of October),
 * or null. The grid shows them once; a reservation's wall-clock interval is what the user chose.
 */
export function repeatedMinutes(date: string): { start: number; end: number } | null {
  return changeOn(date, 'repeated');
}

/** Length of the Oslo day in hours: 23 on the spring change, 25 on the autumn change, else 24. */
export function osloDayLengthHours(date: string): number {
  // toDayNumber validates the date even when no change applies.
  toDayNumber(date);
  let minutes = 24 * 60;
  for (const change of osloClockChanges(Number(date.slice(0, 4)))) {
    if (change.date === date) minutes += (change.kind === 'skipped' ? -1 : 1) * (change.end - change.start);
  }
  return minutes / 60;
}

import { osloWallClockParts as fromZoneData, type OsloWallClockParts } from './oslo-wall-clock';

/**
 * The Oslo wall clock from the EU's summer-time rule instead of the platform's zone data, for the
 * SPAs' builds only (decision 050, third step; `scripts/oslo-clock-from-eu-rule.mjs` puts this module
 * in place of `oslo-wall-clock.ts`). In the browser the first `Europe/Oslo` formatter loads the zone
 * data in one task of ≈ 13 ms of CPU, a long task on a phone; this is arithmetic. The server keeps
 * Intl: a change of the rule arrives there with the next tzdata, and the property test
 * (`oslo-wall-clock-eu-rule.test.ts`) then fails until this file follows it.
 *
 * The rule: UTC+1, and UTC+2 from 01:00 UTC on the last Sunday of March until 01:00 UTC on the last
 * Sunday of October. Exact for every instant since 1996 (before, Norway's summer time ended in
 * September); outside [1996, 2101) the zone data answers, as on the server.
 */
const RULE_FROM = Date.UTC(1996, 0, 1);
const RULE_UNTIL = Date.UTC(2101, 0, 1);
const HOUR_MS = 3_600_000;

/** 01:00 UTC on the last Sunday of `month` (0-based) in `year`. */
function changeInstant(year: number, month: number): number {
  const lastDay = Date.UTC(year, month + 1, 0);
  return lastDay - new Date(lastDay).getUTCDay() * 24 * HOUR_MS + HOUR_MS;
}

/** Oslo's UTC offset in hours at an instant within the rule's years. */
function offsetHours(instantMs: number): 1 | 2 {
  const year = new Date(instantMs).getUTCFullYear();
  return instantMs >= changeInstant(year, 2) && instantMs < changeInstant(year, 9) ? 2 : 1;
}

const two = (n: number) => String(n).padStart(2, '0');

export function osloWallClockParts(instant: Date | number): OsloWallClockParts {
  // Whole milliseconds, as Intl and Date read an instant; NaN and the years outside the rule go to the zone data.
  const ms = Math.trunc(typeof instant === 'number' ? instant : instant.getTime());
  if (!(ms >= RULE_FROM && ms < RULE_UNTIL)) return fromZoneData(instant);
  const wall = new Date(ms + offsetHours(ms) * HOUR_MS);
  return {
    year: String(wall.getUTCFullYear()),
    month: two(wall.getUTCMonth() + 1),
    day: two(wall.getUTCDate()),
    hour: two(wall.getUTCHours()),
    minute: two(wall.getUTCMinutes()),
    second: two(wall.getUTCSeconds()),
  };
}

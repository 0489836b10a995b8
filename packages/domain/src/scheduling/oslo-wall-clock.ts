/**
 * The Oslo wall clock at an instant, read from the platform's time-zone data (Intl): what the server
 * and the tests use. The SPAs' builds put `oslo-wall-clock-eu-rule.ts` in its place (decision 050,
 * third step), which gives the same parts without loading the zone data in the browser.
 */

/** The wall clock's fields as `formatToParts` writes them ('2025', '03', '30', '01', '59', '30'). */
export interface OsloWallClockParts {
  year: string;
  month: string;
  day: string;
  /** '00'–'23'; some engines write midnight as '24' even with h23: readers take it modulo 24. */
  hour: string;
  minute: string;
  second: string;
}

/**
 * Made at its first use, not when the module loads: the first time-zone formatter loads the
 * platform's zone data (50–160 ms on a phone, decisions 025 and 028), which then no longer
 * adds to the long task of the SPA chunk that imports this module.
 */
let osloPartsFormat: Intl.DateTimeFormat | undefined;
const osloParts = () =>
  (osloPartsFormat ??= new Intl.DateTimeFormat('en-GB', {
    timeZone: 'Europe/Oslo',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
    hourCycle: 'h23',
  }));

/** Throws a RangeError for an invalid instant (NaN), as `formatToParts` does. */
export function osloWallClockParts(instant: Date | number): OsloWallClockParts {
  const parts: Record<string, string> = {};
  for (const part of osloParts().formatToParts(instant)) parts[part.type] = part.value;
  return {
    year: parts.year ?? '',
    month: parts.month ?? '',
    day: parts.day ?? '',
    hour: parts.hour ?? '',
    minute: parts.minute ?? '',
    second: parts.second ?? '',
  };
}

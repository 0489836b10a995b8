import fc from 'fast-check';
import { fromDayNumber, toDayNumber, type IsoWeekday } from '../calendar-date';

/** Test-only generators (fast-check is a dev dependency; nothing outside *.test.ts imports this). */

/** Any real date from 1990 to 2060 — spans many DST changes and leap years. */
export const anyDate = fc.integer({ min: toDayNumber('1990-01-01'), max: toDayNumber('2060-12-31') }).map(fromDayNumber);

/** A start minute on the 15-minute grid. */
export const gridMinute = fc.integer({ min: 0, max: 95 }).map((i) => i * 15);

/**
 * Up to two seasonal periods of opening hours inside these sorted dates, not overlapping, each with
 * its own entries (from `entry`, per weekday; a weekday may get none: closed in the period), and
 * sometimes none at all (the period closes every weekday). `openingPeriods` lists them all.
 */
export function openingPeriodsWithin<E extends { weekday: IsoWeekday }>(
  dates: readonly string[],
  entry: (weekday: IsoWeekday) => fc.Arbitrary<E>,
) {
  const weekdays: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];
  const hours = fc.tuple(...weekdays.map((w) => fc.array(entry(w), { maxLength: 2 }))).map((lists) => lists.flat());
  return fc
    .uniqueArray(fc.integer({ min: 0, max: dates.length - 1 }), { minLength: 0, maxLength: 4 })
    .map((points) => [...points].sort((a, b) => a - b))
    .chain((points) => {
      const bounds: [string, string][] = [];
      for (let i = 0; i + 1 < points.length; i += 2) bounds.push([dates[points[i]!]!, dates[points[i + 1]!]!]);
      if (points.length % 2 === 1) bounds.push([dates[points.at(-1)!]!, dates[points.at(-1)!]!]);
      return fc.tuple(
        ...bounds.map(([fromDate, toDate]) =>
          fc
            .tuple(fc.boolean(), hours)
            .map(([closedAllWeek, list]) => ({
              period: { fromDate, toDate },
              entries: (closedAllWeek ? [] : list).map((e) => ({ ...e, fromDate, toDate })),
            })),
        ),
      );
    })
    .map((periods) => ({ openingPeriods: periods.map((p) => p.period), entries: periods.flatMap((p) => p.entries) }));
}

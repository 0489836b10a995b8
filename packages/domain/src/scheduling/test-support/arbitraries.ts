import fc from 'fast-check';
import { fromDayNumber, toDayNumber } from '../calendar-date';

/** Test-only generators (fast-check is a dev dependency; nothing outside *.test.ts imports this). */

/** Any real date from 1990 to 2060 — spans many DST changes and leap years. */
export const anyDate = fc.integer({ min: toDayNumber('1990-01-01'), max: toDayNumber('2060-12-31') }).map(fromDayNumber);

/** A start minute on the 15-minute grid. */
export const gridMinute = fc.integer({ min: 0, max: 95 }).map((i) => i * 15);

import { getISOWeek } from 'date-fns';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  addDays,
  addMonths,
  addYears,
  datesInRange,
  daysBetween,
  fromDayNumber,
  isoWeekNumber,
  isoWeekday,
  isValidDate,
  toDayNumber,
  validDateOrNull,
  weekStart,
} from './calendar-date';

/** Any real date from 1900 to 2200, as 'YYYY-MM-DD'. */
const anyDate = fc.integer({ min: toDayNumber('1900-01-01'), max: toDayNumber('2200-12-31') }).map(fromDayNumber);

describe('calendar dates', () => {
  it('accepts only real dates written YYYY-MM-DD', () => {
    expect(isValidDate('2025-03-30')).toBe(true);
    expect(isValidDate('2024-02-29')).toBe(true);
    for (const bad of [
      '2023-02-29',
      '2025-13-01',
      '2025-00-10',
      '2025-04-31',
      '2025-3-30',
      '30.03.2025',
      '2025-03-30T00:00',
      '',
      null,
      20250330,
    ]) {
      expect(isValidDate(bad)).toBe(false);
      expect(validDateOrNull(bad)).toBeNull();
    }
  });

  it('adds days across month, year and DST boundaries as calendar days', () => {
    expect(addDays('2025-03-29', 1)).toBe('2025-03-30');
    expect(addDays('2025-03-30', 1)).toBe('2025-03-31');
    expect(addDays('2025-10-25', 2)).toBe('2025-10-27');
    expect(addDays('2024-12-31', 1)).toBe('2025-01-01');
    expect(addDays('2024-03-01', -1)).toBe('2024-02-29');
    expect(daysBetween('2025-03-01', '2025-04-01')).toBe(31);
  });

  it('adds months and years with the day clamped to the month', () => {
    expect(addMonths('2025-01-31', 1)).toBe('2025-02-28');
    expect(addMonths('2024-01-31', 1)).toBe('2024-02-29');
    expect(addMonths('2025-01-15', -2)).toBe('2024-11-15');
    expect(addYears('2024-02-29', 10)).toBe('2034-02-28');
    expect(addYears('2025-06-01', -1)).toBe('2024-06-01');
  });

  it('knows the ISO weekday (1 = Monday) and the Monday a week starts on', () => {
    expect(isoWeekday('1970-01-01')).toBe(4);
    expect(isoWeekday('2025-03-30')).toBe(7);
    expect(isoWeekday('2025-03-31')).toBe(1);
    expect(isoWeekday('1969-12-29')).toBe(1);
    expect(weekStart('2025-03-30')).toBe('2025-03-24');
    expect(weekStart('2025-03-31')).toBe('2025-03-31');
  });

  it('numbers weeks the ISO way at year ends', () => {
    expect(isoWeekNumber('2021-01-03')).toBe(53);
    expect(isoWeekNumber('2024-12-30')).toBe(1);
    expect(isoWeekNumber('2026-07-06')).toBe(28);
    expect(isoWeekNumber('2026-07-26')).toBe(30);
  });

  it('lists a range inclusively and nothing when reversed', () => {
    expect(datesInRange('2025-10-25', '2025-10-27')).toEqual(['2025-10-25', '2025-10-26', '2025-10-27']);
    expect(datesInRange('2025-10-27', '2025-10-25')).toEqual([]);
  });

  it('properties: day numbers round-trip, weekdays cycle by 7, week numbers agree with date-fns', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -5000, max: 5000 }), (date, n) => {
        expect(fromDayNumber(toDayNumber(date))).toBe(date);
        expect(addDays(addDays(date, n), -n)).toBe(date);
        expect(daysBetween(date, addDays(date, n))).toBe(n);
        expect(isoWeekday(addDays(date, 7 * n))).toBe(isoWeekday(date));
        expect(isoWeekday(addDays(date, 1))).toBe((isoWeekday(date) % 7) + 1);
        expect(isoWeekday(weekStart(date))).toBe(1);
        expect(daysBetween(weekStart(date), date)).toBe(isoWeekday(date) - 1);
        const [y, m, d] = date.split('-').map(Number) as [number, number, number];
        // Local noon exists in every zone the tests run in, so date-fns' local reading is the calendar date.
        expect(isoWeekNumber(date)).toBe(getISOWeek(new Date(y, m - 1, d, 12)));
      }),
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoWeekday, weekStart } from './calendar-date';
import { daysOfWeek, dayOfWeekToIso, isoToDayOfWeek, UnknownDayOfWeekError } from './day-of-week';
import { expandWeekdayPattern, searchRepetitions, searchRepetitionWeekStep } from './expand-weekday-pattern';
import { anyDate } from './test-support/arbitraries';

describe('expandWeekdayPattern', () => {
  it('Ukentlig: every chosen weekday in the period', () => {
    // 2025-03-26 is a Wednesday; the period crosses the spring DST change.
    expect(
      expandWeekdayPattern({ from: '2025-03-26', to: '2025-04-09', daysOfWeek: ['MONDAY', 'WEDNESDAY'], repetition: 'WEEKLYONWEEKDAY' }),
    ).toEqual(['2025-03-26', '2025-03-31', '2025-04-02', '2025-04-07', '2025-04-09']);
  });

  it('Annenhver uke: the weeks are counted from the week of `from`, both weekdays in the same weeks', () => {
    expect(
      expandWeekdayPattern({ from: '2025-03-26', to: '2025-04-23', daysOfWeek: ['WEDNESDAY', 'MONDAY'], repetition: 'BIWEEKLYONWEEKDAY' }),
    ).toEqual(['2025-03-26', '2025-04-07', '2025-04-09', '2025-04-21', '2025-04-23']);
  });

  it('Hver fjerde uke: every fourth week, not every calendar month', () => {
    expect(expandWeekdayPattern({ from: '2025-01-06', to: '2025-03-31', daysOfWeek: ['MONDAY'], repetition: 'MONTHLYONWEEKDAY' })).toEqual([
      '2025-01-06',
      '2025-02-03',
      '2025-03-03',
      '2025-03-31',
    ]);
  });

  it('is empty when `to` is before `from`, and ignores repeated weekdays', () => {
    expect(expandWeekdayPattern({ from: '2025-04-01', to: '2025-03-01', daysOfWeek: ['MONDAY'], repetition: 'WEEKLYONWEEKDAY' })).toEqual(
      [],
    );
    expect(
      expandWeekdayPattern({ from: '2025-03-31', to: '2025-03-31', daysOfWeek: ['MONDAY', 'MONDAY'], repetition: 'WEEKLYONWEEKDAY' }),
    ).toEqual(['2025-03-31']);
  });

  it('maps weekday names to ISO numbers and refuses unknown ones', () => {
    expect(dayOfWeekToIso('MONDAY')).toBe(1);
    expect(dayOfWeekToIso('SUNDAY')).toBe(7);
    expect(isoToDayOfWeek(3)).toBe('WEDNESDAY');
    expect(() => dayOfWeekToIso('FUNDAY')).toThrow(UnknownDayOfWeekError);
    expect(() => isoToDayOfWeek(8)).toThrow(UnknownDayOfWeekError);
  });

  it('properties: inside the period, only chosen weekdays, in pattern weeks, none missing', () => {
    const days = fc.uniqueArray(fc.constantFrom(...daysOfWeek), { minLength: 1, maxLength: 7 });
    fc.assert(
      fc.property(
        anyDate,
        fc.integer({ min: 0, max: 400 }),
        days,
        fc.constantFrom(...searchRepetitions),
        (from, span, chosen, repetition) => {
          const to = addDays(from, span);
          const step = searchRepetitionWeekStep[repetition];
          const dates = expandWeekdayPattern({ from, to, daysOfWeek: chosen, repetition });
          const isoDays = new Set(chosen.map(dayOfWeekToIso));
          const inPattern = (d: string) => isoDays.has(isoWeekday(d)) && (daysBetween(weekStart(from), weekStart(d)) / 7) % step === 0;
          expect([...dates].sort()).toEqual(dates);
          expect(new Set(dates).size).toBe(dates.length);
          for (const d of dates) {
            expect(d >= from && d <= to).toBe(true);
            expect(inPattern(d)).toBe(true);
          }
          // Exhaustive: every date of the period that fits the pattern is listed.
          let expected = 0;
          for (let i = 0; i <= span; i++) if (inPattern(addDays(from, i))) expected++;
          expect(dates.length).toBe(expected);
        },
      ),
    );
  });
});

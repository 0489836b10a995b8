import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { addDays, daysBetween, isoWeekday } from './calendar-date';
import { expandRepetition, occurrenceCount, RepetitionPatternError, repetitionStep } from './expand-repetition';
import { anyDate } from './test-support/arbitraries';

const time = { date: '2025-03-17', startTime: '18:00:00', duration: 'PT1H30M' };

describe('expandRepetition', () => {
  it('returns single times as they are, for null, SINGLE_DAY and the empty pattern', () => {
    const expected = [{ ...time, initialRepetitionDate: null }];
    expect(expandRepetition([time], null)).toEqual(expected);
    expect(expandRepetition([time], { lastDate: '2025-12-31', pattern: 'SINGLE_DAY' })).toEqual(expected);
    expect(expandRepetition([time], { lastDate: '2025-12-31', pattern: '' })).toEqual(expected);
  });

  it('repeats weekly up to the last date inclusive, across the spring DST change, same wall-clock time', () => {
    const result = expandRepetition([time], { lastDate: '2025-04-07', pattern: 'WEEKLY' });
    expect(result.map((o) => o.date)).toEqual(['2025-03-17', '2025-03-24', '2025-03-31', '2025-04-07']);
    expect(result.every((o) => o.startTime === '18:00:00' && o.duration === 'PT1H30M' && o.initialRepetitionDate === '2025-03-17')).toBe(
      true,
    );
  });

  it('repeats every other week and stops before a last date that falls between', () => {
    const result = expandRepetition([time], { lastDate: '2025-04-13', pattern: 'BIWEEKLY' });
    expect(result.map((o) => o.date)).toEqual(['2025-03-17', '2025-03-31']);
  });

  it('expands each chosen time from its own date and sorts the result', () => {
    const result = expandRepetition([{ ...time, date: '2025-03-19', startTime: '09:00:00' }, time], {
      lastDate: '2025-03-26',
      pattern: 'WEEKLY',
    });
    expect(result.map((o) => `${o.date} ${o.startTime}`)).toEqual([
      '2025-03-17 18:00:00',
      '2025-03-19 09:00:00',
      '2025-03-24 18:00:00',
      '2025-03-26 09:00:00',
    ]);
  });

  it('yields nothing for a time after the last date', () => {
    expect(expandRepetition([time], { lastDate: '2025-03-16', pattern: 'WEEKLY' })).toEqual([]);
  });

  it('treats any other pattern as an internal error', () => {
    expect(() => expandRepetition([time], { lastDate: '2025-12-31', pattern: 'MONTHLY' })).toThrow(RepetitionPatternError);
    expect(() => repetitionStep('WEEKLYONWEEKDAY')).toThrow(RepetitionPatternError);
  });

  it('properties: dates ≤ lastDate, same weekday, exact spacing, count = ⌊span/step⌋ + 1', () => {
    fc.assert(
      fc.property(anyDate, fc.integer({ min: -30, max: 800 }), fc.constantFrom('WEEKLY', 'BIWEEKLY'), (date, span, pattern) => {
        const lastDate = addDays(date, span);
        const step = pattern === 'WEEKLY' ? 7 : 14;
        const dates = expandRepetition([{ ...time, date }], { lastDate, pattern }).map((o) => o.date);
        expect(dates.length).toBe(span < 0 ? 0 : Math.floor(span / step) + 1);
        expect(dates.length).toBe(occurrenceCount(date, lastDate, step));
        dates.forEach((d, i) => {
          expect(d <= lastDate).toBe(true);
          expect(isoWeekday(d)).toBe(isoWeekday(date));
          expect(daysBetween(date, d)).toBe(i * step);
        });
        // The next one would be past the last date.
        if (dates.length > 0) expect(addDays(dates[dates.length - 1] ?? date, step) > lastDate).toBe(true);
      }),
    );
  });
});

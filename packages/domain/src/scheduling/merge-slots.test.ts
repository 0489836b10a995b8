import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseDuration } from './iso-duration';
import { isMergeable, mergeSlots } from './merge-slots';
import { mergeIntervals, subtractIntervals } from './minute-intervals';
import { minutesToTime, parseTime } from './time-of-day';

const slot = (date: string, startTime: string, duration: string | number = 'PT15M') => ({ date, startTime, duration });

describe('mergeSlots', () => {
  it('joins adjacent and overlapping slots of the same day, not across days', () => {
    expect(
      mergeSlots([
        slot('2025-04-02', '10:15:00'),
        slot('2025-04-01', '10:00:00'),
        slot('2025-04-02', '10:00:00'),
        slot('2025-04-02', '10:30:00', 'PT1H'),
        slot('2025-04-02', '11:00:00'),
        slot('2025-04-02', '12:00:00'),
      ]),
    ).toEqual([
      { date: '2025-04-01', startTime: '10:00:00', endTime: '10:15:00', duration: 'PT15M' },
      { date: '2025-04-02', startTime: '10:00:00', endTime: '11:30:00', duration: 'PT1H30M' },
      { date: '2025-04-02', startTime: '12:00:00', endTime: '12:15:00', duration: 'PT15M' },
    ]);
  });

  it('accepts hours as duration and runs to midnight but not past it', () => {
    expect(mergeSlots([slot('2025-04-01', '23:00:00', 1)])).toEqual([
      { date: '2025-04-01', startTime: '23:00:00', endTime: '24:00:00', duration: 'PT1H' },
    ]);
    expect(isMergeable(slot('2025-04-01', '23:30:00', 'PT1H'))).toBe(false);
    expect(() => mergeSlots([slot('2025-04-01', '23:30:00', 'PT1H')])).toThrow(RangeError);
    expect(isMergeable(slot('2025-02-30', '10:00:00'))).toBe(false);
  });

  it('property: merged intervals cover exactly the same minutes and none touch', () => {
    const anySlot = fc
      .record({
        date: fc.constantFrom('2025-03-30', '2025-03-31'),
        start: fc.integer({ min: 0, max: 95 }),
        length: fc.integer({ min: 1, max: 8 }),
      })
      .filter((s) => s.start + s.length <= 96);
    fc.assert(
      fc.property(fc.array(anySlot, { maxLength: 30 }), (raw) => {
        const slots = raw.map((s) => slot(s.date, minutesToTime(s.start * 15), `PT${s.length * 15}M`));
        const covered = (items: { date: string; startTime: string; duration: string | number }[]) => {
          const minutes = new Set<string>();
          for (const i of items) {
            const start = parseTime(i.startTime) ?? 0;
            for (let m = start; m < start + (parseDuration(i.duration) ?? 0); m++) minutes.add(`${i.date} ${m}`);
          }
          return minutes;
        };
        const merged = mergeSlots(slots);
        expect(covered(merged)).toEqual(covered(slots));
        for (let i = 1; i < merged.length; i++) {
          const a = merged[i - 1];
          const b = merged[i];
          if (a && b && a.date === b.date)
            expect((parseTime(b.startTime) ?? 0) > (parseTime(a.endTime, { allowEndOfDay: true }) ?? 0)).toBe(true);
        }
      }),
    );
  });
});

describe('minute intervals', () => {
  it('subtracts holes from a base interval', () => {
    expect(
      subtractIntervals({ start: 480, end: 1200 }, [
        { start: 600, end: 660 },
        { start: 400, end: 500 },
        { start: 1150, end: 1300 },
        { start: 640, end: 700 },
      ]),
    ).toEqual([
      { start: 500, end: 600 },
      { start: 700, end: 1150 },
    ]);
    expect(subtractIntervals({ start: 480, end: 600 }, [])).toEqual([{ start: 480, end: 600 }]);
    expect(subtractIntervals({ start: 480, end: 600 }, [{ start: 0, end: 1440 }])).toEqual([]);
    expect(
      mergeIntervals([
        { start: 10, end: 10 },
        { start: 5, end: 8 },
        { start: 8, end: 9 },
      ]),
    ).toEqual([{ start: 5, end: 9 }]);
  });
});

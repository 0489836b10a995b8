import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  formatClock,
  formatTimeShort,
  isOnSlotGrid,
  minutesToTime,
  parseTime,
  roundDownToGrid,
  roundUpToGrid,
  timeToMinutes,
} from './time-of-day';

describe('times of day', () => {
  it('reads HH:mm:ss and HH:mm as minutes since midnight', () => {
    expect(parseTime('00:00:00')).toBe(0);
    expect(parseTime('08:15:00')).toBe(495);
    expect(parseTime('23:45')).toBe(1425);
    expect(timeToMinutes('12:30:00')).toBe(750);
  });

  it('refuses what is not a minute of a day', () => {
    for (const bad of ['24:00:00', '12:60:00', '12:00:30', '8:00:00', '12-00-00', '', undefined, 480]) expect(parseTime(bad)).toBeNull();
    expect(() => timeToMinutes('25:00:00')).toThrow(RangeError);
  });

  it('accepts midnight at the end of the day only when asked', () => {
    expect(parseTime('24:00:00', { allowEndOfDay: true })).toBe(1440);
    expect(minutesToTime(1440)).toBe('24:00:00');
    expect(formatTimeShort(1440)).toBe('00:00');
    expect(formatTimeShort(900)).toBe('15:00');
    expect(() => minutesToTime(1441)).toThrow(RangeError);
  });

  it('shows a clock as HH:mm, an end at midnight as 00:00 in either form, and anything else as it came', () => {
    expect(formatClock('18:15:00')).toBe('18:15');
    expect(formatClock('00:00:00')).toBe('00:00');
    expect(formatClock('24:00:00')).toBe('00:00');
    expect(formatClock('kl. 8')).toBe('kl. 8');
  });

  it('knows the 15-minute grid', () => {
    expect(isOnSlotGrid(495)).toBe(true);
    expect(isOnSlotGrid(500)).toBe(false);
    expect(roundUpToGrid(490)).toBe(495);
    expect(roundDownToGrid(490)).toBe(480);
    expect(roundUpToGrid(480)).toBe(480);
  });

  it('property: minutes round-trip through HH:mm:ss', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 1439 }), (m) => {
        expect(parseTime(minutesToTime(m))).toBe(m);
      }),
    );
  });
});

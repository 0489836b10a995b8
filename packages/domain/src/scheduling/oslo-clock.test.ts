import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date';
import { nonexistentMinutes, osloClock, osloDayLengthHours, repeatedMinutes, summerTimeEnd, summerTimeStart, todayInOslo } from './oslo-clock';

/** The Oslo UTC offset in hours at an instant, as Intl reports it (the oracle for our DST rule). */
function osloOffsetHours(instant: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Oslo', timeZoneName: 'shortOffset' })
    .formatToParts(instant).find((p) => p.type === 'timeZoneName')?.value;
  return name === 'GMT+2' ? 2 : name === 'GMT+1' ? 1 : Number.NaN;
}

describe('the Oslo clock', () => {
  it('gives the Oslo date whatever the process time zone', () => {
    // 22:30 UTC on 30 June is 00:30 on 1 July in Oslo (summer time, UTC+2).
    expect(todayInOslo(new Date('2024-06-30T22:30:00Z'))).toBe('2024-07-01');
    // 23:30 UTC on 31 December is 00:30 on 1 January in Oslo (UTC+1).
    expect(todayInOslo(new Date('2024-12-31T23:30:00Z'))).toBe('2025-01-01');
    expect(todayInOslo(new Date('2024-12-31T22:59:59Z'))).toBe('2024-12-31');
    expect(osloClock(new Date('2025-03-30T01:00:00Z'))).toEqual({ today: '2025-03-30', time: '03:00:00' });
    expect(osloClock(new Date('2025-03-30T00:59:30Z'))).toEqual({ today: '2025-03-30', time: '01:59:30' });
    expect(osloClock(new Date('2025-01-01T23:00:00Z'))).toEqual({ today: '2025-01-02', time: '00:00:00' });
  });

  it('finds the change days: last Sunday of March and of October', () => {
    expect(summerTimeStart(2025)).toBe('2025-03-30');
    expect(summerTimeEnd(2025)).toBe('2025-10-26');
    expect(summerTimeStart(2026)).toBe('2026-03-29');
    expect(summerTimeEnd(2026)).toBe('2026-10-25');
    expect(summerTimeStart(2029)).toBe('2029-03-25');
  });

  it('agrees with Intl about when the offset changes, 2000–2040', () => {
    for (let year = 2000; year <= 2040; year++) {
      const start = summerTimeStart(year);
      const end = summerTimeEnd(year);
      // The change happens at 01:00 UTC on the change day.
      expect(osloOffsetHours(new Date(`${start}T00:59:00Z`))).toBe(1);
      expect(osloOffsetHours(new Date(`${start}T01:00:00Z`))).toBe(2);
      expect(osloOffsetHours(new Date(`${end}T00:59:00Z`))).toBe(2);
      expect(osloOffsetHours(new Date(`${end}T01:00:00Z`))).toBe(1);
      // A week earlier nothing changes that night.
      expect(osloOffsetHours(new Date(`${addDays(start, -7)}T01:00:00Z`))).toBe(1);
      expect(osloOffsetHours(new Date(`${addDays(end, -7)}T01:00:00Z`))).toBe(2);
    }
  });

  it('names the skipped and the repeated wall-clock hour', () => {
    expect(nonexistentMinutes('2025-03-30')).toEqual({ start: 120, end: 180 });
    expect(nonexistentMinutes('2025-10-26')).toBeNull();
    expect(repeatedMinutes('2025-10-26')).toEqual({ start: 120, end: 180 });
    expect(repeatedMinutes('2025-03-30')).toBeNull();
    expect(osloDayLengthHours('2025-03-30')).toBe(23);
    expect(osloDayLengthHours('2025-10-26')).toBe(25);
    expect(osloDayLengthHours('2025-06-01')).toBe(24);
  });
});

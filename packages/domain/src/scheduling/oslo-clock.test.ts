import { describe, expect, it } from 'vitest';
import { addDays } from './calendar-date';
import { nonexistentMinutes, osloClock, osloClockChanges, osloDayLengthHours, repeatedMinutes, todayInOslo } from './oslo-clock';

/** The Oslo UTC offset in hours at an instant, as Intl names it (another reading than the code's). */
function osloOffsetHours(instant: Date): number {
  const name = new Intl.DateTimeFormat('en-US', { timeZone: 'Europe/Oslo', timeZoneName: 'shortOffset' })
    .formatToParts(instant)
    .find((p) => p.type === 'timeZoneName')?.value;
  return name === 'GMT+2' ? 2 : name === 'GMT+1' ? 1 : Number.NaN;
}

/** The EU's change days since 1996, worked out by hand: the oracle for what the zone data says. */
function lastSundayOf(year: number, month: number): string {
  const last = new Date(Date.UTC(year, month, 0));
  return new Date(last.getTime() - last.getUTCDay() * 86_400_000).toISOString().slice(0, 10);
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
    expect(osloClockChanges(2025)).toEqual([
      { date: '2025-03-30', kind: 'skipped', start: 120, end: 180 },
      { date: '2025-10-26', kind: 'repeated', start: 120, end: 180 },
    ]);
    expect(osloClockChanges(2026)).toEqual([
      { date: '2026-03-29', kind: 'skipped', start: 120, end: 180 },
      { date: '2026-10-25', kind: 'repeated', start: 120, end: 180 },
    ]);
    expect(osloClockChanges(2027)).toEqual([
      { date: '2027-03-28', kind: 'skipped', start: 120, end: 180 },
      { date: '2027-10-31', kind: 'repeated', start: 120, end: 180 },
    ]);
    expect(osloClockChanges(2029).map((c) => c.date)).toEqual(['2029-03-25', '2029-10-28']);
  });

  it('follows the EU rule the zone data encodes (last Sunday of March and October, 01:00 UTC), 2000–2040', () => {
    for (let year = 2000; year <= 2040; year++) {
      const [start, end] = osloClockChanges(year).map((c) => c.date) as [string, string];
      expect(start).toBe(lastSundayOf(year, 3));
      expect(end).toBe(lastSundayOf(year, 10));
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

  it('skips 02:00–03:00 on 29 March 2026 and 28 March 2027', () => {
    for (const day of ['2026-03-29', '2027-03-28']) {
      expect(osloClock(new Date(`${day}T00:59:59Z`))).toEqual({ today: day, time: '01:59:59' });
      expect(osloClock(new Date(`${day}T01:00:00Z`))).toEqual({ today: day, time: '03:00:00' });
      expect(nonexistentMinutes(day)).toEqual({ start: 120, end: 180 });
      expect(repeatedMinutes(day)).toBeNull();
      expect(osloDayLengthHours(day)).toBe(23);
      for (const neighbour of [addDays(day, -1), addDays(day, 1), addDays(day, -7)]) {
        expect(nonexistentMinutes(neighbour)).toBeNull();
        expect(osloDayLengthHours(neighbour)).toBe(24);
      }
    }
  });

  it('lives 02:00–03:00 twice on 25 October 2026 and 31 October 2027', () => {
    for (const day of ['2026-10-25', '2027-10-31']) {
      expect(osloClock(new Date(`${day}T00:30:00Z`))).toEqual({ today: day, time: '02:30:00' });
      expect(osloClock(new Date(`${day}T00:59:59Z`))).toEqual({ today: day, time: '02:59:59' });
      // An hour later in UTC, the same wall-clock times again.
      expect(osloClock(new Date(`${day}T01:00:00Z`))).toEqual({ today: day, time: '02:00:00' });
      expect(osloClock(new Date(`${day}T01:30:00Z`))).toEqual({ today: day, time: '02:30:00' });
      expect(osloClock(new Date(`${day}T02:00:00Z`))).toEqual({ today: day, time: '03:00:00' });
      expect(repeatedMinutes(day)).toEqual({ start: 120, end: 180 });
      expect(nonexistentMinutes(day)).toBeNull();
      expect(osloDayLengthHours(day)).toBe(25);
      for (const neighbour of [addDays(day, -1), addDays(day, 1), addDays(day, -7)]) {
        expect(repeatedMinutes(neighbour)).toBeNull();
        expect(osloDayLengthHours(neighbour)).toBe(24);
      }
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

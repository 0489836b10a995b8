import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { osloWallClockParts as fromEuRule } from './oslo-wall-clock-eu-rule';
import { osloWallClockParts as fromZoneData } from './oslo-wall-clock';

const HOUR_MS = 3_600_000;
const RULE_FROM = Date.UTC(1996, 0, 1);
const RULE_UNTIL = Date.UTC(2101, 0, 1);

/** 01:00 UTC on the last Sunday of a month (1-based), worked out by hand: where the two readings could part. */
function changeAt(year: number, month: number): number {
  const last = new Date(Date.UTC(year, month, 0));
  return last.getTime() - last.getUTCDay() * 24 * HOUR_MS + HOUR_MS;
}

describe("the Oslo wall clock from the EU's rule (the SPAs' builds, decision 050)", () => {
  it('reads every instant from 1996 to 2100 as the zone data does', () => {
    fc.assert(
      fc.property(fc.integer({ min: RULE_FROM, max: RULE_UNTIL - 1 }), (instant) => {
        expect(fromEuRule(instant)).toEqual(fromZoneData(instant));
        expect(fromEuRule(new Date(instant))).toEqual(fromZoneData(new Date(instant)));
      }),
      { numRuns: 5_000 },
    );
  });

  it('reads each change of every year as the zone data does, to the millisecond either side', () => {
    for (let year = 1996; year <= 2100; year++) {
      for (const change of [changeAt(year, 3), changeAt(year, 10)]) {
        for (const delta of [-HOUR_MS, -1000, -1, 0, 1, 999, 1000, HOUR_MS]) {
          expect(fromEuRule(change + delta)).toEqual(fromZoneData(change + delta));
        }
      }
      // New Year in UTC and in Oslo.
      for (const instant of [Date.UTC(year, 0, 1) - 1, Date.UTC(year, 0, 1), Date.UTC(year, 0, 1) - HOUR_MS]) {
        expect(fromEuRule(instant)).toEqual(fromZoneData(instant));
      }
    }
  });

  it('gives 01:59:59 and then 03:00:00 on 29 March 2026, 02:59:59 and then 02:00:00 on 25 October 2026', () => {
    expect(fromEuRule(Date.UTC(2026, 2, 29, 0, 59, 59))).toEqual({
      year: '2026',
      month: '03',
      day: '29',
      hour: '01',
      minute: '59',
      second: '59',
    });
    expect(fromEuRule(Date.UTC(2026, 2, 29, 1))).toEqual({ year: '2026', month: '03', day: '29', hour: '03', minute: '00', second: '00' });
    expect(fromEuRule(Date.UTC(2026, 9, 25, 0, 59, 59))).toEqual({
      year: '2026',
      month: '10',
      day: '25',
      hour: '02',
      minute: '59',
      second: '59',
    });
    expect(fromEuRule(Date.UTC(2026, 9, 25, 1))).toEqual({ year: '2026', month: '10', day: '25', hour: '02', minute: '00', second: '00' });
  });

  it('leaves the instants outside its years to the zone data, invalid ones included', () => {
    fc.assert(
      fc.property(fc.integer({ min: Date.UTC(1900, 0, 1), max: RULE_FROM - 1 }), (instant) => {
        expect(fromEuRule(instant)).toEqual(fromZoneData(instant));
      }),
      { numRuns: 2_000 },
    );
    // Norway's summer time ended on the last Sunday of September until 1995: the rule alone would say +2.
    expect(fromEuRule(Date.UTC(1995, 9, 10, 12))).toEqual(fromZoneData(Date.UTC(1995, 9, 10, 12)));
    expect(fromEuRule(Date.UTC(1995, 9, 10, 12)).hour).toBe('13');
    expect(fromEuRule(Date.UTC(2150, 6, 1, 12))).toEqual(fromZoneData(Date.UTC(2150, 6, 1, 12)));
    expect(() => fromEuRule(Number.NaN)).toThrow(RangeError);
    expect(() => fromEuRule(new Date(Number.NaN))).toThrow(RangeError);
  });
});

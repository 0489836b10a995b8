import { describe, expect, it } from 'vitest';
import type { IsoWeekday } from './calendar-date';
import { buildSchedule } from './build-schedule';
import { checkRequestedTimes } from './check-requested-times';
import { openingOn, prepareOpening } from './opening-on-date';
import { prepareRoom, SchedulingDataError } from './room-calendar';
import { testContext, testRoom } from './test-support/room-fixture';

const weekdays: IsoWeekday[] = [1, 2, 3, 4, 5];
const standard = weekdays.map((weekday) => ({ weekday, opens: '08:00:00', closes: '16:00:00' }));
const summer = { fromDate: '2025-06-23', toDate: '2025-08-10' };

describe('openingOn', () => {
  it("uses a period's hours on its dates, and the standard hours before and after it (edges inclusive)", () => {
    const opening = prepareOpening([
      ...standard,
      { weekday: 1, opens: '10:00:00', closes: '14:00:00', ...summer },
      { weekday: 7, opens: '12:00:00', closes: '13:00:00', ...summer },
    ]);
    expect(openingOn(opening, '2025-06-16')).toEqual([{ start: 480, end: 960 }]); // Monday before
    expect(openingOn(opening, '2025-06-22')).toEqual([]); // Sunday before: standard, closed
    expect(openingOn(opening, '2025-06-23')).toEqual([{ start: 600, end: 840 }]); // first day
    expect(openingOn(opening, '2025-08-10')).toEqual([{ start: 720, end: 780 }]); // last day, a Sunday open in summer
    expect(openingOn(opening, '2025-08-11')).toEqual([{ start: 480, end: 960 }]); // Monday after
  });

  it('closes a weekday that has no hours in the period', () => {
    const opening = prepareOpening([...standard, { weekday: 1, opens: '10:00:00', closes: '14:00:00', ...summer }]);
    expect(openingOn(opening, '2025-06-24')).toEqual([]); // Tuesday in summer
    expect(openingOn(opening, '2025-06-17')).toEqual([{ start: 480, end: 960 }]); // Tuesday before
  });

  it('closes every day of a period without hours (listed as a period)', () => {
    const opening = prepareOpening(standard, [summer]);
    expect(openingOn(opening, '2025-07-01')).toEqual([]);
    expect(openingOn(opening, '2025-08-12')).toEqual([{ start: 480, end: 960 }]);
  });

  it('keeps several intervals a weekday, in the standard hours and in a period, merged and on the grid', () => {
    const opening = prepareOpening([
      { weekday: 2, opens: '08:00:00', closes: '11:00:00' },
      { weekday: 2, opens: '12:00:00', closes: '16:10:00' },
      { weekday: 2, opens: '08:00:00', closes: '09:00:00', ...summer },
      { weekday: 2, opens: '09:00:00', closes: '10:00:00', ...summer },
      { weekday: 2, opens: '18:00:00', closes: '24:00:00', ...summer },
    ]);
    expect(openingOn(opening, '2025-06-17')).toEqual([
      { start: 480, end: 660 },
      { start: 720, end: 960 },
    ]);
    expect(openingOn(opening, '2025-06-24')).toEqual([
      { start: 480, end: 600 },
      { start: 1080, end: 1440 },
    ]);
  });

  it('handles two periods and the dates between them', () => {
    const winter = { fromDate: '2025-12-22', toDate: '2026-01-04' };
    const opening = prepareOpening([...standard, { weekday: 1, opens: '09:00:00', closes: '10:00:00', ...winter }], [summer, winter]);
    expect(openingOn(opening, '2025-07-07')).toEqual([]);
    expect(openingOn(opening, '2025-12-15')).toEqual([{ start: 480, end: 960 }]);
    expect(openingOn(opening, '2025-12-29')).toEqual([{ start: 540, end: 600 }]);
    expect(openingOn(opening, '2026-01-05')).toEqual([{ start: 480, end: 960 }]);
  });

  it('refuses bad data loudly: overlapping periods, an inverted period, half a period', () => {
    expect(() => prepareOpening([], [summer, { fromDate: '2025-08-10', toDate: '2025-08-20' }])).toThrow(SchedulingDataError);
    expect(() => prepareOpening([], [{ fromDate: '2025-08-10', toDate: '2025-08-01' }])).toThrow(SchedulingDataError);
    expect(() => prepareOpening([{ weekday: 1, opens: '08:00:00', closes: '09:00:00', fromDate: '2025-08-10' }])).toThrow(
      SchedulingDataError,
    );
  });
});

describe("the rules read the date's hours", () => {
  const room = testRoom({
    openingHours: [...standard, { weekday: 1, opens: '10:00:00', closes: '12:00:00', ...summer }],
    openingPeriods: [summer],
  });

  it("the schedule shows the period's slots on its dates and the standard slots around them", () => {
    const schedule = buildSchedule({ room, context: testContext('2025-06-01'), fromInclusive: '2025-06-20', toInclusive: '2025-06-24' });
    expect(schedule['2025-06-20']?.length).toBe(32); // Friday before: 08–16
    expect(schedule['2025-06-23']?.map((s) => s.startTime)).toEqual([
      '10:00:00',
      '10:15:00',
      '10:30:00',
      '10:45:00',
      '11:00:00',
      '11:15:00',
      '11:30:00',
      '11:45:00',
    ]);
    expect(schedule['2025-06-24']).toEqual([]); // Tuesday in summer: closed
  });

  it("the availability check refuses outside the period's hours and accepts inside them", () => {
    const results = checkRequestedTimes({
      room: prepareRoom(room, testContext('2025-06-01')),
      requests: [
        { date: '2025-06-23', startTime: '08:00:00', duration: 'PT1H' },
        { date: '2025-06-23', startTime: '10:00:00', duration: 'PT2H' },
        { date: '2025-08-11', startTime: '08:00:00', duration: 'PT1H' },
      ],
    });
    expect(results.map((r) => r.reason ?? 'OK')).toEqual(['OUTSIDE_OPENING_HOURS', 'OK', 'OK']);
  });
});

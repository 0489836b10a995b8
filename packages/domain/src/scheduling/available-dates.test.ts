import { describe, expect, it } from 'vitest';
import { availableTimeSeries, compareByShareThenName, shareOfAvailableDates } from './available-dates';
import { testContext, testRoom } from './test-support/room-fixture';

const today = '2025-03-28';

describe('share of available dates', () => {
  it('counts a date as available when the duration fits somewhere that day', () => {
    const room = testRoom({
      closedDates: ['2025-04-07'],
      reservations: [
        { id: 1, date: '2025-04-14', startTime: '08:00:00', duration: 'PT8H' },
        { id: 2, date: '2025-04-21', startTime: '09:00:00', duration: 'PT6H' },
      ],
    });
    const dates = ['2025-03-31', '2025-04-07', '2025-04-14', '2025-04-21'];
    expect(shareOfAvailableDates({ room, context: testContext(today), dates, duration: 'PT1H' })).toEqual({
      datesCount: 4,
      unavailableDates: ['2025-04-07', '2025-04-14'],
      share: 0.5,
    });
    // 08–09 and 15–16 are free on the 21st, but not two hours in a row.
    expect(shareOfAvailableDates({ room, context: testContext(today), dates, duration: 'PT2H' }).unavailableDates).toEqual([
      '2025-04-07',
      '2025-04-14',
      '2025-04-21',
    ]);
    expect(shareOfAvailableDates({ room, context: testContext(today), dates: [], duration: 'PT1H' }).share).toBe(0);
  });

  it('sorts by share, descending, then by Norwegian name order', () => {
    const rooms = [
      { name: 'Øvingsrom', share: 1 },
      { name: 'Aula', share: 0.5 },
      { name: 'Zeta', share: 1 },
      { name: 'Ærfugl', share: 1 },
    ];
    expect(rooms.sort(compareByShareThenName).map((r) => r.name)).toEqual(['Zeta', 'Ærfugl', 'Øvingsrom', 'Aula']);
  });
});

describe('availableTimeSeries', () => {
  it('lists, per weekday, each interval free on some date with its first date and counts', () => {
    const room = testRoom({
      openingHours: [
        { weekday: 1, opens: '17:00:00', closes: '19:00:00' },
        { weekday: 3, opens: '18:00:00', closes: '19:00:00' },
      ],
      reservations: [{ id: 1, date: '2025-03-31', startTime: '17:00:00', duration: 'PT1H' }],
      closedDates: ['2025-04-09'],
    });
    const series = availableTimeSeries({
      room,
      context: testContext(today),
      from: '2025-03-31',
      to: '2025-04-13',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['MONDAY', 'WEDNESDAY'],
      duration: 'PT1H',
      startStepMinutes: 30,
    });
    expect(series.byWeekday.MONDAY).toEqual([
      { timeInterval: { start: '17:00:00', end: '18:00:00' }, firstAvailable: '2025-04-07', availableDatesCount: 1, datesCount: 2 },
      { timeInterval: { start: '17:30:00', end: '18:30:00' }, firstAvailable: '2025-04-07', availableDatesCount: 1, datesCount: 2 },
      { timeInterval: { start: '18:00:00', end: '19:00:00' }, firstAvailable: '2025-03-31', availableDatesCount: 2, datesCount: 2 },
    ]);
    expect(series.byWeekday.WEDNESDAY).toEqual([
      { timeInterval: { start: '18:00:00', end: '19:00:00' }, firstAvailable: '2025-04-02', availableDatesCount: 1, datesCount: 2 },
    ]);
    expect(series).toMatchObject({ datesCount: 4, unavailableDates: ['2025-04-09'], share: 0.75 });
  });

  it('gives an empty list for a weekday with no free time and counts dates past the window as unavailable', () => {
    const room = testRoom({ lastBookableDate: '2025-04-01' });
    const series = availableTimeSeries({
      room,
      context: testContext(today),
      from: '2025-03-31',
      to: '2025-04-13',
      repetition: 'WEEKLYONWEEKDAY',
      daysOfWeek: ['MONDAY', 'SUNDAY'],
      duration: 'PT8H',
    });
    expect(series.byWeekday.SUNDAY).toEqual([]);
    expect(series.byWeekday.MONDAY?.map((t) => t.firstAvailable)).toEqual(['2025-03-31']);
    expect(series).toMatchObject({ datesCount: 4, unavailableDates: ['2025-04-06', '2025-04-07', '2025-04-13'], share: 0.25 });
  });
});

import { describe, expect, it } from 'vitest';
import { availableIntervals, toAvailableTimes } from './available-intervals';
import { adminCaller } from './scheduling-caller';
import { testContext, testRoom } from './test-support/room-fixture';

const monday = '2025-03-31';
const starts = (intervals: { startTime: string }[]) => intervals.map((i) => i.startTime.slice(0, 5));

describe('availableIntervals', () => {
  it('offers every 15-minute start where the duration fits before closing', () => {
    const room = testRoom({ openingHours: [{ weekday: 1, opens: '08:00:00', closes: '10:00:00' }] });
    const result = availableIntervals({ room, context: testContext(monday), date: monday, duration: 'PT1H30M' });
    expect(result).toEqual([
      { startTime: '08:00:00', endTime: '09:30:00' },
      { startTime: '08:15:00', endTime: '09:45:00' },
      { startTime: '08:30:00', endTime: '10:00:00' },
    ]);
  });

  it('leaves out reservations, blocked times and the past part of today', () => {
    const room = testRoom({
      openingHours: [{ weekday: 1, opens: '08:00:00', closes: '13:00:00' }],
      reservations: [{ id: 1, date: monday, startTime: '10:00:00', duration: 'PT1H' }],
      blockedTimes: [{ date: monday, startTime: '12:10:00', duration: 'PT10M' }],
    });
    const context = testContext(monday, undefined, { now: '08:20:00' });
    expect(starts(availableIntervals({ room, context, date: monday, duration: 'PT1H' }))).toEqual(['08:30', '08:45', '09:00', '11:00']);
    // An admin allowed to book blocked times gets the blocked part too.
    expect(
      starts(
        availableIntervals({
          room,
          context: testContext(monday, adminCaller({ allowedToBookBlockedSlots: true })),
          date: monday,
          duration: 'PT1H',
        }),
      ),
    ).toEqual(['08:00', '08:15', '08:30', '08:45', '09:00', '11:00', '11:15', '11:30', '11:45', '12:00']);
  });

  it('can step by 30 minutes, and refuses a step off the grid', () => {
    const room = testRoom({ openingHours: [{ weekday: 1, opens: '08:15:00', closes: '10:00:00' }] });
    expect(
      starts(availableIntervals({ room, context: testContext(monday), date: monday, duration: 'PT30M', startStepMinutes: 30 })),
    ).toEqual(['08:30', '09:00', '09:30']);
    expect(() => availableIntervals({ room, context: testContext(monday), date: monday, duration: 'PT30M', startStepMinutes: 20 })).toThrow(
      RangeError,
    );
  });

  it('offers nothing on closed dates, inside behandlingstid, when too short, or for invalid input', () => {
    const context = testContext(monday);
    expect(availableIntervals({ room: testRoom({ closedDates: [monday] }), context, date: monday, duration: 'PT1H' })).toEqual([]);
    expect(availableIntervals({ room: testRoom({ behandlingstid: 1 }), context, date: monday, duration: 'PT1H' })).toEqual([]);
    expect(availableIntervals({ room: testRoom({ minBookingDurationMinutes: 90 }), context, date: monday, duration: 'PT1H' })).toEqual([]);
    expect(availableIntervals({ room: testRoom(), context, date: monday, duration: 'PT20M' })).toEqual([]);
    expect(availableIntervals({ room: testRoom(), context, date: '2025-02-30', duration: 'PT1H' })).toEqual([]);
    expect(availableIntervals({ room: testRoom(), context, date: monday, duration: 'PT9H' })).toEqual([]);
    expect(availableIntervals({ room: testRoom(), context, date: monday, duration: 8 })).toEqual([
      { startTime: '08:00:00', endTime: '16:00:00' },
    ]);
  });

  it('maps to the availabletime answer with the date as firstAvailable', () => {
    expect(toAvailableTimes(monday, [{ startTime: '08:00:00', endTime: '09:00:00' }])).toEqual([
      { timeInterval: { start: '08:00:00', end: '09:00:00' }, firstAvailable: monday },
    ]);
  });
});

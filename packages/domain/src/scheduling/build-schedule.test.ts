import { describe, expect, it } from 'vitest';
import { buildSchedule, closedDatesIn, type ScheduleSlot } from './build-schedule';
import { prepareRoom } from './room-calendar';
import { adminCaller } from './scheduling-caller';
import { allDayEveryDay, testContext, testRoom } from './test-support/room-fixture';

// Monday 31 March 2025; the spring DST change was Sunday 30 March.
const monday = '2025-03-31';

function slotsOf(schedule: Record<string, ScheduleSlot[]>, date: string): ScheduleSlot[] {
  return schedule[date] ?? [];
}
const at = (slots: ScheduleSlot[], time: string) => slots.find((s) => s.startTime === time);
const free = { booked: false, bookingAllowed: true, displayAsBlockedButAllowed: false, blocked: false };

describe('buildSchedule', () => {
  it('lists every date of the range with its 15-minute slots inside opening hours', () => {
    const schedule = buildSchedule({ room: testRoom(), context: testContext(monday), fromInclusive: monday, toInclusive: '2025-04-06' });
    expect(Object.keys(schedule)).toEqual([
      '2025-03-31',
      '2025-04-01',
      '2025-04-02',
      '2025-04-03',
      '2025-04-04',
      '2025-04-05',
      '2025-04-06',
    ]);
    const mondaySlots = slotsOf(schedule, monday);
    expect(mondaySlots).toHaveLength(32);
    expect(mondaySlots[0]).toEqual({ startTime: '08:00:00', duration: 'PT15M', ...free });
    expect(mondaySlots.at(-1)?.startTime).toBe('15:45:00');
    expect(slotsOf(schedule, '2025-04-05')).toHaveLength(16);
    expect(slotsOf(schedule, '2025-04-06')).toEqual([]); // Sunday: no opening hours
  });

  it('keeps slots inside opening hours that are off the grid, and runs to midnight when closing at 00:00', () => {
    const room = testRoom({
      openingHours: [
        { weekday: 1, opens: '08:10:00', closes: '09:20:00' },
        { weekday: 2, opens: '22:00:00', closes: '00:00:00' },
      ],
    });
    const schedule = buildSchedule({ room, context: testContext(monday), fromInclusive: monday, toInclusive: '2025-04-01' });
    expect(slotsOf(schedule, monday).map((s) => s.startTime)).toEqual(['08:15:00', '08:30:00', '08:45:00', '09:00:00']);
    expect(slotsOf(schedule, '2025-04-01').at(-1)?.startTime).toBe('23:45:00');
  });

  it('marks booked slots, keeping bookingAllowed for the rules alone', () => {
    const room = testRoom({
      reservations: [
        { id: 7, date: monday, startTime: '10:00:00', duration: 'PT30M' },
        { id: 8, date: monday, startTime: '12:10:00', duration: 'PT10M' },
      ],
    });
    const slots = slotsOf(buildSchedule({ room, context: testContext(monday), fromInclusive: monday, toInclusive: monday }), monday);
    expect(at(slots, '09:45:00')).toMatchObject({ booked: false });
    expect(at(slots, '10:00:00')).toMatchObject({ booked: true, bookingAllowed: true });
    expect(at(slots, '10:15:00')).toMatchObject({ booked: true });
    expect(at(slots, '10:30:00')).toMatchObject({ booked: false });
    // A reservation off the grid (12:10–12:20, legacy data) takes every slot it overlaps.
    expect(at(slots, '11:45:00')).toMatchObject({ booked: false });
    expect(at(slots, '12:00:00')).toMatchObject({ booked: true });
    expect(at(slots, '12:15:00')).toMatchObject({ booked: true });
    expect(at(slots, '12:30:00')).toMatchObject({ booked: false });
  });

  it('ignores the reservations it is told to ignore (the booking being changed)', () => {
    const room = testRoom({ reservations: [{ id: 7, date: monday, startTime: '10:00:00', duration: 'PT30M' }] });
    const slots = slotsOf(
      buildSchedule({
        room,
        context: testContext(monday, undefined, { reservationIdsToIgnore: [7] }),
        fromInclusive: monday,
        toInclusive: monday,
      }),
      monday,
    );
    expect(at(slots, '10:00:00')).toMatchObject(free);
  });

  it('blocked times: not bookable for the public; "Blokkert for innbygger" for an admin allowed to book them', () => {
    const room = testRoom({
      blockedTimes: [{ date: monday, startTime: '09:00:00', duration: 'PT1H' }],
      reservations: [{ id: 1, date: monday, startTime: '09:45:00', duration: 'PT15M' }],
    });
    const range = { fromInclusive: monday, toInclusive: monday };
    const publicSlots = slotsOf(buildSchedule({ room, context: testContext(monday), ...range }), monday);
    expect(at(publicSlots, '09:00:00')).toEqual({
      startTime: '09:00:00',
      duration: 'PT15M',
      booked: false,
      bookingAllowed: false,
      displayAsBlockedButAllowed: false,
      blocked: true,
    });
    const adminSlots = slotsOf(
      buildSchedule({ room, context: testContext(monday, adminCaller({ allowedToBookBlockedSlots: true })), ...range }),
      monday,
    );
    expect(at(adminSlots, '09:00:00')).toMatchObject({
      booked: false,
      bookingAllowed: true,
      displayAsBlockedButAllowed: true,
      blocked: true,
    });
    // Booked and blocked: taken, so not shown as bookable-but-blocked.
    expect(at(adminSlots, '09:45:00')).toMatchObject({ booked: true, displayAsBlockedButAllowed: false, blocked: true });
    const plainAdmin = slotsOf(buildSchedule({ room, context: testContext(monday, adminCaller()), ...range }), monday);
    expect(at(plainAdmin, '09:00:00')).toMatchObject({ bookingAllowed: false, displayAsBlockedButAllowed: false, blocked: true });
  });

  it('closed dates show their slots as not bookable, unless an admin makes closed dates available', () => {
    const room = testRoom({ closedDates: [monday] });
    const range = { fromInclusive: monday, toInclusive: monday };
    expect(slotsOf(buildSchedule({ room, context: testContext(monday), ...range }), monday).every((s) => !s.bookingAllowed)).toBe(true);
    expect(
      slotsOf(buildSchedule({ room, context: testContext(monday, adminCaller({ closedDatesAvailable: true })), ...range }), monday).every(
        (s) => s.bookingAllowed,
      ),
    ).toBe(true);
  });

  it('names the closed dates of the range the caller cannot book, also one without opening hours', () => {
    // Tuesday, and Sunday (no hours: still named, the portal marks the day 'Stengt'); Friday 28 March is past.
    const room = testRoom({ closedDates: ['2025-03-28', '2025-04-01', '2025-04-06', '2025-04-08'], behandlingstid: 0 });
    const week = ['2025-03-27', '2025-04-06'] as const;
    expect(closedDatesIn(prepareRoom(room, testContext(monday)), ...week)).toEqual(['2025-04-01', '2025-04-06']);
    expect(closedDatesIn(prepareRoom(room, testContext(monday, adminCaller())), ...week)).toEqual(['2025-04-01', '2025-04-06']);
    expect(closedDatesIn(prepareRoom(room, testContext(monday, adminCaller({ closedDatesAvailable: true }))), ...week)).toEqual([]);
    // Inside behandlingstid the date is unbookable for that reason first: not named as closed.
    expect(closedDatesIn(prepareRoom({ ...room, behandlingstid: 2 }, testContext(monday)), ...week)).toEqual(['2025-04-06']);
  });

  it('behandlingstid: the first bookable date is today + n; earlier dates show, not bookable', () => {
    const room = testRoom({ behandlingstid: 2 });
    const schedule = buildSchedule({ room, context: testContext(monday), fromInclusive: '2025-03-28', toInclusive: '2025-04-03' });
    const allowed = (date: string) => slotsOf(schedule, date).some((s) => s.bookingAllowed);
    expect(allowed('2025-03-28')).toBe(false); // past
    expect(allowed(monday)).toBe(false);
    expect(allowed('2025-04-01')).toBe(false);
    expect(allowed('2025-04-02')).toBe(true);
    // Administrators are not held by behandlingstid.
    const admin = buildSchedule({ room, context: testContext(monday, adminCaller()), fromInclusive: monday, toInclusive: monday });
    expect(slotsOf(admin, monday).every((s) => s.bookingAllowed)).toBe(true);
  });

  it('the last bookable date is bookable, the day after is not', () => {
    const room = testRoom({ lastBookableDate: '2025-04-01' });
    const schedule = buildSchedule({ room, context: testContext(monday), fromInclusive: '2025-04-01', toInclusive: '2025-04-02' });
    expect(slotsOf(schedule, '2025-04-01').every((s) => s.bookingAllowed)).toBe(true);
    expect(slotsOf(schedule, '2025-04-02').some((s) => s.bookingAllowed)).toBe(false);
  });

  it('today: a slot that has started is past; admins with ADMIN_CAN_BOOK_PAST_DATES may still book it', () => {
    const range = { fromInclusive: monday, toInclusive: monday };
    const slots = slotsOf(
      buildSchedule({ room: testRoom(), context: testContext(monday, undefined, { now: '10:00:01' }), ...range }),
      monday,
    );
    expect(at(slots, '09:45:00')?.bookingAllowed).toBe(false);
    expect(at(slots, '10:00:00')?.bookingAllowed).toBe(false);
    expect(at(slots, '10:15:00')?.bookingAllowed).toBe(true);
    const onTheMinute = slotsOf(
      buildSchedule({ room: testRoom(), context: testContext(monday, undefined, { now: '10:00:00' }), ...range }),
      monday,
    );
    expect(at(onTheMinute, '10:00:00')?.bookingAllowed).toBe(true);
    const admin = slotsOf(
      buildSchedule({
        room: testRoom(),
        context: testContext(monday, adminCaller({ canBookPastDates: true }), { now: '15:00:00' }),
        fromInclusive: '2025-03-28',
        toInclusive: monday,
      }),
      monday,
    );
    expect(admin.every((s) => s.bookingAllowed)).toBe(true);
  });

  it('DST spring: the skipped hour 02:00–03:00 has no slots (23-hour day)', () => {
    const room = testRoom({ openingHours: allDayEveryDay });
    const schedule = buildSchedule({ room, context: testContext('2025-03-28'), fromInclusive: '2025-03-29', toInclusive: '2025-03-31' });
    expect(slotsOf(schedule, '2025-03-29')).toHaveLength(96);
    const sunday = slotsOf(schedule, '2025-03-30');
    expect(sunday).toHaveLength(92);
    expect(sunday.some((s) => s.startTime.startsWith('02:'))).toBe(false);
    expect(sunday.map((s) => s.startTime)).toContain('01:45:00');
    expect(sunday.map((s) => s.startTime)).toContain('03:00:00');
  });

  it('DST autumn: the repeated hour is shown once (wall-clock grid), a reservation over midnight spills into the next date', () => {
    const room = testRoom({
      openingHours: allDayEveryDay,
      reservations: [{ id: 1, date: '2025-10-25', startTime: '23:00:00', duration: 'PT4H' }],
    });
    const schedule = buildSchedule({ room, context: testContext('2025-10-20'), fromInclusive: '2025-10-25', toInclusive: '2025-10-26' });
    const sunday = slotsOf(schedule, '2025-10-26');
    expect(sunday).toHaveLength(96);
    expect(sunday.filter((s) => s.booked).map((s) => s.startTime)).toEqual([
      '00:00:00',
      '00:15:00',
      '00:30:00',
      '00:45:00',
      '01:00:00',
      '01:15:00',
      '01:30:00',
      '01:45:00',
      '02:00:00',
      '02:15:00',
      '02:30:00',
      '02:45:00',
    ]);
    expect(slotsOf(schedule, '2025-10-25').filter((s) => s.booked)).toHaveLength(4);
  });

  it('gives the same answer under either process time zone (the suite runs in Oslo and UTC)', () => {
    const schedule = buildSchedule({
      room: testRoom({ openingHours: allDayEveryDay }),
      context: testContext('2025-03-30', undefined, { now: '01:30:00' }),
      fromInclusive: '2025-03-30',
      toInclusive: '2025-03-30',
    });
    const allowed = slotsOf(schedule, '2025-03-30')
      .filter((s) => s.bookingAllowed)
      .map((s) => s.startTime);
    expect(allowed[0]).toBe('01:30:00');
    expect(allowed[2]).toBe('03:00:00');
  });
});

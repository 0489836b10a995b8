import { describe, expect, it } from 'vitest';
import { checkRequestedTimes } from './check-requested-times';
import { prepareRoom, SchedulingDataError } from './room-calendar';
import { adminCaller } from './scheduling-caller';
import { allDayEveryDay, testContext, testRoom } from './test-support/room-fixture';

const monday = '2025-03-31';
const request = (startTime: string, duration: string | number = 'PT1H', date = monday) => ({ date, startTime, duration });

function check(requests: ReturnType<typeof request>[], room = testRoom(), context = testContext(monday)) {
  return checkRequestedTimes({ room, context, requests });
}
const reasonOf = (...args: Parameters<typeof check>) => check(...args).map((r) => r.reason);

describe('checkRequestedTimes', () => {
  it('accepts a free time inside opening hours and gives its end', () => {
    expect(check([request('08:00:00', 'PT1H30M')])).toEqual([
      { date: monday, startTime: '08:00:00', duration: 'PT1H30M', endTime: '09:30:00', available: true, reason: null, message: null },
    ]);
    expect(check([request('15:00:00', 1)])[0]).toMatchObject({ available: true, endTime: '16:00:00' });
  });

  it('ends a time at midnight at 00:00:00, as a reservation does, and gives no end past midnight', () => {
    const room = testRoom({ openingHours: allDayEveryDay });
    expect(check([request('22:00:00', 'PT2H'), request('23:00:00', 'PT2H')], room).map((c) => [c.endTime, c.reason])).toEqual([
      ['00:00:00', null],
      [null, 'OUTSIDE_OPENING_HOURS'],
    ]);
  });

  it('refuses invalid requests and times off the 15-minute grid', () => {
    expect(
      reasonOf([
        request('08:00:00', 'PT0M'),
        request('8:00', 'PT1H'),
        request('08:00:00', 'PT1H', '2025-02-30'),
        request('08:00:00', 'P1D'),
      ]),
    ).toEqual(['INVALID_REQUEST', 'INVALID_REQUEST', 'INVALID_REQUEST', 'INVALID_REQUEST']);
    expect(reasonOf([request('08:10:00'), request('08:00:00', 'PT20M')])).toEqual(['NOT_ON_SLOT_GRID', 'NOT_ON_SLOT_GRID']);
    expect(check([request('08:10:00')])[0]?.message).toBe('Tidspunktet må starte og slutte på et helt kvarter');
  });

  it('refuses times outside opening hours, on a closed weekday, and across midnight', () => {
    expect(
      reasonOf([request('07:45:00'), request('15:30:00'), request('10:00:00', 'PT1H', '2025-04-06'), request('23:00:00', 'PT2H')]),
    ).toEqual(['OUTSIDE_OPENING_HOURS', 'OUTSIDE_OPENING_HOURS', 'OUTSIDE_OPENING_HOURS', 'OUTSIDE_OPENING_HOURS']);
  });

  it('refuses a time spanning a break in the opening hours', () => {
    const room = testRoom({
      openingHours: [
        { weekday: 1, opens: '08:00:00', closes: '12:00:00' },
        { weekday: 1, opens: '13:00:00', closes: '16:00:00' },
      ],
    });
    expect(reasonOf([request('11:30:00'), request('11:00:00'), request('13:00:00')], room)).toEqual(['OUTSIDE_OPENING_HOURS', null, null]);
  });

  it('refuses booked and blocked times, and names them', () => {
    const room = testRoom({
      reservations: [{ id: 3, date: monday, startTime: '10:00:00', duration: 'PT1H' }],
      blockedTimes: [{ date: monday, startTime: '13:00:00', duration: 'PT15M' }],
    });
    const result = check([request('10:45:00'), request('11:00:00'), request('12:15:00', 'PT1H'), request('12:00:00', 'PT1H')], room);
    expect(result.map((r) => r.reason)).toEqual(['BOOKED', null, 'BLOCKED', null]);
    expect(result[0]?.message).toBe('Tidspunktet er ikke ledig');
    expect(result[2]?.message).toBe('Tidspunktet er blokkert');
    // An admin allowed to book blocked times gets it; the booked one stays taken.
    expect(
      reasonOf([request('12:15:00'), request('10:45:00')], room, testContext(monday, adminCaller({ allowedToBookBlockedSlots: true }))),
    ).toEqual([null, 'BOOKED']);
    // Ignoring the reservation frees its time.
    expect(reasonOf([request('10:00:00')], room, testContext(monday, undefined, { reservationIdsToIgnore: [3] }))).toEqual([null]);
  });

  it('closed dates are refused unless an admin makes them available', () => {
    const room = testRoom({ closedDates: [monday] });
    expect(check([request('10:00:00')], room)[0]).toMatchObject({ reason: 'CLOSED_DATE', message: 'Lokalet er stengt denne dagen' });
    expect(reasonOf([request('10:00:00')], room, testContext(monday, adminCaller({ closedDatesAvailable: true })))).toEqual([null]);
  });

  it('behandlingstid: refuses dates before today + n with the spec message, accepts on the edge', () => {
    const room = testRoom({ behandlingstid: 2 });
    const result = check(
      [request('10:00:00', 'PT1H', '2025-04-01'), request('10:00:00', 'PT1H', '2025-04-02'), request('10:00:00', 'PT1H', '2025-03-28')],
      room,
    );
    expect(result.map((r) => r.reason)).toEqual(['WITHIN_PROCESSING_TIME', null, 'IN_THE_PAST']);
    expect(result[0]?.message).toBe('Lokalet krever at søknader sendes inn minst 2 dager før ønsket dato.');
    expect(reasonOf([request('10:00:00', 'PT1H', monday)], room, testContext(monday, adminCaller()))).toEqual([null]);
  });

  it('refuses dates after the last bookable date, and for admins more than a year back', () => {
    const room = testRoom({ lastBookableDate: '2025-04-01' });
    const result = check([request('10:00:00', 'PT1H', '2025-04-01'), request('10:00:00', 'PT1H', '2025-04-02')], room);
    expect(result.map((r) => r.reason)).toEqual([null, 'OUTSIDE_WINDOW']);
    expect(result[1]?.message).toBe('Datoen er utenfor perioden som kan bookes (siste dato er 01.04.2025)');
    const admin = testContext(monday, adminCaller({ canBookPastDates: true }));
    expect(reasonOf([request('10:00:00', 'PT1H', '2024-04-01'), request('10:00:00', 'PT1H', '2024-03-29')], room, admin)).toEqual([
      null,
      'OUTSIDE_WINDOW',
    ]);
  });

  it('refuses the part of today that has passed', () => {
    const context = testContext(monday, undefined, { now: '09:20:00' });
    expect(reasonOf([request('09:00:00'), request('09:30:00')], testRoom(), context)).toEqual(['IN_THE_PAST', null]);
    expect(check([request('09:00:00')], testRoom(), context)[0]?.message).toBe('Tidspunktet har allerede vært');
  });

  it('the minimum duration binds the public, not administrators', () => {
    const room = testRoom({ minBookingDurationMinutes: 60 });
    expect(check([request('10:00:00', 'PT45M'), request('10:00:00', 'PT1H')], room).map((r) => [r.reason, r.message])).toEqual([
      ['TOO_SHORT', 'Bookingen må vare minst 60 minutter'],
      [null, null],
    ]);
    expect(reasonOf([request('10:00:00', 'PT15M')], room, testContext(monday, adminCaller()))).toEqual([null]);
  });

  it('DST spring: a time over the skipped hour is refused; DST autumn: the long night is bookable', () => {
    const room = testRoom({ openingHours: allDayEveryDay });
    const context = testContext('2025-03-01');
    expect(
      check(
        [request('01:00:00', 'PT3H', '2025-03-30'), request('02:00:00', 'PT15M', '2025-03-30'), request('03:00:00', 'PT1H', '2025-03-30')],
        room,
        context,
      ).map((r) => r.reason),
    ).toEqual(['NONEXISTENT_TIME', 'NONEXISTENT_TIME', null]);
    expect(reasonOf([request('01:00:00', 'PT3H', '2025-10-26'), request('02:00:00', 'PT1H', '2025-10-26')], room, context)).toEqual([
      null,
      null,
    ]);
    // The same series a week later and earlier is unaffected.
    expect(reasonOf([request('02:00:00', 'PT1H', '2025-03-23'), request('02:00:00', 'PT1H', '2025-04-06')], room, context)).toEqual([
      null,
      null,
    ]);
  });

  it('treats broken room data as an internal error, not as free time', () => {
    expect(() =>
      check([request('10:00:00')], testRoom({ reservations: [{ id: 1, date: monday, startTime: '10:00', duration: 'bad' }] })),
    ).toThrow(SchedulingDataError);
    expect(() => check([request('10:00:00')], testRoom({ openingHours: [{ weekday: 1, opens: '16:00:00', closes: '08:00:00' }] }))).toThrow(
      SchedulingDataError,
    );
    expect(() => prepareRoom(testRoom(), testContext(monday, undefined, { now: 'noon' }))).toThrow(SchedulingDataError);
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableStartMinutes } from './scheduling/available-intervals';
import { shareOfAvailableDates } from './scheduling/available-dates';
import { addDays, datesInRange, isoWeekday, type IsoWeekday } from './scheduling/calendar-date';
import { formatDuration } from './scheduling/iso-duration';
import { prepareRoom, type RoomCalendar, type SchedulingContext } from './scheduling/room-calendar';
import { adminCaller, publicCaller } from './scheduling/scheduling-caller';
import { testContext, testRoom } from './scheduling/test-support/room-fixture';
import { minutesToTime } from './scheduling/time-of-day';
import { busyBudget, fitsOnOrdinaryDay, indexSearchDates, unavailableSearchDates } from './search-room-dates';

// Three weeks around each daylight-saving change of 2025 (spring: Sunday 30 March; autumn: 26 October).
const spans = [datesInRange('2025-03-17', '2025-04-06'), datesInRange('2025-10-13', '2025-11-02')];
const minuteOfDay = fc.integer({ min: 0, max: 287 }).map((i) => i * 5);
const weekdays: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];

const openingEntry = (weekday: IsoWeekday) =>
  fc.tuple(minuteOfDay, fc.integer({ min: 5, max: 1440 })).map(([opens, length]) => {
    const closes = Math.min(1440, opens + length);
    return { weekday, opens: minutesToTime(opens), closes: closes === 1440 ? '24:00:00' : minutesToTime(closes) };
  });

const scenario = fc.constantFrom(...spans).chain((span) => {
  const date = fc.constantFrom(...span);
  const timeOnDate = fc.record({ date, startTime: minuteOfDay.map(minutesToTime), duration: fc.integer({ min: 1, max: 120 }).map((n) => formatDuration(n * 5)) });
  return fc.record({
    room: fc.record({
      bookableAssetId: fc.constant(1),
      openingHours: fc.tuple(...weekdays.map((w) => fc.array(openingEntry(w), { maxLength: 2 }))).map((lists) => lists.flat()),
      closedDates: fc.subarray(span, { maxLength: 4 }),
      blockedTimes: fc.array(timeOnDate, { maxLength: 5 }),
      reservations: fc.array(timeOnDate, { maxLength: 12 }).map((list) => list.map((r, i) => ({ ...r, id: i + 1 }))),
      lastBookableDate: fc.option(date, { nil: null }),
      behandlingstid: fc.option(fc.integer({ min: 0, max: 8 }), { nil: null }),
      minBookingDurationMinutes: fc.constantFrom(0, 30, 60, 120, null),
    }) as fc.Arbitrary<RoomCalendar>,
    context: fc.record({
      today: fc.constantFrom(addDays(span[0]!, -2), ...span),
      now: fc.option(minuteOfDay.map(minutesToTime), { nil: null }),
      caller: fc.oneof(
        fc.constant(publicCaller),
        fc.record({ canBookPastDates: fc.boolean(), allowedToBookBlockedSlots: fc.boolean(), closedDatesAvailable: fc.boolean() }).map(adminCaller),
      ),
      reservationIdsToIgnore: fc.subarray([1, 2, 3], { maxLength: 2 }),
    }) as fc.Arbitrary<SchedulingContext>,
    dates: fc.subarray(span, { minLength: 1 }),
    // Mostly the search's own options (30-minute steps), sometimes off the grid (fits nowhere).
    minutes: fc.oneof(fc.integer({ min: 1, max: 16 }).map((n) => n * 30), fc.constantFrom(15, 20, 45)),
  });
});

describe('unavailableSearchDates', () => {
  it('names exactly the dates where availableStartMinutes finds nothing (as shareOfAvailableDates)', () => {
    fc.assert(
      fc.property(scenario, ({ room, context, dates, minutes }) => {
        const prepared = prepareRoom(room, context);
        const search = indexSearchDates(dates);
        const expected = shareOfAvailableDates({ room: prepared, dates: search.dates, duration: formatDuration(minutes) }).unavailableDates;
        expect(unavailableSearchDates(prepared, search, minutes)).toEqual(expected);
      }),
      { numRuns: 400 },
    );
  });

  it('counts a weekday without opening hours, a closed date and the days inside behandlingstid as unavailable', () => {
    const room = prepareRoom(testRoom({ closedDates: ['2025-06-11'], behandlingstid: 2 }), testContext('2025-06-09'));
    const search = indexSearchDates(datesInRange('2025-06-09', '2025-06-16'));
    // Monday 9 and Tuesday 10 are within behandlingstid, Wednesday 11 is closed, Sunday 15 has no hours.
    expect(unavailableSearchDates(room, search, 60)).toEqual(['2025-06-09', '2025-06-10', '2025-06-11', '2025-06-15']);
  });

  it('sees a booking that leaves no hour free, and one that leaves an hour', () => {
    const full = prepareRoom(testRoom({ reservations: [{ id: 1, date: '2025-06-12', startTime: '08:00:00', duration: 'PT7H30M' }] }), testContext('2025-06-01'));
    const search = indexSearchDates(['2025-06-12', '2025-06-19']);
    expect(unavailableSearchDates(full, search, 60)).toEqual(['2025-06-12']);
    expect(unavailableSearchDates(full, search, 30)).toEqual([]);
  });
});

describe('fitsOnOrdinaryDay and busyBudget', () => {
  it('answer from the weekday\'s hours and the minimum duration', () => {
    const room = prepareRoom(testRoom({ minBookingDurationMinutes: 60 }), testContext('2025-06-01'));
    expect(fitsOnOrdinaryDay(room, 1, 60)).toBe(true);
    expect(fitsOnOrdinaryDay(room, 1, 30)).toBe(false);
    expect(fitsOnOrdinaryDay(room, 6, 300)).toBe(false);
    expect(fitsOnOrdinaryDay(room, 7, 60)).toBe(false);
    // Monday 08–16 is 32 slots; one opening interval costs one duration of 4 slots.
    expect(busyBudget(room, 1, 60)).toBe(28);
    expect(busyBudget(room, 7, 60)).toBeNull();
  });

  it('guarantees a fit whenever the busy pieces stay within the budget', () => {
    const ordinaryDate = '2025-06-11'; // a Wednesday well inside the window
    const piece = fc.tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 300 }));
    fc.assert(
      fc.property(fc.array(openingEntry(3), { maxLength: 2 }), fc.array(piece, { maxLength: 8 }), fc.integer({ min: 1, max: 12 }), (hours, pieces, slots) => {
        const minutes = slots * 15;
        const reservations = pieces.map(([start, length], i) => ({ id: i + 1, date: ordinaryDate, startTime: minutesToTime(Math.floor(start / 5) * 5), duration: formatDuration(Math.min(length, 1440 - start)) }));
        const room = prepareRoom(testRoom({ openingHours: hours, reservations }), testContext('2025-06-01'));
        const budget = busyBudget(room, isoWeekday(ordinaryDate), minutes);
        // The pre-filter's estimate of a piece: its length in slots plus two (it may straddle slot edges).
        const spent = pieces.reduce((sum, [, length]) => sum + Math.floor(length / 15) + 2, 0) + slots * pieces.length;
        if (budget !== null && spent <= budget) expect(availableStartMinutes(room, ordinaryDate, minutes).length).toBeGreaterThan(0);
        if (budget === null) expect(availableStartMinutes(room, ordinaryDate, minutes)).toEqual([]);
      }),
      { numRuns: 500 },
    );
  });
});

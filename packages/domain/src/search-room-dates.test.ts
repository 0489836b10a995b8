import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableStartMinutes } from './scheduling/available-intervals';
import { shareOfAvailableDates } from './scheduling/available-dates';
import { addDays, datesInRange, isoWeekday, type IsoWeekday } from './scheduling/calendar-date';
import { formatDuration } from './scheduling/iso-duration';
import { openingWeekOn } from './scheduling/opening-on-date';
import { prepareRoom, type RoomCalendar, type SchedulingContext } from './scheduling/room-calendar';
import { adminCaller, publicCaller } from './scheduling/scheduling-caller';
import { openingPeriodsWithin } from './scheduling/test-support/arbitraries';
import { testContext, testRoom } from './scheduling/test-support/room-fixture';
import { minutesToTime } from './scheduling/time-of-day';
import {
  busyBudget,
  fitsOnOrdinaryDay,
  indexSearchDates,
  searchBusyBudgets,
  sameHoursEveryWeek,
  searchOpenSpans,
  unavailableSearchDates,
} from './search-room-dates';

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
  const timeOnDate = fc.record({
    date,
    startTime: minuteOfDay.map(minutesToTime),
    duration: fc.integer({ min: 1, max: 120 }).map((n) => formatDuration(n * 5)),
  });
  return fc
    .record({
      // Seasonal periods in about half the rooms, so both the fast path and the dated one are walked.
      seasons: fc.oneof(fc.constant({ openingPeriods: [], entries: [] }), openingPeriodsWithin(span, openingEntry)),
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
          fc
            .record({ canBookPastDates: fc.boolean(), allowedToBookBlockedSlots: fc.boolean(), closedDatesAvailable: fc.boolean() })
            .map(adminCaller),
        ),
        reservationIdsToIgnore: fc.subarray([1, 2, 3], { maxLength: 2 }),
      }) as fc.Arbitrary<SchedulingContext>,
      dates: fc.subarray(span, { minLength: 1 }),
      // Mostly the search's own options (30-minute steps), sometimes off the grid (fits nowhere).
      minutes: fc.oneof(
        fc.integer({ min: 1, max: 16 }).map((n) => n * 30),
        fc.constantFrom(15, 20, 45),
      ),
    })
    .map(({ seasons, room, ...rest }) => ({
      ...rest,
      room: { ...room, openingHours: [...room.openingHours, ...seasons.entries], openingPeriods: seasons.openingPeriods },
    }));
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

  it('follows a seasonal period: its hours on its dates, a weekday without hours in it closed, the standard hours around it', () => {
    // Summer: Monday–Thursday 10–12 only, from Wednesday 2 July to Sunday 3 August.
    const summer = { fromDate: '2025-07-02', toDate: '2025-08-03' };
    const hours = ([1, 2, 3, 4] as IsoWeekday[]).map((weekday) => ({ weekday, opens: '10:00:00', closes: '12:00:00', ...summer }));
    const room = prepareRoom(
      testRoom({ openingHours: [...testRoom().openingHours, ...hours], openingPeriods: [summer] }),
      testContext('2025-06-01'),
    );
    const search = indexSearchDates(['2025-07-01', '2025-07-02', '2025-07-04', '2025-07-05', '2025-08-03', '2025-08-04']);
    // Tuesday 1 July and Monday 4 August are standard (08–16); Friday 4 July and Saturday 5 July have no hours in the period.
    expect(unavailableSearchDates(room, search, 60)).toEqual(['2025-07-04', '2025-07-05', '2025-08-03']);
    expect(unavailableSearchDates(room, search, 180)).toEqual(['2025-07-02', '2025-07-04', '2025-07-05', '2025-08-03']);
    // The budget of a weekday holds for every hours its dates follow: the smallest one.
    // Monday–Wednesday: 08–16 (32 slots − 4) or 10–12 (8 − 4); Thursday is not searched; Friday and
    // Saturday fit only under the standard hours; Sunday under none.
    expect(searchBusyBudgets(room, search, 60)).toEqual([4, 4, 4, null, 28, 12, null]);
  });

  it('sees a booking that leaves no hour free, and one that leaves an hour', () => {
    const full = prepareRoom(
      testRoom({ reservations: [{ id: 1, date: '2025-06-12', startTime: '08:00:00', duration: 'PT7H30M' }] }),
      testContext('2025-06-01'),
    );
    const search = indexSearchDates(['2025-06-12', '2025-06-19']);
    expect(unavailableSearchDates(full, search, 60)).toEqual(['2025-06-12']);
    expect(unavailableSearchDates(full, search, 30)).toEqual([]);
  });
});

describe('fitsOnOrdinaryDay and busyBudget', () => {
  it("answer from the weekday's hours and the minimum duration", () => {
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
      fc.property(
        fc.array(openingEntry(3), { maxLength: 2 }),
        fc.array(piece, { maxLength: 8 }),
        fc.integer({ min: 1, max: 12 }),
        (hours, pieces, slots) => {
          const minutes = slots * 15;
          const reservations = pieces.map(([start, length], i) => ({
            id: i + 1,
            date: ordinaryDate,
            startTime: minutesToTime(Math.floor(start / 5) * 5),
            duration: formatDuration(Math.min(length, 1440 - start)),
          }));
          const room = prepareRoom(testRoom({ openingHours: hours, reservations }), testContext('2025-06-01'));
          const budget = busyBudget(room, isoWeekday(ordinaryDate), minutes);
          // The pre-filter's estimate of a piece: its length in slots plus two (it may straddle slot edges).
          const spent = pieces.reduce((sum, [, length]) => sum + Math.floor(length / 15) + 2, 0) + slots * pieces.length;
          if (budget !== null && spent <= budget) expect(availableStartMinutes(room, ordinaryDate, minutes).length).toBeGreaterThan(0);
          if (budget === null) expect(availableStartMinutes(room, ordinaryDate, minutes)).toEqual([]);
        },
      ),
      { numRuns: 500 },
    );
  });

  it('searchBusyBudgets guarantees a fit on every searched date where the duration fits under its hours, periods or not', () => {
    const span = datesInRange('2025-06-02', '2025-06-15');
    const piece = fc.tuple(fc.integer({ min: 0, max: 1439 }), fc.integer({ min: 1, max: 300 }));
    fc.assert(
      fc.property(
        fc.tuple(...weekdays.map((w) => fc.array(openingEntry(w), { maxLength: 2 }))).map((lists) => lists.flat()),
        openingPeriodsWithin(span, openingEntry),
        fc.constantFrom(...span),
        fc.array(piece, { maxLength: 6 }),
        fc.integer({ min: 1, max: 12 }),
        (standard, seasons, date, pieces, slots) => {
          const minutes = slots * 15;
          const reservations = pieces.map(([start, length], i) => ({
            id: i + 1,
            date,
            startTime: minutesToTime(Math.floor(start / 5) * 5),
            duration: formatDuration(Math.min(length, 1440 - start)),
          }));
          const room = prepareRoom(
            testRoom({ openingHours: [...standard, ...seasons.entries], openingPeriods: seasons.openingPeriods, reservations }),
            testContext('2025-05-01'),
          );
          const budget = searchBusyBudgets(room, indexSearchDates(span), minutes)[isoWeekday(date) - 1] ?? null;
          const spent = pieces.reduce((sum, [, length]) => sum + Math.floor(length / 15) + 2, 0) + slots * pieces.length;
          // Where nothing fits under the date's own hours the search needs no rows (the date is unavailable anyway).
          const fitsThere = fitsOnOrdinaryDay(room, isoWeekday(date), minutes, openingWeekOn(room.opening, date));
          if (budget !== null && spent <= budget && fitsThere) expect(availableStartMinutes(room, date, minutes).length).toBeGreaterThan(0);
          if (budget === null) expect(fitsThere).toBe(false);
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('searchOpenSpans', () => {
  it("is the one interval of the weekday's hours, narrowed by the periods the search meets", () => {
    const span = datesInRange('2025-06-02', '2025-06-15');
    const room = prepareRoom(
      testRoom({
        openingHours: [
          { weekday: 1, opens: '08:00:00', closes: '16:00:00' },
          { weekday: 2, opens: '08:00:00', closes: '10:00:00' },
          { weekday: 2, opens: '12:00:00', closes: '16:00:00' },
          { weekday: 3, opens: '10:00:00', closes: '20:00:00' },
          { weekday: 3, opens: '12:00:00', closes: '22:00:00', fromDate: '2025-06-09', toDate: '2025-06-15' },
        ],
        openingPeriods: [{ fromDate: '2025-06-09', toDate: '2025-06-15' }],
      }),
      testContext('2025-05-01'),
    );
    const spans = searchOpenSpans(room, indexSearchDates(span));
    // Monday: no hours of the period that day, so no span at all; Tuesday opens twice; Wednesday 12–20 in both weeks.
    expect(spans[0]).toBeNull();
    expect(spans[1]).toBeNull();
    expect(spans[2]).toEqual({ start: 720, end: 1200 });
    expect(spans[6]).toBeNull();
  });

  it('lies inside the opening hours of every searched date of its weekday', () => {
    const span = datesInRange('2025-06-02', '2025-06-22');
    fc.assert(
      fc.property(
        fc.tuple(...weekdays.map((w) => fc.array(openingEntry(w), { maxLength: 2 }))).map((lists) => lists.flat()),
        openingPeriodsWithin(span, openingEntry),
        (standard, seasons) => {
          const room = prepareRoom(
            testRoom({ openingHours: [...standard, ...seasons.entries], openingPeriods: seasons.openingPeriods }),
            testContext('2025-05-01'),
          );
          const spans = searchOpenSpans(room, indexSearchDates(span));
          for (const date of span) {
            const open = spans[isoWeekday(date) - 1];
            if (!open) continue;
            const hours = openingWeekOn(room.opening, date)[isoWeekday(date) - 1] ?? [];
            expect(hours.some((h) => h.start <= open.start && open.end <= h.end)).toBe(true);
          }
        },
      ),
      { numRuns: 300 },
    );
  });
});

describe('sameHoursEveryWeek', () => {
  const room = (openingHours: RoomCalendar['openingHours'], periods = [{ fromDate: '2025-06-09', toDate: '2025-06-15' }]) =>
    prepareRoom(testRoom({ openingHours, openingPeriods: periods }), testContext('2025-05-01'));
  const wednesdays = indexSearchDates(['2025-06-04', '2025-06-11']);
  const mondaysAndWednesdays = indexSearchDates(['2025-06-02', '2025-06-04']);

  it('holds when every week that opens a searched weekday opens it once, at the same times', () => {
    const evenings = [
      { weekday: 3 as IsoWeekday, opens: '16:00:00', closes: '22:00:00' },
      { weekday: 3 as IsoWeekday, opens: '16:00:00', closes: '22:00:00', fromDate: '2025-06-09', toDate: '2025-06-15' },
    ];
    expect(sameHoursEveryWeek(room(evenings), wednesdays)).toBe(true);
    // A week closed that weekday (the period has no Monday) changes nothing: such a date is closed anyway.
    expect(sameHoursEveryWeek(room([...evenings, { weekday: 1, opens: '08:00:00', closes: '12:00:00' }]), mondaysAndWednesdays)).toBe(true);
    // A weekday the search does not hold is not looked at.
    expect(
      sameHoursEveryWeek(
        room([...evenings, { weekday: 5, opens: '08:00:00', closes: '10:00:00' }, { weekday: 5, opens: '12:00:00', closes: '14:00:00' }]),
        wednesdays,
      ),
    ).toBe(true);
  });

  it('fails when the period opens other hours, or a week opens twice that day', () => {
    const standard = { weekday: 3 as IsoWeekday, opens: '16:00:00', closes: '22:00:00' };
    expect(
      sameHoursEveryWeek(room([standard, { ...standard, closes: '21:00:00', fromDate: '2025-06-09', toDate: '2025-06-15' }]), wednesdays),
    ).toBe(false);
    expect(
      sameHoursEveryWeek(
        room(
          [
            { ...standard, closes: '18:00:00' },
            { ...standard, opens: '19:00:00' },
          ],
          [],
        ),
        wednesdays,
      ),
    ).toBe(false);
    // A period the search does not meet counts too: the database keeps one span per room and weekday.
    expect(
      sameHoursEveryWeek(
        room(
          [standard, { ...standard, opens: '17:00:00', fromDate: '2025-09-01', toDate: '2025-09-30' }],
          [{ fromDate: '2025-09-01', toDate: '2025-09-30' }],
        ),
        wednesdays,
      ),
    ).toBe(false);
  });
});

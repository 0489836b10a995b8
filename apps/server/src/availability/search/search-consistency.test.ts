import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { datesInRange, type IsoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { checkRequestedTimes } from '@lokaler/domain/scheduling/check-requested-times';
import { daysOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { expandWeekdayPattern, searchRepetitions } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { checkPublicBookingRules, effectivePublicRules, type PublicBookingRules } from '@lokaler/domain/scheduling/public-booking-rules';
import { prepareRoom, type RoomCalendar } from '@lokaler/domain/scheduling/room-calendar';
import type { LocationRules, RoomFlags } from '@lokaler/domain/scheduling/room-rules';
import { publicCaller } from '@lokaler/domain/scheduling/scheduling-caller';
import { minutesToTime } from '@lokaler/domain/scheduling/time-of-day';
import { sqlState } from '../../http/error-handler';
import { insertReservations } from '../../bookings/bookings';
import { blockedTimes, closedDates, openingHours } from '../../db/schema/schedule';
import { openingHourPeriods } from '../../db/schema/location-setup';
import { useTestApp } from '../../../test/test-app';
import { truncateAll } from '../../../test/test-db';
import { createAsset, createBooking, createLocation, createUser } from '../../../test/factories/places';
import { getAvailableTime } from './available-time';
import { searchAssets, type SearchAssetsOptions, type SearchKind } from './search-assets';

/**
 * Search, calendar and availability check agree: random locations and rooms (hours with odd edges,
 * rooms' own hours, seasonal periods with their own hours, closed dates, and every rule of the
 * room and its location: behandlingstid, minimum durations, the public flags of both),
 * reservations (some not active) and blocked times are stored; random single and recurring searches
 * over two weeks holding the spring daylight-saving change, at 10:30 on a Monday, are answered by the
 * search service — reading every busy row, and letting the database pick the crowded dates from the busy
 * sums read date by date and room by room — and each
 * room's unavailable dates must be exactly those where no start on the 15-minute grid passes the
 * availability check (checkRequestedTimes) and the booking rules (checkPublicBookingRules, single
 * or weekly) for the same room, built from what was generated; and
 * the location page's times (availabletime) must be exactly the starts the check accepts.
 */

const now = new Date('2027-03-22T09:30:00Z');
const { today, time } = osloClock(now);
const span = datesInRange('2027-03-22', '2027-04-04');
const weekdays: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];

const clock = fc.integer({ min: 0, max: 287 }).map((i) => i * 5);
// Hours like the city's (evenings, office hours) as often as odd ones, so a few bookings fill a day.
const hours = fc.oneof(
  fc.constantFrom(
    { opens: '16:00:00', closes: '22:00:00' },
    { opens: '08:00:00', closes: '14:00:00' },
    { opens: '10:10:00', closes: '13:50:00' },
    { opens: '00:00:00', closes: '24:00:00' },
  ),
  fc
    .tuple(clock, fc.integer({ min: 1, max: 288 }))
    .map(([opens, length]) => ({ opens: minutesToTime(opens), closes: minutesToTime(Math.min(1440, opens + length * 5)) })),
);
const week = fc.array(fc.option(hours, { nil: null, freq: 4 }), { minLength: 7, maxLength: 7 });
// Busy times crowd a few dates: today (10:30 is past), the spring-forward Sunday and the day before
// it, and evenings that run past midnight.
const busyTime = fc.record({
  date: fc.oneof(fc.constantFrom(today, '2027-03-27', '2027-03-28'), fc.constantFrom('2027-03-21', ...span)),
  start: fc.oneof(fc.constantFrom(480, 600, 660, 960, 1020, 1080, 1320, 1410), clock),
  minutes: fc.oneof(
    fc.constantFrom(60, 90, 120, 180, 240),
    fc.integer({ min: 1, max: 120 }).map((n) => n * 5),
  ),
});
/** True in `tenths` of ten cases. */
const mostly = (tenths: number) => fc.integer({ min: 0, max: 9 }).map((i) => i < tenths);

/**
 * Every rule of a room and its location (RoomRules, what the one reader of a room's rules reads)
 * gets a value: a rule added to RoomRules fails to type-check here until it is generated, so a rule
 * the calendar obeys and the search ignores makes this test fail. maxOneTimeslot and
 * adminCanBookPastDates never change a public search's answer — generated anyway, so a search that
 * wrongly applied them would fail too.
 */
const locationRules = fc.record({
  allowSingleBookingsForPublicUser: mostly(8),
  allowRepeatedBookingsForPublicUser: mostly(8),
  maxOneTimeslotPerBookingForPublicUser: mostly(3),
  behandlingstid: fc.constantFrom(0, 0, 2, 5),
  minBookingDurationMinutes: fc.constantFrom(null, null, 60),
  adminCanBookPastDates: fc.boolean(),
} satisfies { [K in keyof LocationRules]-?: fc.Arbitrary<LocationRules[K]> });
const roomFlags = fc.record({
  allowSingleBookingsForPublicUser: mostly(9),
  allowRepeatedBookingsForPublicUser: mostly(9),
  maxOneTimeslotPerBookingForPublicUser: mostly(3),
} satisfies { [K in keyof RoomFlags]-?: fc.Arbitrary<RoomFlags[K]> });

const world = fc.record({
  locations: fc.array(
    fc.record({
      rules: locationRules,
      week,
      // A seasonal period inside the span (its hours replace the standard ones; a day without hours in it is closed).
      season: fc.option(
        fc
          .tuple(fc.integer({ min: 0, max: span.length - 1 }), fc.integer({ min: 0, max: span.length - 1 }), week)
          .map(([a, b, hours]) => ({ fromDate: span[Math.min(a, b)]!, toDate: span[Math.max(a, b)]!, week: hours })),
        { nil: null, freq: 2 },
      ),
      closed: fc.subarray(span, { maxLength: 3 }),
      rooms: fc.array(
        fc.record({
          published: mostly(9),
          rules: roomFlags,
          ownWeek: fc.option(week, { nil: null, freq: 3 }),
          reservations: fc.array(fc.record({ time: busyTime, active: mostly(8) }), { maxLength: 12 }),
          blocked: fc.array(busyTime, { maxLength: 3 }),
        }),
        { minLength: 1, maxLength: 3 },
      ),
    }),
    { minLength: 1, maxLength: 2 },
  ),
  searches: fc.array(
    fc.oneof(
      fc.record({
        kind: fc.constant('single' as const),
        date: fc.oneof(fc.constantFrom(today, '2027-03-27', '2027-03-28'), fc.constantFrom(...span)),
        minutes: fc.constantFrom(30, 60, 90, 120, 240),
      }),
      fc.record({
        kind: fc.constant('recurring' as const),
        from: fc.constantFrom(...span.slice(0, 7)),
        to: fc.constantFrom(...span.slice(7)),
        minutes: fc.constantFrom(30, 60, 120),
        repetition: fc.constantFrom(...searchRepetitions),
        daysOfWeek: fc.subarray([...daysOfWeek], { minLength: 1 }),
      }),
    ),
    { minLength: 1, maxLength: 4 },
  ),
});
type World = typeof world extends fc.Arbitrary<infer T> ? T : never;

/** A published room as the rules should see it: its calendar and its public booking rules. */
interface ExpectedRoom {
  calendar: RoomCalendar;
  rules: PublicBookingRules;
}

describe('search agrees with the availability check', () => {
  const ctx = useTestApp();

  /** Stores the world; answers each published room's calendar as the rules should see it. */
  async function store(w: World): Promise<Map<number, ExpectedRoom>> {
    const db = ctx.database.db;
    await truncateAll(ctx.database);
    const userId = (await createUser(db)).id;
    const expected = new Map<number, ExpectedRoom>();
    for (const l of w.locations) {
      const location = await createLocation(db, l.rules);
      const rows = weekdays.flatMap((weekday, i) => (l.week[i] ? [{ locationId: location.id, weekday, ...l.week[i]! }] : []));
      if (rows.length) await db.insert(openingHours).values(rows);
      const seasonRows: { weekday: IsoWeekday; opens: string; closes: string }[] = [];
      if (l.season) {
        const [period] = await db
          .insert(openingHourPeriods)
          .values({ locationId: location.id, name: 'Sommer', fromDate: l.season.fromDate, toDate: l.season.toDate })
          .returning();
        seasonRows.push(...weekdays.flatMap((weekday, i) => (l.season!.week[i] ? [{ weekday, ...l.season!.week[i]! }] : [])));
        if (seasonRows.length)
          await db.insert(openingHours).values(seasonRows.map((h) => ({ ...h, locationId: location.id, periodId: period!.id })));
      }
      if (l.closed.length) await db.insert(closedDates).values(l.closed.map((date) => ({ locationId: location.id, date })));
      const booking = await createBooking(db, location.id, userId);
      for (const r of l.rooms) {
        const room = await createAsset(db, location.id, { ...r.rules, status: r.published ? 'PUBLISHED' : 'UNPUBLISHED' });
        const own = weekdays.flatMap((weekday, i) =>
          r.ownWeek?.[i] ? [{ locationId: location.id, bookableAssetId: room.id, weekday, ...r.ownWeek[i]! }] : [],
        );
        if (own.length) await db.insert(openingHours).values(own);
        const ownDays = new Set(own.map((h) => h.weekday));
        const stored: RoomCalendar['reservations'][number][] = [];
        for (const { time: t, active } of r.reservations) {
          try {
            const [row] = await insertReservations(db, [
              {
                bookingId: booking.id,
                bookableAssetId: room.id,
                date: t.date,
                startTime: minutesToTime(t.start),
                durationMinutes: t.minutes,
                status: active ? 'APPROVED' : 'REJECTED',
              },
            ]);
            if (active) stored.push({ id: row!.id, date: t.date, startTime: minutesToTime(t.start), duration: formatDuration(t.minutes) });
          } catch (error) {
            // Overlapping an active reservation of the room: the database refuses it, so it does not exist.
            if (sqlState(error) !== '23P01') throw error;
          }
        }
        if (r.blocked.length)
          await db
            .insert(blockedTimes)
            .values(
              r.blocked.map((t) => ({
                bookableAssetId: room.id,
                date: t.date,
                startTime: minutesToTime(t.start),
                durationMinutes: t.minutes,
              })),
            );
        if (!r.published) continue;
        expected.set(room.id, {
          rules: effectivePublicRules(l.rules, r.rules),
          calendar: {
            bookableAssetId: room.id,
            openingHours: [
              ...[...own, ...rows.filter((h) => !ownDays.has(h.weekday))].map((h) => ({
                weekday: h.weekday,
                opens: h.opens,
                closes: h.closes,
              })),
              ...seasonRows.map((h) => ({ ...h, fromDate: l.season!.fromDate, toDate: l.season!.toDate })),
            ],
            openingPeriods: l.season ? [{ fromDate: l.season.fromDate, toDate: l.season.toDate }] : [],
            closedDates: l.closed,
            blockedTimes: r.blocked.map((t) => ({ date: t.date, startTime: minutesToTime(t.start), duration: formatDuration(t.minutes) })),
            reservations: stored,
            lastBookableDate: null,
            behandlingstid: l.rules.behandlingstid,
            minBookingDurationMinutes: l.rules.minBookingDurationMinutes,
          },
        });
      }
    }
    return expected;
  }

  /**
   * The starts on the grid a public booking of the room may take for the duration on the date: the
   * availability check accepts the time and the booking rules (single or weekly) accept the request.
   */
  function acceptedStarts(room: ExpectedRoom, date: string, minutes: number, repeating = false): string[] {
    const prepared = prepareRoom(room.calendar, { today, now: time, caller: publicCaller });
    const starts = Array.from({ length: Math.floor((1440 - minutes) / 15) + 1 }, (_, i) => minutesToTime(i * 15));
    const checks = checkRequestedTimes({
      room: prepared,
      requests: starts.map((startTime) => ({ date, startTime, duration: formatDuration(minutes) })),
    });
    const repetition = repeating ? { pattern: 'WEEKLY', lastDate: date } : null;
    return checks
      .filter((c) => c.available)
      .filter(
        (c) =>
          checkPublicBookingRules(
            { datesAndTimes: [{ date, startTime: c.startTime, duration: formatDuration(minutes) }], repetition },
            room.rules,
            publicCaller,
          ).length === 0,
      )
      .map((c) => c.startTime);
  }

  /**
   * Every way the search reads busy time: every row of its rooms (few rooms), and the crowded
   * room-dates by the pre-filter, its busy sums read date by date (many rooms) or room by room over
   * the period (a narrow filter, decision 046).
   */
  const paths: Pick<SearchAssetsOptions, 'exactRoomLimit' | 'busyReads'>[] = [
    { exactRoomLimit: 1000 },
    { exactRoomLimit: 0, busyReads: 'by-date' },
    { exactRoomLimit: 0, busyReads: 'by-room' },
  ];

  /** A location and a room of the fixed examples: open to the public's single and weekly bookings, no other rule. */
  const openLocation: World['locations'][number]['rules'] = {
    allowSingleBookingsForPublicUser: true,
    allowRepeatedBookingsForPublicUser: true,
    maxOneTimeslotPerBookingForPublicUser: false,
    behandlingstid: 0,
    minBookingDurationMinutes: null,
    adminCanBookPastDates: false,
  };
  const openRoom: World['locations'][number]['rooms'][number]['rules'] = {
    allowSingleBookingsForPublicUser: true,
    allowRepeatedBookingsForPublicUser: true,
    maxOneTimeslotPerBookingForPublicUser: false,
  };

  /** The availability check's answer: the dates where no start on the grid is accepted. */
  function unavailableByCheck(room: ExpectedRoom, dates: string[], minutes: number, repeating = false): string[] {
    return dates.filter((date) => acceptedStarts(room, date, minutes, repeating).length === 0);
  }

  it("reads busy rows where the pre-filter's budget does not hold: today after 10:30, the spring-forward Sunday, an evening into the night", async () => {
    const w: World = {
      locations: [
        {
          rules: openLocation,
          closed: [],
          season: null,
          week: weekdays
            .map(() => ({ opens: '00:00:00', closes: '24:00:00' }))
            .map((h, i) => (i === 0 ? { opens: '08:00:00', closes: '14:00:00' } : h)),
          rooms: [
            {
              published: true,
              ownWeek: null,
              blocked: [],
              rules: openRoom,
              reservations: [
                // Today 11–13: with 10:30 past, 90 minutes fit nowhere, though they would on an ordinary Monday.
                { time: { date: today, start: 660, minutes: 120 }, active: true },
                // Saturday 23:00 until Sunday's midnight (wall clock): the 28th has nothing free.
                { time: { date: '2027-03-27', start: 1380, minutes: 1500 }, active: true },
              ],
            },
          ],
        },
      ],
      searches: [],
    };
    const expected = await store(w);
    const [room] = [...expected.values()];
    for (const path of paths) {
      const answer = await searchAssets({
        db: ctx.database.db,
        search: { kind: 'single', date: today, minutes: 90 },
        tagIds: [],
        now,
        ...path,
      });
      expect(answer.unavailable.map((h) => h.unavailableDates)).toEqual([[today]]);
      const sunday = await searchAssets({
        db: ctx.database.db,
        search: {
          kind: 'recurring',
          from: '2027-03-27',
          to: '2027-03-29',
          minutes: 60,
          repetition: 'WEEKLYONWEEKDAY',
          daysOfWeek: ['SATURDAY', 'SUNDAY', 'MONDAY'],
        },
        tagIds: [],
        now,
        ...path,
      });
      expect(sunday.available.map((h) => h.unavailableDates)).toEqual([
        unavailableByCheck(room!, ['2027-03-27', '2027-03-28', '2027-03-29'], 60, true),
      ]);
      expect(sunday.available[0]!.unavailableDates).toEqual(['2027-03-28']);
      // Asked alone, Sunday's busy time still comes from Saturday's row.
      const sundayOnly = await searchAssets({
        db: ctx.database.db,
        search: { kind: 'single', date: '2027-03-28', minutes: 60 },
        tagIds: [],
        now,
        ...path,
      });
      expect(sundayOnly.unavailable.map((h) => h.unavailableDates)).toEqual([['2027-03-28']]);
    }
  });

  it('decides an ordinary date from its kept fit at the edge: the duration exactly, and a quarter more', async () => {
    // Evenings 16–22; on Wednesday the 24th 16:05–18:00 and 19:30–22:00 are booked: the longest run
    // from a start on the grid is 18:00–19:30, 90 minutes (the kept fit, decision 052).
    const w: World = {
      locations: [
        {
          rules: openLocation,
          closed: [],
          season: null,
          week: weekdays.map(() => ({ opens: '16:00:00', closes: '22:00:00' })),
          rooms: [
            {
              published: true,
              ownWeek: null,
              blocked: [],
              rules: openRoom,
              reservations: [
                { time: { date: '2027-03-24', start: 965, minutes: 115 }, active: true },
                { time: { date: '2027-03-24', start: 1170, minutes: 150 }, active: true },
              ],
            },
          ],
        },
      ],
      searches: [],
    };
    const expected = await store(w);
    const [room] = [...expected.values()];
    for (const minutes of [90, 105]) {
      const search: SearchKind = {
        kind: 'recurring',
        from: '2027-03-23',
        to: '2027-03-25',
        minutes,
        repetition: 'WEEKLYONWEEKDAY',
        daysOfWeek: ['TUESDAY', 'WEDNESDAY', 'THURSDAY'],
      };
      const want = unavailableByCheck(room!, ['2027-03-23', '2027-03-24', '2027-03-25'], minutes, true);
      expect(want).toEqual(minutes === 90 ? [] : ['2027-03-24']);
      for (const path of paths) {
        const answer = await searchAssets({ db: ctx.database.db, search, tagIds: [], now, ...path });
        expect(
          answer.available.map((h) => h.unavailableDates),
          JSON.stringify(path),
        ).toEqual([want]);
      }
    }
  });

  it('over random rooms, bookings and searches', { timeout: 600_000 }, async () => {
    await fc.assert(
      fc.asyncProperty(world, async (w) => {
        const expected = await store(w);
        for (const search of w.searches as SearchKind[]) {
          const dates = search.kind === 'single' ? [search.date] : expandWeekdayPattern(search);
          const want = new Map(
            [...expected].map(([id, room]) => {
              return [id, unavailableByCheck(room, dates, search.minutes, search.kind !== 'single')];
            }),
          );
          for (const path of paths) {
            const answer = await searchAssets({ db: ctx.database.db, search, tagIds: [], now, ...path });
            const got = new Map([...answer.available, ...answer.unavailable].map((h) => [h.bookableAssetId, h.unavailableDates]));
            expect(got).toEqual(want);
            for (const hit of answer.available) expect(hit.unavailableDates.length).toBeLessThan(dates.length);
            for (const hit of answer.unavailable) expect(hit.unavailableDates).toHaveLength(dates.length);
          }
          // The location page's times for a single date: exactly the starts the check accepts.
          if (search.kind !== 'single') continue;
          for (const [id, room] of expected) {
            const times = await getAvailableTime({
              db: ctx.database.db,
              query: { bookableAssetId: id, date: search.date, duration: formatDuration(search.minutes) },
              now,
            });
            expect(times.map((t) => t.timeInterval.start)).toEqual(acceptedStarts(room, search.date, search.minutes));
          }
        }
      }),
      { numRuns: Number(process.env.SEARCH_PROPERTY_RUNS ?? 25) },
    );
  });
});

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { availableIntervals } from './available-intervals';
import { buildSchedule, type ScheduleSlot } from './build-schedule';
import { addDays, datesInRange, isoWeekday, type IsoWeekday } from './calendar-date';
import { checkRequestedTimes } from './check-requested-times';
import { formatDuration } from './iso-duration';
import { prepareRoom, type RoomCalendar, type SchedulingContext } from './room-calendar';
import { adminCaller, publicCaller } from './scheduling-caller';
import { openingPeriodsWithin } from './test-support/arbitraries';
import { minutesToTime, timeToMinutes } from './time-of-day';

/**
 * The promise of the scheduling rules: the calendar, the availability check and the search never
 * disagree. Random rooms (opening hours with breaks and off-grid edges, closed dates, blocked times,
 * reservations — some ignored —, behandlingstid, last date, minimum duration, seasonal periods whose
 * hours replace the standard ones), random callers and clocks, over two weeks that hold a
 * daylight-saving change.
 */

const periods = [
  { from: '2025-03-24', to: '2025-04-06' }, // spring change on Sunday 30 March
  { from: '2025-10-20', to: '2025-11-02' }, // autumn change on Sunday 26 October
];

const minuteOfDay = fc.integer({ min: 0, max: 1440 / 5 - 1 }).map((i) => i * 5);

const openingEntry = (weekday: IsoWeekday) =>
  fc.tuple(minuteOfDay, fc.integer({ min: 5, max: 1440 }), fc.boolean()).map(([opens, length, toMidnight]) => {
    const closes = toMidnight ? 1440 : Math.min(1440, opens + length);
    return {
      weekday,
      opens: minutesToTime(opens),
      closes: closes === 1440 ? (length % 2 ? '24:00:00' : '00:00:00') : minutesToTime(closes),
    };
  });

const scenario = fc.constantFrom(...periods).chain((period) => {
  const dates = datesInRange(period.from, period.to);
  const date = fc.constantFrom(...dates);
  const timeOnDate = fc.record({
    date,
    startTime: minuteOfDay.map(minutesToTime),
    duration: fc.integer({ min: 1, max: 60 }).map((n) => formatDuration(n * 5)),
  });
  const weekdays: IsoWeekday[] = [1, 2, 3, 4, 5, 6, 7];
  return fc
    .record({
      period: fc.constant(period),
      seasons: openingPeriodsWithin(dates, openingEntry),
      room: fc.record({
        bookableAssetId: fc.constant(1),
        openingHours: fc
          .tuple(...weekdays.map((w) => fc.array(openingEntry(w), { maxLength: 2 })))
          .map((lists) => lists.flat().filter((e) => e.closes === '24:00:00' || e.closes === '00:00:00' || e.closes > e.opens)),
        closedDates: fc.subarray(dates, { maxLength: 3 }),
        blockedTimes: fc.array(timeOnDate, { maxLength: 4 }),
        reservations: fc.array(timeOnDate, { maxLength: 8 }).map((list) => list.map((r, i) => ({ ...r, id: i + 1 }))),
        lastBookableDate: fc.option(date, { nil: null }),
        behandlingstid: fc.option(fc.integer({ min: 0, max: 6 }), { nil: null }),
        minBookingDurationMinutes: fc.constantFrom(0, 15, 30, 60, null),
      }) as fc.Arbitrary<RoomCalendar>,
      context: fc.record({
        today: fc.constantFrom(addDays(period.from, -3), ...dates),
        now: fc.option(minuteOfDay.map(minutesToTime), { nil: null }),
        caller: fc.oneof(
          fc.constant(publicCaller),
          fc
            .record({ canBookPastDates: fc.boolean(), allowedToBookBlockedSlots: fc.boolean(), closedDatesAvailable: fc.boolean() })
            .map(adminCaller),
        ),
        reservationIdsToIgnore: fc.subarray([1, 2, 3, 4], { maxLength: 2 }),
      }) as fc.Arbitrary<SchedulingContext>,
      duration: fc.integer({ min: 1, max: 16 }).map((n) => n * 15),
    })
    .map(({ seasons, room, ...rest }) => ({
      ...rest,
      room: {
        ...room,
        openingHours: [...room.openingHours, ...seasons.entries.filter(validEntry)],
        openingPeriods: seasons.openingPeriods,
      },
    }));
});

function validEntry(e: { opens: string; closes: string }): boolean {
  return e.closes === '24:00:00' || e.closes === '00:00:00' || e.closes > e.opens;
}

const gridStarts = Array.from({ length: 96 }, (_, i) => i * 15);
const bookable = (slot: ScheduleSlot | undefined) => slot !== undefined && slot.bookingAllowed && !slot.booked;

describe('calendar, availability check and search agree', () => {
  it('properties (1)–(3) over random rooms, callers and requests', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(scenario, ({ period, room, context, duration }) => {
        const prepared = prepareRoom(room, context);
        const schedule = buildSchedule({ room: prepared, fromInclusive: period.from, toInclusive: period.to });
        // Disagreements are collected and compared once: a per-item expect is too slow for this many items.
        const disagreements: string[] = [];
        for (const date of datesInRange(period.from, period.to)) {
          const slots = new Map((schedule[date] ?? []).map((s) => [s.startTime, s]));

          // (0) Every slot shown lies inside an entry of the hours that apply on the date, read
          // directly from the raw entries: the period's holding the date, else the standard ones.
          const season = room.openingPeriods?.find((p) => p.fromDate <= date && date <= p.toDate);
          const applying = room.openingHours.filter(
            (e) =>
              e.weekday === isoWeekday(date) &&
              (season ? e.fromDate === season.fromDate && e.toDate === season.toDate : e.fromDate == null),
          );
          for (const slot of schedule[date] ?? []) {
            const start = timeToMinutes(slot.startTime);
            // Minute by minute: entries that touch make one opening.
            let inside = true;
            for (let m = start; inside && m < start + 15; m++)
              inside = applying.some((e) => timeToMinutes(e.opens) <= m && m < (timeToMinutes(e.closes, { allowEndOfDay: true }) || 1440));
            if (!inside) disagreements.push(`(0) ${date} ${slot.startTime} outside the hours of the date`);
          }
          const fifteenOk = 15 >= prepared.minBookingDurationMinutes;

          // (1) A 15-minute request is accepted exactly when its slot is shown bookable and free.
          const single = checkRequestedTimes({
            room: prepared,
            requests: gridStarts.map((m) => ({ date, startTime: minutesToTime(m), duration: 'PT15M' })),
          });
          single.forEach((result, i) => {
            const slot = slots.get(minutesToTime(gridStarts[i] ?? 0));
            if (result.available !== (bookable(slot) && fifteenOk)) disagreements.push(`(1) ${date} ${result.startTime} ${result.reason}`);
          });

          // (2) A longer request is accepted exactly when every slot it covers is bookable and free.
          const longer = checkRequestedTimes({
            room: prepared,
            requests: gridStarts.map((m) => ({ date, startTime: minutesToTime(m), duration: formatDuration(duration) })),
          });
          longer.forEach((result, i) => {
            const start = gridStarts[i] ?? 0;
            let allFree = start + duration <= 1440;
            for (let m = start; allFree && m < start + duration; m += 15) allFree = bookable(slots.get(minutesToTime(m)));
            if (result.available !== (allFree && duration >= prepared.minBookingDurationMinutes))
              disagreements.push(`(2) ${date} ${result.startTime} +${duration} ${result.reason}`);
          });

          // (3) The search offers exactly the starts the check accepts.
          const offered = availableIntervals({ room: prepared, date, duration: formatDuration(duration) })
            .map((i) => i.startTime)
            .join(' ');
          const accepted = longer
            .filter((r) => r.available)
            .map((r) => r.startTime)
            .join(' ');
          if (offered !== accepted) disagreements.push(`(3) ${date} offered [${offered}] accepted [${accepted}]`);
        }
        expect(disagreements).toEqual([]);
      }),
      { numRuns: 200 },
    );
  });
});

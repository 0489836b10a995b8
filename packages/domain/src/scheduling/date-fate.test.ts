import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { omittedProblems } from '../booking-omitted';
import type { AssetTimesToBook } from '../booking-request';
import { availabilityForBookingDto, checkTimesToBook, toAvailabilityResponse } from './availability-for-booking';
import { addDays, datesInRange } from './calendar-date';
import { checkRequestedTimes } from './check-requested-times';
import { canSendFreeOnly, fateOf, notFreeTimes, timesToSend, timesWithFate } from './date-fate';
import { expandRepetition } from './expand-repetition';
import { formatDuration } from './iso-duration';
import { prepareRoom, type RoomCalendar } from './room-calendar';
import { validateRepetitionEndDate } from './repetition-end-date';
import { publicCaller } from './scheduling-caller';
import { minutesToTime } from './time-of-day';

const rules = { allowSingle: true, allowRepeated: true, maxOneTimeslot: false, minBookingDurationMinutes: 0 };
const today = '2026-08-10';

describe('every date of a series has its fate', () => {
  it('names each date of a weekly series with its state, in date order', () => {
    const room = prepareRoom(
      {
        bookableAssetId: 1,
        openingHours: ([1, 2, 3, 4, 5, 6, 7] as const).map((weekday) => ({ weekday, opens: '16:00:00', closes: '22:00:00' })),
        closedDates: ['2026-12-24', '2026-12-31'],
        blockedTimes: [{ date: '2026-12-10', startTime: '18:00:00', duration: 'PT2H' }],
        reservations: [{ id: 1, date: '2026-12-03', startTime: '18:30:00', duration: 'PT1H' }],
        lastBookableDate: '2027-01-07',
        behandlingstid: 3,
        minBookingDurationMinutes: null,
      },
      { today, now: '12:00:00', caller: publicCaller },
    );
    const dto = {
      bookableAssetId: 1,
      datesAndTimes: [{ date: '2026-11-26', startTime: '18:00:00', duration: 'PT1H' }],
      repetition: { pattern: 'WEEKLY' as const, lastDate: '2027-01-07' },
    };
    const response = toAvailabilityResponse([availabilityForBookingDto({ room, dto, rules })]);
    expect(timesWithFate(response).map((t) => [t.date, t.fate])).toEqual([
      ['2026-11-26', 'FREE'],
      ['2026-12-03', 'TAKEN'],
      ['2026-12-10', 'BLOCKED'],
      ['2026-12-17', 'FREE'],
      ['2026-12-24', 'CLOSED'],
      ['2026-12-31', 'CLOSED'],
      ['2027-01-07', 'FREE'],
    ]);
    expect(notFreeTimes(response)).toHaveLength(4);
    expect(canSendFreeOnly(response)).toBe(true);
    expect(timesToSend(response).omitted.flatMap((e) => e.datesAndTimes.map((t) => t.date))).toEqual([
      '2026-12-03',
      '2026-12-10',
      '2026-12-24',
      '2026-12-31',
    ]);
  });

  it('calls dates before the end of behandlingstid and after the last bookable date outside the booking window', () => {
    expect(fateOf('WITHIN_PROCESSING_TIME')).toBe('OUTSIDE_WINDOW');
    expect(fateOf('OUTSIDE_WINDOW')).toBe('OUTSIDE_WINDOW');
    expect(fateOf('IN_THE_PAST')).toBe('OUTSIDE_WINDOW');
    expect(fateOf('OUTSIDE_OPENING_HOURS')).toBe('CLOSED');
    expect(fateOf('TOO_SHORT')).toBe('NOT_ALLOWED');
  });

  it('does not offer to send only the free dates when the request itself breaks a rule or nothing is free', () => {
    const time = { date: '2026-12-03', startTime: '18:00:00', endTime: '19:00:00', duration: 'PT1H', initialRepetitionDate: '2026-12-03' };
    const free = { bookableAssetId: 1, datesAndTimes: [{ ...time, available: true, reason: null, message: null }], violations: [] };
    const taken = {
      bookableAssetId: 1,
      datesAndTimes: [{ ...time, date: '2026-12-10', available: false, reason: 'BOOKED' as const, message: 'x' }],
      violations: [],
    };
    const tooShort = {
      bookableAssetId: 1,
      datesAndTimes: [{ ...time, date: '2026-12-17', available: false, reason: 'TOO_SHORT' as const, message: 'x' }],
      violations: [],
    };
    expect(canSendFreeOnly({ probablyAvailable: [free], unavailable: [taken], errors: [] })).toBe(true);
    expect(canSendFreeOnly({ probablyAvailable: [], unavailable: [taken], errors: [] })).toBe(false);
    expect(canSendFreeOnly({ probablyAvailable: [free], unavailable: [], errors: [tooShort] })).toBe(false);
    expect(
      canSendFreeOnly({
        probablyAvailable: [free],
        unavailable: [],
        errors: [{ bookableAssetId: 1, datesAndTimes: [], violations: [{ code: 'END_DATE', message: 'x' }] }],
      }),
    ).toBe(false);
  });
});

describe('omittedProblems', () => {
  const sent: AssetTimesToBook[] = [
    {
      bookableAssetId: 1,
      datesAndTimes: [{ date: '2026-12-03', startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: '2026-12-03' }],
    },
  ];
  const omit = (
    date: string,
    extra: Partial<{ startTime: string; initialRepetitionDate: string | null; bookableAssetId: number }> = {},
  ): AssetTimesToBook[] => [
    {
      bookableAssetId: extra.bookableAssetId ?? 1,
      datesAndTimes: [
        {
          date,
          startTime: extra.startTime ?? '18:00:00',
          duration: 'PT1H',
          initialRepetitionDate: extra.initialRepetitionDate === undefined ? '2026-12-03' : extra.initialRepetitionDate,
        },
      ],
    },
  ];
  const problems = (omitted: typeof sent, sendWithoutOmitted = true) =>
    omittedProblems({ availabilityData: { probablyAvailable: sent, omitted }, sendWithoutOmitted }).map((p) => p.message);

  it('accepts dates of the series, and nothing to leave out without the choice', () => {
    expect(problems(omit('2026-12-24'))).toEqual([]);
    expect(problems([], false)).toEqual([]);
    expect(omittedProblems({ availabilityData: { probablyAvailable: sent } })).toEqual([]);
  });

  it('refuses a list without the choice, dates outside the series, sent dates and repeats', () => {
    expect(problems(omit('2026-12-24'), false)).toEqual([
      'Du må velge «Send søknaden uten datoene som ikke er ledige» for å sende uten noen av datoene.',
    ]);
    expect(problems(omit('2026-12-25'))).toEqual(['25.12.2026 kl. 18:00 hører ikke til en gjentakelse du søker om.']);
    expect(problems(omit('2026-11-26'))).toEqual(['26.11.2026 kl. 18:00 hører ikke til en gjentakelse du søker om.']);
    expect(problems(omit('2026-12-24', { bookableAssetId: 2 }))).toHaveLength(1);
    expect(problems(omit('2026-12-24', { initialRepetitionDate: null }))).toHaveLength(1);
    expect(problems(omit('2026-12-03'))).toEqual(['03.12.2026 kl. 18:00 er både med i søknaden og utelatt.']);
    expect(problems([...omit('2026-12-24'), ...omit('2026-12-24')])).toEqual(['24.12.2026 kl. 18:00 er utelatt mer enn én gang.']);
  });
});

/**
 * The promise of decision 027: the preview, PUT /booking/availability and POST /booking's final
 * check are one rule engine. Over random rooms (hours, closed dates, blocked times, reservations,
 * behandlingstid, last date) and random weekly or biweekly series over a semester:
 * (1) the preview lists each date of the series exactly once, and calls it free exactly when the
 *     engine's per-time check accepts it, with the engine's own reason;
 * (2) what the preview sends (the free dates, the others left out) passes the final check: every
 *     free date is booked, none refused; every left-out date is still refused; the omission list is valid.
 */
describe('preview, availability check and final check agree', () => {
  const semester = datesInRange('2026-08-17', '2026-12-31');
  const minute = (from: number, to: number) => fc.integer({ min: from * 4, max: to * 4 }).map((i) => minutesToTime(i * 15));
  // The series' own dates get most of the busy times, closed dates and edges: mixed fates are the point.
  const scenario = fc
    .record({
      first: fc.constantFrom(...semester.slice(0, 35)),
      weeks: fc.integer({ min: 1, max: 18 }),
      pattern: fc.constantFrom('WEEKLY' as const, 'BIWEEKLY' as const),
      startTime: minute(16, 20),
      duration: fc.integer({ min: 1, max: 8 }).map((n) => formatDuration(n * 15)),
      today: fc.constantFrom('2026-08-01', '2026-08-20', '2026-09-15'),
    })
    .chain((series) => {
      const seriesDates = datesInRange(series.first, '2026-12-31').filter((_, i) => i % 7 === 0);
      const date = fc.oneof(
        { weight: 3, arbitrary: fc.constantFrom(...seriesDates) },
        { weight: 1, arbitrary: fc.constantFrom(...semester) },
      );
      const busy = fc.record({
        date,
        startTime: minute(15, 21),
        duration: fc.integer({ min: 1, max: 12 }).map((n) => formatDuration(n * 15)),
      });
      return fc.record({
        ...(Object.fromEntries(Object.entries(series).map(([k, v]) => [k, fc.constant(v)])) as {
          [K in keyof typeof series]: fc.Arbitrary<(typeof series)[K]>;
        }),
        room: fc.record({
          bookableAssetId: fc.constant(7),
          // Mostly open in the evening; sometimes a weekday closed or hours that end early.
          openingHours: fc
            .tuple(fc.subarray([1, 2, 3, 4, 5, 6, 7], { minLength: 5 }), fc.constantFrom('20:00:00', '22:00:00', '23:00:00'))
            .map(([days, closes]) => days.map((weekday) => ({ weekday, opens: '16:00:00', closes }))),
          closedDates: fc.subarray(seriesDates, { maxLength: 3 }),
          blockedTimes: fc.array(busy, { maxLength: 4 }),
          reservations: fc.array(busy, { maxLength: 6 }).map((list) => list.map((r, i) => ({ ...r, id: i + 1 }))),
          lastBookableDate: fc.option(fc.constantFrom(...semester.slice(60)), { nil: null }),
          behandlingstid: fc.option(fc.integer({ min: 0, max: 40 }), { nil: null }),
          minBookingDurationMinutes: fc.constant(null),
        }) as fc.Arbitrary<RoomCalendar>,
      });
    });

  it('over random rooms and series', { timeout: 60_000 }, () => {
    fc.assert(
      fc.property(scenario, ({ room: calendar, first, weeks, pattern, startTime, duration, today: now }) => {
        const room = prepareRoom(calendar, { today: now, now: '12:00:00', caller: publicCaller });
        const lastDate = addDays(first, weeks * 7);
        const dto = { bookableAssetId: 7, datesAndTimes: [{ date: first, startTime, duration }], repetition: { pattern, lastDate } };
        const asset = availabilityForBookingDto({ room, dto, rules });
        if (asset.violations.length > 0) return; // an end date the window refuses: the series must change, nothing to preview
        const response = toAvailabilityResponse([asset]);
        const preview = timesWithFate(response);

        // (1) Each date once, free exactly when the engine accepts it, for the engine's reason.
        // The end date as the check takes it (snapped to the booking window's last date).
        const end = validateRepetitionEndDate(lastDate, room.window);
        const occurrences = expandRepetition(dto.datesAndTimes, { pattern, lastDate: end.ok ? end.lastDate : lastDate });
        expect(preview.map((t) => t.date)).toEqual(occurrences.map((o) => o.date));
        const engine = checkRequestedTimes({ room, requests: occurrences });
        expect(preview.map((t) => t.fate)).toEqual(engine.map((c) => fateOf(c.reason)));

        // (2) What the person sends after the preview passes the server's final check.
        if (!canSendFreeOnly(response)) return;
        const { probablyAvailable, omitted } = timesToSend(response);
        expect(omittedProblems({ availabilityData: { probablyAvailable, omitted }, sendWithoutOmitted: true })).toEqual([]);
        const final = checkTimesToBook({ room, times: probablyAvailable[0]!, isRepeating: true, rules });
        expect(final.unavailable).toEqual([]);
        expect(final.errors).toEqual([]);
        expect(final.violations).toEqual([]);
        expect(final.probablyAvailable.map((t) => t.date)).toEqual(preview.filter((t) => t.fate === 'FREE').map((t) => t.date));
        for (const entry of omitted)
          expect(checkTimesToBook({ room, times: entry, isRepeating: true, rules }).probablyAvailable).toEqual([]);
        expect(omitted.flatMap((e) => e.datesAndTimes.map((t) => t.date)).sort()).toEqual(
          preview.filter((t) => t.fate !== 'FREE').map((t) => t.date),
        );
      }),
      { numRuns: 300 },
    );
  });
});

import { describe, expect, it } from 'vitest';
import { availabilityForBookingDto, checkTimesToBook, toAvailabilityResponse } from './availability-for-booking';
import { effectivePublicRules } from './public-booking-rules';
import { prepareRoom } from './room-calendar';
import { adminCaller } from './scheduling-caller';
import { minutesToTime } from './time-of-day';
import { testContext, testRoom } from './test-support/room-fixture';

const today = '2025-03-28';
const open = effectivePublicRules({});
const room = testRoom({
  bookableAssetId: 4,
  lastBookableDate: '2025-04-30',
  reservations: [{ id: 9, date: '2025-04-14', startTime: '10:00:00', duration: 'PT1H' }],
  closedDates: ['2025-04-21'],
});
const prepared = prepareRoom(room, testContext(today));
const slot = (startTime: string, date = '2025-03-31') => ({ date, startTime, duration: 'PT15M' });
const brief = (list: { date: string; startTime: string; duration: string | number; reason: string | null }[]) =>
  list.map((t) => `${t.date} ${t.startTime} ${String(t.duration)} ${t.reason ?? ''}`.trim());

describe('availabilityForBookingDto', () => {
  it('merges the chosen slots, expands the series and sorts each time into its list', () => {
    const result = availabilityForBookingDto({
      room: prepared,
      rules: open,
      dto: {
        bookableAssetId: 4,
        datesAndTimes: [slot('10:00:00'), slot('10:15:00'), slot('10:30:00'), slot('10:45:00')],
        repetition: { lastDate: '2025-04-28', pattern: 'WEEKLY' },
      },
    });
    expect(brief(result.probablyAvailable)).toEqual(['2025-03-31 10:00:00 PT1H', '2025-04-07 10:00:00 PT1H', '2025-04-28 10:00:00 PT1H']);
    expect(brief(result.unavailable)).toEqual(['2025-04-14 10:00:00 PT1H BOOKED', '2025-04-21 10:00:00 PT1H CLOSED_DATE']);
    expect(result.errors).toEqual([]);
    expect(result.violations).toEqual([]);
    expect(result.probablyAvailable[1]).toMatchObject({
      endTime: '11:00:00',
      initialRepetitionDate: '2025-03-31',
      available: true,
      message: null,
    });
  });

  it('puts rule breaches in errors: the end date after the last date, and times outside the window', () => {
    const result = availabilityForBookingDto({
      room: prepared,
      rules: { ...open, allowRepeated: false },
      dto: {
        bookableAssetId: 4,
        datesAndTimes: [slot('10:00:00'), slot('10:00:00', '2025-05-05'), slot('23:30:00')],
        repetition: { lastDate: '2025-05-31', pattern: 'WEEKLY' },
      },
    });
    expect(result.violations.map((v) => v.code)).toEqual(['REPEATED_NOT_ALLOWED', 'END_DATE']);
    expect(result.violations[1]?.message).toBe('Sluttdato kan ikke være etter 30.04.2025');
    // Without a valid end date the times are checked once, as chosen.
    expect(brief(result.probablyAvailable)).toEqual(['2025-03-31 10:00:00 PT15M']);
    expect(brief(result.errors)).toEqual(['2025-05-05 10:00:00 PT15M OUTSIDE_WINDOW']);
    expect(brief(result.unavailable)).toEqual(['2025-03-31 23:30:00 PT15M OUTSIDE_OPENING_HOURS']);
  });

  it('refuses a runaway number of occurrences without checking them', () => {
    // 20 separate times, weekly for ten years: about 10,000 occurrences.
    const many = Array.from({ length: 20 }, (_, i) => ({ date: '2025-03-31', startTime: minutesToTime(480 + i * 30), duration: 'PT15M' }));
    const far = prepareRoom(testRoom({ lastBookableDate: null }), testContext(today, adminCaller()));
    const result = availabilityForBookingDto({
      room: far,
      rules: open,
      dto: { bookableAssetId: 4, datesAndTimes: many, repetition: { lastDate: '2035-03-01', pattern: 'WEEKLY' } },
    });
    expect(result.violations.map((v) => v.code)).toEqual(['TOO_MANY_TIMES']);
    expect(result.probablyAvailable).toEqual([]);
  });

  it('builds the wire answer, listing a room only where it has something', () => {
    const a = availabilityForBookingDto({
      room: prepared,
      rules: open,
      dto: { bookableAssetId: 4, datesAndTimes: [slot('10:00:00')], repetition: null },
    });
    const b = {
      bookableAssetId: 5,
      probablyAvailable: [],
      unavailable: [],
      errors: [],
      violations: [{ code: 'NO_TIMES' as const, message: 'Du må velge et tidspunkt' }],
    };
    const response = toAvailabilityResponse([a, b]);
    expect(response.probablyAvailable.map((e) => e.bookableAssetId)).toEqual([4]);
    expect(response.unavailable).toEqual([]);
    expect(response.errors).toEqual([{ bookableAssetId: 5, datesAndTimes: [], violations: b.violations }]);
  });
});

describe('checkTimesToBook', () => {
  const book = (
    datesAndTimes: { date: string; startTime: string; duration: string; initialRepetitionDate: string | null }[],
    isRepeating: boolean,
    rules = open,
  ) => checkTimesToBook({ room: prepared, times: { bookableAssetId: 4, datesAndTimes }, isRepeating, rules });

  it('accepts the times the check offered', () => {
    const result = book(
      [
        { date: '2025-03-31', startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: '2025-03-31' },
        { date: '2025-04-07', startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: '2025-03-31' },
      ],
      true,
    );
    expect(result.probablyAvailable).toHaveLength(2);
    expect(result.unavailable.length + result.errors.length + result.violations.length).toBe(0);
  });

  it('finds a time taken since the check', () => {
    expect(
      brief(book([{ date: '2025-04-14', startTime: '10:30:00', duration: 'PT1H', initialRepetitionDate: null }], false).unavailable),
    ).toEqual(['2025-04-14 10:30:00 PT1H BOOKED']);
  });

  it('sees a series even when isRepeating is false, and refuses dates that are not whole weeks into it', () => {
    const times = [
      { date: '2025-03-31', startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: '2025-03-31' },
      { date: '2025-04-09', startTime: '10:00:00', duration: 'PT1H', initialRepetitionDate: '2025-03-31' },
    ];
    const result = book(times, false, { ...open, allowRepeated: false });
    expect(result.violations.map((v) => v.code)).toEqual(['REPEATED_NOT_ALLOWED']);
    expect(brief(result.errors)).toEqual(['2025-04-09 10:00:00 PT1H INVALID_REQUEST']);
  });
});

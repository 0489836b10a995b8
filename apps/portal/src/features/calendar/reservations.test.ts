import { describe, expect, it } from 'vitest';
import type { BookingCreationDto } from '@lokaler/domain/booking-request';
import { buildRoom } from '../../testing/room-factories';
import { activityTypeOf, calendarRules, effectivePattern, nextLinkOf } from './calendar-rules';
import { addReservations, canContinue, reservationsFromChoice, reservedSlotKeys, slotKey } from './reservations';

const checked = [
  { bookableAssetId: 1, date: '2030-03-04', startTime: '18:00:00' },
  { bookableAssetId: 1, date: '2030-03-04', startTime: '18:15:00' },
  { bookableAssetId: 2, date: '2030-03-05', startTime: '09:00:00' },
];

describe('reservations from the calendar choice', () => {
  it('merges adjacent slots per room and carries the repetition', () => {
    expect(reservationsFromChoice(checked, [1, 2, 3], { pattern: 'WEEKLY', lastDate: '2030-04-01' })).toEqual([
      {
        bookableAssetId: 1,
        datesAndTimes: [{ date: '2030-03-04', startTime: '18:00:00', duration: 'PT30M' }],
        repetition: { pattern: 'WEEKLY', lastDate: '2030-04-01' },
      },
      {
        bookableAssetId: 2,
        datesAndTimes: [{ date: '2030-03-05', startTime: '09:00:00', duration: 'PT15M' }],
        repetition: { pattern: 'WEEKLY', lastDate: '2030-04-01' },
      },
    ]);
    expect(reservationsFromChoice(checked, [1], null)[0]!.repetition).toBeNull();
    expect(reservationsFromChoice(checked, [1], { pattern: 'SINGLE_DAY', lastDate: '2030-04-01' })[0]!.repetition).toBeNull();
  });

  it('replaces the earlier reservation of a one-timeslot room, and appends for the others', () => {
    const old: BookingCreationDto[] = reservationsFromChoice(checked, [1, 2], null);
    const added = reservationsFromChoice(
      [
        { bookableAssetId: 1, date: '2030-03-06', startTime: '18:00:00' },
        { bookableAssetId: 2, date: '2030-03-06', startTime: '18:00:00' },
      ],
      [1, 2],
      null,
    );
    const result = addReservations(old, added, new Set([1]));
    expect(result.filter((r) => r.bookableAssetId === 1).map((r) => r.datesAndTimes[0]!.date)).toEqual(['2030-03-06']);
    expect(result.filter((r) => r.bookableAssetId === 2)).toHaveLength(2);
  });

  it('marks every 15-minute slot of every occurrence as reserved', () => {
    const keys = reservedSlotKeys(reservationsFromChoice(checked.slice(0, 2), [1], { pattern: 'BIWEEKLY', lastDate: '2030-03-18' }));
    expect([...keys].sort()).toEqual([
      slotKey(1, '2030-03-04', '18:00:00'),
      slotKey(1, '2030-03-04', '18:15:00'),
      slotKey(1, '2030-03-18', '18:00:00'),
      slotKey(1, '2030-03-18', '18:15:00'),
    ]);
  });

  it('lets the person go on only when nothing breaks a rule and something is free', () => {
    const t = {
      date: '2030-03-04',
      startTime: '18:00:00',
      endTime: '19:00:00',
      duration: 'PT1H',
      initialRepetitionDate: null,
      available: true,
      reason: null,
      message: null,
    };
    expect(canContinue(null)).toBe(false);
    expect(
      canContinue({ probablyAvailable: [{ bookableAssetId: 1, datesAndTimes: [t], violations: [] }], unavailable: [], errors: [] }),
    ).toBe(true);
    expect(
      canContinue({ probablyAvailable: [], unavailable: [{ bookableAssetId: 1, datesAndTimes: [t], violations: [] }], errors: [] }),
    ).toBe(false);
    // Decision 027: a taken date beside a free one may be left out on the form, which names it.
    expect(
      canContinue({
        probablyAvailable: [{ bookableAssetId: 1, datesAndTimes: [t], violations: [] }],
        unavailable: [{ bookableAssetId: 1, datesAndTimes: [{ ...t, available: false, reason: 'BOOKED', message: 'x' }], violations: [] }],
        errors: [],
      }),
    ).toBe(true);
    expect(
      canContinue({
        probablyAvailable: [{ bookableAssetId: 1, datesAndTimes: [t], violations: [] }],
        unavailable: [],
        errors: [{ bookableAssetId: 2, datesAndTimes: [], violations: [{ code: 'ONE_TIMESLOT_ONLY', message: 'x' }] }],
      }),
    ).toBe(false);
  });
});

describe('calendar rules of the chosen rooms', () => {
  it('offers only the repeat modes every room allows; weekly is forced without single bookings', () => {
    const free = buildRoom({ id: 1 });
    const seriesOnly = buildRoom({ id: 2, allowSingleBookingsForPublicUser: false });
    const noSeries = buildRoom({ id: 3, allowRepeatedBookingsForPublicUser: false, maxOneTimeslotPerBookingForPublicUser: true });
    expect(calendarRules([free], undefined).patterns).toEqual(['SINGLE_DAY', 'WEEKLY', 'BIWEEKLY']);
    expect(calendarRules([free, seriesOnly], undefined).patterns).toEqual(['WEEKLY', 'BIWEEKLY']);
    expect(effectivePattern('SINGLE_DAY', ['WEEKLY', 'BIWEEKLY'])).toBe('WEEKLY');
    expect(calendarRules([noSeries], undefined)).toEqual({ patterns: ['SINGLE_DAY'], oneTimeslotRooms: new Set([3]), minMinutes: 0 });
    expect(calendarRules([free], { minBookingDurationMinutes: 60 }).minMinutes).toBe(60);
    expect(calendarRules([seriesOnly, noSeries], undefined).patterns).toEqual([]);
  });

  it('passes the flow theme on as activityType, and a follow-up form as nextLink', () => {
    expect(activityTypeOf([buildRoom({ theme: 'school' }), buildRoom({ theme: 'school' })])).toBe('school');
    expect(activityTypeOf([buildRoom({ theme: 'school' }), buildRoom({ theme: 'bicycle' })])).toBe('default');
    expect(nextLinkOf([buildRoom({ theme: 'wedding' })], '/bookinger')).toBe('/ny-booking/vielse');
    expect(nextLinkOf([buildRoom({ theme: 'school' })], '/bookinger')).toBeUndefined();
  });
});

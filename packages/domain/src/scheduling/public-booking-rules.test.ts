import { describe, expect, it } from 'vitest';
import { allowedRepeatPatterns, checkPublicBookingRules, effectivePublicRules } from './public-booking-rules';
import { adminCaller, publicCaller } from './scheduling-caller';

const time = (startTime: string, duration = 'PT15M', date = '2025-04-01') => ({ date, startTime, duration });
const open = effectivePublicRules({});
const codes = (...args: Parameters<typeof checkPublicBookingRules>) => checkPublicBookingRules(...args).map((v) => v.code);

describe('effectivePublicRules', () => {
  it('defaults to allowing single and repeated bookings with no slot limit', () => {
    expect(open).toEqual({ allowSingle: true, allowRepeated: true, maxOneTimeslot: false, minBookingDurationMinutes: 0 });
  });

  it('combines location and room flags: the stricter wins, a null room flag inherits', () => {
    const location = {
      allowSingleBookingsForPublicUser: true,
      allowRepeatedBookingsForPublicUser: false,
      maxOneTimeslotPerBookingForPublicUser: false,
      minBookingDurationMinutes: 60,
    };
    expect(
      effectivePublicRules(location, {
        allowSingleBookingsForPublicUser: false,
        allowRepeatedBookingsForPublicUser: true,
        maxOneTimeslotPerBookingForPublicUser: true,
      }),
    ).toEqual({ allowSingle: false, allowRepeated: false, maxOneTimeslot: true, minBookingDurationMinutes: 60 });
    expect(
      effectivePublicRules(location, {
        allowSingleBookingsForPublicUser: null,
        allowRepeatedBookingsForPublicUser: null,
        maxOneTimeslotPerBookingForPublicUser: null,
      }),
    ).toEqual({ allowSingle: true, allowRepeated: false, maxOneTimeslot: false, minBookingDurationMinutes: 60 });
  });

  it('offers the repeat modes the rules allow, weekly first when single is not allowed; admins get all', () => {
    expect(allowedRepeatPatterns(open, publicCaller)).toEqual(['SINGLE_DAY', 'WEEKLY', 'BIWEEKLY']);
    expect(allowedRepeatPatterns({ ...open, allowSingle: false }, publicCaller)).toEqual(['WEEKLY', 'BIWEEKLY']);
    expect(allowedRepeatPatterns({ ...open, allowRepeated: false }, publicCaller)).toEqual(['SINGLE_DAY']);
    expect(allowedRepeatPatterns({ ...open, allowSingle: false, allowRepeated: false }, adminCaller())).toEqual([
      'SINGLE_DAY',
      'WEEKLY',
      'BIWEEKLY',
    ]);
  });
});

describe('checkPublicBookingRules', () => {
  const weekly = { lastDate: '2025-06-30', pattern: 'WEEKLY' };

  it('passes a plain request', () => {
    expect(checkPublicBookingRules({ datesAndTimes: [time('10:00:00')], repetition: null }, open, publicCaller)).toEqual([]);
  });

  it('needs at least one time', () => {
    expect(checkPublicBookingRules({ datesAndTimes: [], repetition: null }, open, publicCaller)).toEqual([
      { code: 'NO_TIMES', message: 'Du må velge et tidspunkt' },
    ]);
  });

  it('refuses single bookings or repetition when not allowed; SINGLE_DAY and "" count as single', () => {
    expect(codes({ datesAndTimes: [time('10:00:00')], repetition: null }, { ...open, allowSingle: false }, publicCaller)).toEqual([
      'SINGLE_NOT_ALLOWED',
    ]);
    expect(
      codes(
        { datesAndTimes: [time('10:00:00')], repetition: { lastDate: '2025-06-30', pattern: '' } },
        { ...open, allowSingle: false },
        publicCaller,
      ),
    ).toEqual(['SINGLE_NOT_ALLOWED']);
    expect(codes({ datesAndTimes: [time('10:00:00')], repetition: weekly }, { ...open, allowSingle: false }, publicCaller)).toEqual([]);
    expect(
      checkPublicBookingRules({ datesAndTimes: [time('10:00:00')], repetition: weekly }, { ...open, allowRepeated: false }, publicCaller),
    ).toEqual([{ code: 'REPEATED_NOT_ALLOWED', message: 'Dette lokalet kan ikke bookes med gjentakelse.' }]);
  });

  it('one timeslot per booking: adjacent slots are one timeslot, a gap or a second date is two', () => {
    const rules = { ...open, maxOneTimeslot: true };
    expect(
      codes({ datesAndTimes: [time('10:00:00'), time('10:15:00'), time('10:30:00')], repetition: weekly }, rules, publicCaller),
    ).toEqual([]);
    expect(codes({ datesAndTimes: [time('10:00:00'), time('10:45:00')], repetition: null }, rules, publicCaller)).toEqual([
      'ONE_TIMESLOT_ONLY',
    ]);
    expect(
      codes({ datesAndTimes: [time('10:00:00'), time('10:00:00', 'PT15M', '2025-04-02')], repetition: null }, rules, publicCaller),
    ).toEqual(['ONE_TIMESLOT_ONLY']);
  });

  it('minimum duration applies to the merged interval', () => {
    const rules = { ...open, minBookingDurationMinutes: 60 };
    expect(
      codes(
        { datesAndTimes: [time('10:00:00'), time('10:15:00'), time('10:30:00'), time('10:45:00')], repetition: null },
        rules,
        publicCaller,
      ),
    ).toEqual([]);
    expect(checkPublicBookingRules({ datesAndTimes: [time('10:00:00', 'PT45M')], repetition: null }, rules, publicCaller)).toEqual([
      { code: 'TOO_SHORT', message: 'Bookingen må vare minst 60 minutter' },
    ]);
  });

  it('administrators are exempt from every rule', () => {
    const strict = { allowSingle: false, allowRepeated: false, maxOneTimeslot: true, minBookingDurationMinutes: 120 };
    expect(
      checkPublicBookingRules({ datesAndTimes: [time('10:00:00'), time('12:00:00')], repetition: weekly }, strict, adminCaller()),
    ).toEqual([]);
  });

  it('leaves invalid times to the availability check instead of failing', () => {
    expect(
      codes(
        { datesAndTimes: [time('23:30:00', 'PT1H'), time('10:00:00')], repetition: null },
        { ...open, maxOneTimeslot: true },
        publicCaller,
      ),
    ).toEqual([]);
  });
});

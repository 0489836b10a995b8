import { describe, expect, it } from 'vitest';
import {
  MAX_ALERT_DAYS,
  alertMessages,
  alertPieces,
  freeSlotAlertFields,
  freeSlotAlertForm,
  freeSlotAlertProblem,
  freeTimesInPiece,
  toFreeSlotAlertRequest,
  type AlertWindow,
  type FreedTime,
} from './free-slot-alert';
import { addDays } from './scheduling/calendar-date';
import { prepareRoom } from './scheduling/room-calendar';
import { allDayEveryDay, testContext, testRoom } from './scheduling/test-support/room-fixture';

const tuesdayEvenings: AlertWindow = {
  fromDate: '2027-01-01',
  toDate: '2027-03-31',
  weekdays: [2],
  timeFrom: '17:00:00',
  timeTo: '21:00:00',
};
const oneTime = (date: string, start: string, minutes: number): FreedTime => {
  const [h, m] = start.split(':').map(Number);
  return { fromDate: date, toDate: date, weekday: null, startMinute: h! * 60 + m!, endMinute: h! * 60 + m! + minutes };
};
const hm = (h: number, m = 0) => h * 60 + m;

describe('alertPieces: where a freed time and an alert meet', () => {
  it('a cancelled Tuesday 18–19 inside a Tuesday-evening alert is that hour', () => {
    expect(alertPieces(tuesdayEvenings, oneTime('2027-01-12', '18:00', 60), '2027-01-01')).toEqual([
      { date: '2027-01-12', start: hm(18), end: hm(19) },
    ]);
  });

  it('cuts the freed time to the time of day', () => {
    expect(alertPieces(tuesdayEvenings, oneTime('2027-01-12', '16:00', 120), '2027-01-01')).toEqual([
      { date: '2027-01-12', start: hm(17), end: hm(18) },
    ]);
    expect(alertPieces(tuesdayEvenings, oneTime('2027-01-12', '20:30', 120), '2027-01-01')).toEqual([
      { date: '2027-01-12', start: hm(20, 30), end: hm(21) },
    ]);
  });

  it('nothing for another weekday, outside the time of day, outside the range or before today', () => {
    expect(alertPieces(tuesdayEvenings, oneTime('2027-01-13', '18:00', 60), '2027-01-01')).toEqual([]);
    expect(alertPieces(tuesdayEvenings, oneTime('2027-01-12', '12:00', 60), '2027-01-01')).toEqual([]);
    expect(alertPieces(tuesdayEvenings, oneTime('2027-01-12', '21:00', 60), '2027-01-01')).toEqual([]);
    expect(alertPieces(tuesdayEvenings, oneTime('2027-04-06', '18:00', 60), '2027-01-01')).toEqual([]);
    expect(alertPieces(tuesdayEvenings, oneTime('2027-01-12', '18:00', 60), '2027-01-13')).toEqual([]);
  });

  it('no weekdays and no time of day: every day, the whole freed time', () => {
    const all: AlertWindow = { fromDate: '2027-01-01', toDate: '2027-01-31', weekdays: [], timeFrom: null, timeTo: null };
    expect(alertPieces(all, oneTime('2027-01-13', '08:00', 90), '2027-01-01')).toEqual([
      { date: '2027-01-13', start: hm(8), end: hm(9, 30) },
    ]);
  });

  it('a changed opening hour (a weekday over a range) gives every matching date within both ranges', () => {
    const opened: FreedTime = { fromDate: '2027-01-05', toDate: '2027-12-31', weekday: 2, startMinute: hm(20), endMinute: hm(23) };
    const pieces = alertPieces({ ...tuesdayEvenings, toDate: '2027-01-31' }, opened, '2027-01-10');
    expect(pieces).toEqual(['2027-01-12', '2027-01-19', '2027-01-26'].map((date) => ({ date, start: hm(20), end: hm(21) })));
    expect(alertPieces({ ...tuesdayEvenings, weekdays: [3] }, opened, '2027-01-01')).toEqual([]);
  });

  it('a freed time running to midnight ends at 24:00', () => {
    const all: AlertWindow = { fromDate: '2027-01-01', toDate: '2027-01-31', weekdays: [], timeFrom: '22:00:00', timeTo: '23:45:00' };
    expect(alertPieces(all, oneTime('2027-01-13', '22:00', 180), '2027-01-01')).toEqual([
      { date: '2027-01-13', start: hm(22), end: hm(23, 45) },
    ]);
  });
});

describe('freeTimesInPiece: what the rule engine says is bookable in the piece now', () => {
  const today = '2027-01-01';
  const room = (overrides: Parameters<typeof testRoom>[0] = {}) => prepareRoom(testRoom(overrides), testContext(today));

  it('the free part of the piece, within opening hours, without reservations and blocked times', () => {
    const piece = { date: '2027-01-12', start: hm(7), end: hm(17) };
    expect(freeTimesInPiece(room(), piece)).toEqual([{ start: hm(8), end: hm(16) }]);
    const busy = room({
      reservations: [{ id: 1, date: '2027-01-12', startTime: '09:00:00', duration: 'PT1H' }],
      blockedTimes: [{ date: '2027-01-12', startTime: '12:00:00', duration: 'PT30M' }],
    });
    expect(freeTimesInPiece(busy, piece)).toEqual([
      { start: hm(8), end: hm(9) },
      { start: hm(10), end: hm(12) },
      { start: hm(12, 30), end: hm(16) },
    ]);
  });

  it('nothing when the time is taken again, the date is closed or past, or shorter than the shortest booking', () => {
    const piece = { date: '2027-01-12', start: hm(9), end: hm(10) };
    expect(
      freeTimesInPiece(room({ reservations: [{ id: 1, date: '2027-01-12', startTime: '09:00:00', duration: 'PT1H' }] }), piece),
    ).toEqual([]);
    expect(freeTimesInPiece(room({ closedDates: ['2027-01-12'] }), piece)).toEqual([]);
    expect(freeTimesInPiece(prepareRoom(testRoom(), testContext('2027-01-13')), piece)).toEqual([]);
    expect(freeTimesInPiece(room({ minBookingDurationMinutes: 90 }), piece)).toEqual([]);
    expect(
      freeTimesInPiece(room({ reservations: [{ id: 1, date: '2027-01-12', startTime: '09:10:00', duration: 'PT45M' }] }), piece),
    ).toEqual([]);
  });

  it('the DST week: the hour skipped in spring is never offered, the autumn night is offered whole', () => {
    // Sunday 28 March 2027: 02:00–03:00 does not exist in Oslo.
    const open = room({ openingHours: allDayEveryDay });
    expect(freeTimesInPiece(open, { date: '2027-03-28', start: hm(1), end: hm(4) })).toEqual([
      { start: hm(1), end: hm(2) },
      { start: hm(3), end: hm(4) },
    ]);
    // The rest of that week is ordinary.
    expect(freeTimesInPiece(open, { date: '2027-03-30', start: hm(1), end: hm(4) })).toEqual([{ start: hm(1), end: hm(4) }]);
    // Sunday 31 October 2027: 02:00–03:00 happens twice; wall-clock minutes are one interval.
    expect(freeTimesInPiece(open, { date: '2027-10-31', start: hm(1), end: hm(4) })).toEqual([{ start: hm(1), end: hm(4) }]);
  });

  it('alertPieces then freeTimesInPiece over a DST week: a daily 02:00–03:30 alert', () => {
    const alert: AlertWindow = { fromDate: '2027-03-25', toDate: '2027-03-31', weekdays: [], timeFrom: '02:00:00', timeTo: '03:30:00' };
    const opened: FreedTime = { fromDate: '2027-03-25', toDate: '2027-03-31', weekday: null, startMinute: 0, endMinute: 1440 };
    const open = room({ openingHours: allDayEveryDay });
    const found = alertPieces(alert, opened, today).map((piece) => [piece.date, freeTimesInPiece(open, piece)]);
    expect(found).toEqual([
      ['2027-03-25', [{ start: hm(2), end: hm(3, 30) }]],
      ['2027-03-26', [{ start: hm(2), end: hm(3, 30) }]],
      ['2027-03-27', [{ start: hm(2), end: hm(3, 30) }]],
      ['2027-03-28', [{ start: hm(3), end: hm(3, 30) }]],
      ['2027-03-29', [{ start: hm(2), end: hm(3, 30) }]],
      ['2027-03-30', [{ start: hm(2), end: hm(3, 30) }]],
      ['2027-03-31', [{ start: hm(2), end: hm(3, 30) }]],
    ]);
  });
});

describe("the alert's input rules", () => {
  const base = { fromDate: '2027-01-01', toDate: '2027-01-31', timeFrom: null, timeTo: null };

  it('refuses inverted and too long ranges, ranges that are over, half or inverted times', () => {
    expect(freeSlotAlertProblem(base, '2027-01-01')).toBeNull();
    expect(freeSlotAlertProblem({ ...base, toDate: '2026-12-31' }, '2026-12-01')).toEqual({
      path: 'toDate',
      message: alertMessages.invertedRange,
    });
    expect(freeSlotAlertProblem({ ...base, toDate: addDays(base.fromDate, MAX_ALERT_DAYS - 1) }, '2027-01-01')).toBeNull();
    expect(freeSlotAlertProblem({ ...base, toDate: addDays(base.fromDate, MAX_ALERT_DAYS) }, '2027-01-01')).toEqual({
      path: 'toDate',
      message: alertMessages.tooLong,
    });
    expect(freeSlotAlertProblem(base, '2027-02-01')).toEqual({ path: 'toDate', message: alertMessages.inThePast });
    expect(freeSlotAlertProblem({ ...base, timeFrom: '17:00:00' }, '2027-01-01')).toEqual({
      path: 'timeTo',
      message: alertMessages.timePair,
    });
    expect(freeSlotAlertProblem({ ...base, timeFrom: '17:00:00', timeTo: '17:00:00' }, '2027-01-01')).toEqual({
      path: 'timeTo',
      message: alertMessages.invertedTime,
    });
  });

  it('the API schema: strict, weekdays 1–7 once each, defaults', () => {
    expect(freeSlotAlertFields.parse({ locationId: 1, fromDate: '2027-01-01', toDate: '2027-01-02' })).toEqual({
      locationId: 1,
      bookableAssetId: null,
      fromDate: '2027-01-01',
      toDate: '2027-01-02',
      weekdays: [],
      timeFrom: null,
      timeTo: null,
    });
    for (const bad of [
      { weekdays: [0] },
      { weekdays: [2, 2] },
      { extra: true },
      { fromDate: '2027-02-30' },
      { timeFrom: '25:00:00', timeTo: '26:00:00' },
    ]) {
      expect(freeSlotAlertFields.safeParse({ locationId: 1, fromDate: '2027-01-01', toDate: '2027-01-02', ...bad }).success).toBe(false);
    }
  });

  it('the form: strings in, the API body out, with the same rules', () => {
    const values = {
      scope: 'room' as const,
      fromDate: '2099-01-01',
      toDate: '2099-02-01',
      weekdays: ['4', '2'] as ('2' | '4')[],
      timeFrom: '17:00',
      timeTo: '21:00',
    };
    expect(freeSlotAlertForm.safeParse(values).success).toBe(true);
    expect(toFreeSlotAlertRequest(values, { locationId: 3, bookableAssetId: 7 })).toEqual({
      locationId: 3,
      bookableAssetId: 7,
      fromDate: '2099-01-01',
      toDate: '2099-02-01',
      weekdays: [2, 4],
      timeFrom: '17:00:00',
      timeTo: '21:00:00',
    });
    expect(
      toFreeSlotAlertRequest({ ...values, scope: 'location', timeFrom: '', timeTo: '' }, { locationId: 3, bookableAssetId: 7 }),
    ).toMatchObject({ bookableAssetId: null, timeFrom: null, timeTo: null });
    const inverted = freeSlotAlertForm.safeParse({ ...values, toDate: '2098-12-01' });
    expect(inverted.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['toDate', alertMessages.invertedRange]]);
  });
});

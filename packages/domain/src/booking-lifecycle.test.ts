import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { bookingStatuses, sourceForms } from './booking';
import {
  assertTransition,
  bookingTransitions,
  canTransition,
  cancellationDeadline,
  effectiveCancellationDeadline,
  isCancellable,
  osloInstant,
  reservationTransitions,
  TransitionRefused,
  weddingTimesProblem,
} from './booking-lifecycle';
import { reservationStatuses } from './reservation';
import { addDays } from './scheduling/calendar-date';
import { osloClock, osloClockChanges } from './scheduling/oslo-clock';

// Written out by hand (not read from the tables): a change to the tables must change this list too.
const allowedBooking = [
  'UNPROCESSED→APPROVED',
  'UNPROCESSED→REJECTED',
  'UNPROCESSED→CANCELLED',
  'UNPROCESSED→AUTOREJECTED',
  'APPROVED→UNPROCESSED',
  'APPROVED→REJECTED',
  'APPROVED→CANCELLED',
];
const allowedReservation = [
  'UNPROCESSED→APPROVED',
  'UNPROCESSED→REJECTED',
  'UNPROCESSED→REPLACED',
  'UNPROCESSED→CANCELLED',
  'UNPROCESSED→AUTOREJECTED',
  'APPROVED→UNPROCESSED',
  'APPROVED→REJECTED',
  'APPROVED→UNAVAILABLE',
  'APPROVED→REPLACED',
  'APPROVED→CANCELLED',
  'IN_ROUND→APPROVED',
  'IN_ROUND→REPLACED',
  'IN_ROUND→REJECTED',
  'IN_ROUND→CANCELLED',
];

describe("the booking's lifecycle", () => {
  it("allows exactly the listed changes of a booking's status", () => {
    const allowed = bookingStatuses.flatMap((from) =>
      bookingStatuses.filter((to) => canTransition('booking', from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual([...allowedBooking].sort());
    expect(Object.keys(bookingTransitions).sort()).toEqual([...bookingStatuses].sort());
  });

  it("allows exactly the listed changes of a reservation's status", () => {
    const allowed = reservationStatuses.flatMap((from) =>
      reservationStatuses.filter((to) => canTransition('reservation', from, to)).map((to) => `${from}→${to}`),
    );
    expect(allowed.sort()).toEqual([...allowedReservation].sort());
    expect(Object.keys(reservationTransitions).sort()).toEqual([...reservationStatuses].sort());
  });

  it('refuses reopening a closed booking or time, skipping the round, and staying put', () => {
    for (const [from, to] of [
      ['CANCELLED', 'UNPROCESSED'],
      ['REJECTED', 'APPROVED'],
      ['AUTOREJECTED', 'UNPROCESSED'],
      ['APPROVED', 'AUTOREJECTED'],
      ['APPROVED', 'APPROVED'],
    ] as const) {
      expect(canTransition('booking', from, to), `${from}→${to}`).toBe(false);
      expect(() => assertTransition('booking', from, to)).toThrow(TransitionRefused);
    }
    for (const [from, to] of [
      ['REPLACED', 'APPROVED'],
      ['UNAVAILABLE', 'APPROVED'],
      ['CANCELLED', 'UNPROCESSED'],
      ['UNPROCESSED', 'IN_ROUND'],
      ['IN_ROUND', 'UNAVAILABLE'],
      ['APPROVED', 'AUTOREJECTED'],
    ] as const) {
      expect(canTransition('reservation', from, to), `${from}→${to}`).toBe(false);
    }
    expect(() => assertTransition('reservation', 'REPLACED', 'APPROVED')).toThrow('A reservation cannot go from REPLACED to APPROVED');
    expect(() => assertTransition('reservation', 'IN_ROUND', 'APPROVED')).not.toThrow();
  });
});

describe('the cancellation deadline', () => {
  const early = new Date('2025-01-01T12:00:00Z');

  it('is 23:59 Oslo time 7 days before (28 for a wedding), in summer and winter time, across both changes', () => {
    // 2025-03-30 and 2025-10-26 are the change days; 23:59 is CEST (UTC+2) on the first, CET (UTC+1) on the second.
    expect(cancellationDeadline({ date: '2025-04-06', startTime: '18:00:00' }, 'school', early).toISOString()).toBe(
      '2025-03-30T21:59:00.000Z',
    );
    expect(cancellationDeadline({ date: '2025-04-05', startTime: '18:00:00' }, 'default', early).toISOString()).toBe(
      '2025-03-29T22:59:00.000Z',
    );
    expect(cancellationDeadline({ date: '2025-11-02', startTime: '10:00:00' }, 'default', early).toISOString()).toBe(
      '2025-10-26T22:59:00.000Z',
    );
    expect(cancellationDeadline({ date: '2025-11-01', startTime: '10:00:00' }, 'default', early).toISOString()).toBe(
      '2025-10-25T21:59:00.000Z',
    );
    expect(cancellationDeadline({ date: '2025-04-27', startTime: '14:00' }, 'wedding', early).toISOString()).toBe(
      '2025-03-30T21:59:00.000Z',
    );
  });

  it("is the first time's start when the days-before deadline has passed, as PostgreSQL stores the wall clock", () => {
    const now = new Date('2025-10-20T10:00:00Z');
    expect(cancellationDeadline({ date: '2025-10-24', startTime: '18:00:00' }, 'school', now).toISOString()).toBe(
      '2025-10-24T16:00:00.000Z',
    );
    // A wedding four weeks ahead: 23:59 28 days before is today 23:59 (summer time), still ahead.
    expect(cancellationDeadline({ date: '2025-11-17', startTime: '12:00:00' }, 'wedding', now).toISOString()).toBe(
      '2025-10-20T21:59:00.000Z',
    );
    // Exactly at the deadline it has passed.
    expect(
      cancellationDeadline({ date: '2025-10-27', startTime: '12:00:00' }, 'school', new Date('2025-10-20T21:59:00Z')).toISOString(),
    ).toBe('2025-10-27T11:00:00.000Z');
    // The repeated hour of October takes the later instant (standard time), the skipped hour of March the offset before it.
    expect(osloInstant('2025-10-26', '02:30:00').toISOString()).toBe('2025-10-26T01:30:00.000Z');
    expect(osloInstant('2025-03-30', '02:30:00').toISOString()).toBe('2025-03-30T01:30:00.000Z');
    expect(osloInstant('2025-03-30', '03:00:00').toISOString()).toBe('2025-03-30T01:00:00.000Z');
    expect(() => osloInstant('2025-02-30', '10:00')).toThrow();
    expect(() => osloInstant('2025-02-28', '24:00')).toThrow(RangeError);
  });

  it('reads back on the Oslo clock as the rule says, for generated dates near and away from the changes', () => {
    const changeDays = [2024, 2025, 2026, 2027].flatMap((y) => osloClockChanges(y).map((c) => c.date));
    const firstDate = fc.oneof(
      fc.tuple(fc.constantFrom(...changeDays), fc.integer({ min: -2, max: 30 })).map(([d, shift]) => addDays(d, shift)),
      fc.integer({ min: 0, max: 365 * 4 }).map((n) => addDays('2024-01-01', n)),
    );
    const startTime = fc
      .integer({ min: 0, max: 95 })
      .map((q) => `${String(Math.floor(q / 4)).padStart(2, '0')}:${String((q % 4) * 15).padStart(2, '0')}:00`);
    const nowOffsetMinutes = fc.integer({ min: -60 * 24 * 40, max: 60 * 24 * 2 });
    fc.assert(
      fc.property(firstDate, startTime, fc.constantFrom(...sourceForms), nowOffsetMinutes, (date, time, form, offset) => {
        const start = osloInstant(date, time);
        const now = new Date(start.getTime() + offset * 60_000);
        const deadline = cancellationDeadline({ date, startTime: time }, form, now);
        const days = form === 'wedding' ? 28 : 7;
        const clock = osloClock(deadline);
        if (deadline.getTime() > now.getTime() && deadline.getTime() !== start.getTime()) {
          expect(clock).toEqual({ today: addDays(date, -days), time: '23:59:00' });
        } else {
          expect(deadline.getTime()).toBe(start.getTime());
          // The days-before deadline had passed (or is that very start).
          expect(
            osloInstant(addDays(date, -days), '23:59').getTime() <= now.getTime() ||
              osloInstant(addDays(date, -days), '23:59').getTime() === start.getTime(),
          ).toBe(true);
        }
        // A start that exists reads back as itself (the skipped hour of March is never a reservation's).
        if (!(
          osloClockChanges(Number(date.slice(0, 4))).some((c) => c.date === date && c.kind === 'skipped') &&
          time >= '02:00' &&
          time < '03:00'
        )) {
          expect(osloClock(start)).toEqual({ today: date, time });
        }
      }),
      { numRuns: 500 },
    );
  });
});

describe('who may cancel', () => {
  const now = new Date('2025-06-10T12:00:00Z');

  it('gives an approved booking without a stored deadline until its first active time, as the server does', () => {
    const start = new Date('2025-06-12T16:00:00Z');
    expect(effectiveCancellationDeadline({ status: 'APPROVED', cancellationDeadline: null }, start)).toBe(start);
    expect(
      isCancellable(
        {
          status: 'APPROVED',
          cancellationDeadline: effectiveCancellationDeadline({ status: 'APPROVED', cancellationDeadline: null }, start),
        },
        now,
      ),
    ).toBe(true);
    expect(
      isCancellable(
        {
          status: 'APPROVED',
          cancellationDeadline: effectiveCancellationDeadline({ status: 'APPROVED', cancellationDeadline: null }, null),
        },
        now,
      ),
    ).toBe(false);
    const stored = new Date('2025-06-01T21:59:00Z');
    expect(effectiveCancellationDeadline({ status: 'APPROVED', cancellationDeadline: stored }, start)).toBe(stored);
    expect(effectiveCancellationDeadline({ status: 'UNPROCESSED', cancellationDeadline: null }, start)).toBeNull();
    expect(isCancellable({ status: 'UNPROCESSED', cancellationDeadline: null }, now)).toBe(true);
    expect(isCancellable({ status: 'CANCELLED', cancellationDeadline: start }, now)).toBe(false);
  });
});

describe('one wedding time', () => {
  it('accepts one time not repeated, refuses more or a repetition, and names an empty request', () => {
    expect(weddingTimesProblem({ times: 1, repeating: false })).toBeNull();
    expect(weddingTimesProblem({ times: 2, repeating: false })).toBe('MORE_THAN_ONE');
    expect(weddingTimesProblem({ times: 1, repeating: true })).toBe('MORE_THAN_ONE');
    expect(weddingTimesProblem({ times: 0, repeating: true })).toBe('MORE_THAN_ONE');
    expect(weddingTimesProblem({ times: 0, repeating: false })).toBe('NO_TIME');
  });
});

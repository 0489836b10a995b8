import { describe, expect, it } from 'vitest';
import { bookingReservation, toBookingRequirement, toBookingReservation } from './booking-reservation';
import { reservationEndTime } from './scheduling/time-of-day';

describe('one reservation shape for the applicant and the administrator', () => {
  const stored = {
    id: 7,
    bookableAssetId: 3,
    roomName: 'Gymsal',
    roomNumber: 'G1',
    date: '2026-03-17',
    startTime: '22:00:00',
    durationMinutes: 120,
    initialRepetitionDate: null,
    status: 'APPROVED' as const,
  };

  it('ends a time at midnight at 00:00:00, and one past midnight at its time on the next day', () => {
    expect(reservationEndTime('15:00:00', 540)).toBe('00:00:00');
    expect(reservationEndTime('18:00:00', 90)).toBe('19:30:00');
    expect(reservationEndTime('22:00:00', 180)).toBe('01:00:00');
    expect(reservationEndTime('12:00:00', 72 * 60)).toBe('12:00:00');
  });

  it('builds the reservation from its stored date, start and duration, with the room as lists show it', () => {
    expect(toBookingReservation(stored)).toEqual({
      reservationId: 7,
      bookableAssetId: 3,
      bookableAssetName: 'Gymsal',
      bookableAssetNumber: 'G1',
      displayName: 'Gymsal (G1)',
      date: '2026-03-17',
      startTime: '22:00:00',
      endTime: '00:00:00',
      duration: 'PT2H',
      initialRepetitionDate: null,
      status: 'APPROVED',
    });
    expect(toBookingReservation({ ...stored, roomNumber: null }).displayName).toBe('Gymsal');
  });

  it('refuses 24:00:00, so no answer can carry the other midnight', () => {
    const valid = toBookingReservation(stored);
    expect(bookingReservation.parse(valid)).toEqual(valid);
    expect(bookingReservation.safeParse({ ...valid, endTime: '24:00:00' }).success).toBe(false);
    expect(bookingReservation.safeParse({ ...valid, startTime: '24:00:00' }).success).toBe(false);
  });

  it('builds the requirement with who fulfilled it and when', () => {
    expect(
      toBookingRequirement({
        type: 'CONTRACT',
        isFulfilled: true,
        fulfilledByName: 'Kari Nordmann',
        fulfillmentTime: new Date('2026-03-01T10:00:00Z'),
      }),
    ).toEqual({ type: 'CONTRACT', isFulfilled: true, userName: 'Kari Nordmann', fulfillmentTimeUtc: '2026-03-01T10:00:00.000Z' });
    expect(toBookingRequirement({ type: 'CONTRACT', isFulfilled: false, fulfilledByName: null, fulfillmentTime: null })).toEqual({
      type: 'CONTRACT',
      isFulfilled: false,
      userName: null,
      fulfillmentTimeUtc: null,
    });
  });
});

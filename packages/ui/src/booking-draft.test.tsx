import { beforeEach, describe, expect, it } from 'vitest';
import { act, renderHook } from '@testing-library/react';
import {
  BOOKING_DRAFT_KEY,
  clearBookingDraft,
  emptyBookingDraft,
  keepOnlyRooms,
  parseBookingDraft,
  readBookingDraft,
  useBookingDraft,
  type BookingDraft,
} from './booking-draft';

const draft: BookingDraft = {
  repetition: { pattern: 'WEEKLY', lastDate: '2030-06-01' },
  checked: [{ bookableAssetId: 1, date: '2030-03-04', startTime: '18:00:00' }],
  reservations: [
    { bookableAssetId: 2, datesAndTimes: [{ date: '2030-03-05', startTime: '18:00:00', duration: 'PT1H' }], repetition: null },
  ],
  availability: { probablyAvailable: [], unavailable: [], errors: [] },
};

beforeEach(() => localStorage.clear());

describe('booking draft (spec 01 §4, §9: repetition, checked times, reservations, availability)', () => {
  it('is kept in localStorage between visits, and only those four things', () => {
    const { result } = renderHook(() => useBookingDraft());
    act(() => result.current[1](() => ({ ...draft, extra: 'not kept' }) as BookingDraft));
    const stored = JSON.parse(localStorage.getItem(BOOKING_DRAFT_KEY)!) as Record<string, unknown>;
    expect(parseBookingDraft(JSON.stringify(stored))).toEqual(draft);
    expect(readBookingDraft()).toEqual(draft);
    expect(result.current[0]).toEqual(draft);
  });

  it('is cleared (when a booking has been posted)', () => {
    const { result } = renderHook(() => useBookingDraft());
    act(() => result.current[1](() => draft));
    act(() => clearBookingDraft());
    expect(localStorage.getItem(BOOKING_DRAFT_KEY)).toBeNull();
    expect(result.current[0]).toEqual(emptyBookingDraft);
  });

  it('drops what does not match: broken JSON, unknown patterns, invalid dates and times, bad reservations', () => {
    expect(parseBookingDraft('{nope')).toEqual(emptyBookingDraft);
    expect(parseBookingDraft('42')).toEqual(emptyBookingDraft);
    const parsed = parseBookingDraft(
      JSON.stringify({
        repetition: { pattern: 'WEEKLY', lastDate: '01.06.2030' },
        checked: [
          draft.checked[0],
          { bookableAssetId: 1, date: '2030-02-30', startTime: '18:00:00' },
          { bookableAssetId: 1, date: '2030-03-04', startTime: '25:00:00' },
        ],
        reservations: [draft.reservations[0], { bookableAssetId: 'x', datesAndTimes: [] }],
        availability: { probablyAvailable: 'all' },
      }),
    );
    expect(parsed).toEqual({
      repetition: { pattern: 'WEEKLY', lastDate: null },
      checked: draft.checked,
      reservations: draft.reservations,
      availability: null,
    });
    expect(parseBookingDraft(JSON.stringify({ repetition: { pattern: 'MONTHLY', lastDate: null } })).repetition).toEqual(
      emptyBookingDraft.repetition,
    );
  });

  it('keeps only the chosen rooms; the availability answer goes when a reservation does', () => {
    expect(keepOnlyRooms(draft, [1, 2])).toBe(draft);
    const without2 = keepOnlyRooms(draft, [1]);
    expect(without2.reservations).toEqual([]);
    expect(without2.availability).toBeNull();
    expect(without2.checked).toEqual(draft.checked);
    const without1 = keepOnlyRooms(draft, [2]);
    expect(without1.checked).toEqual([]);
    expect(without1.availability).toEqual(draft.availability);
  });
});

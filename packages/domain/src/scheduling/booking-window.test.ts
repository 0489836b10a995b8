import { describe, expect, it } from 'vitest';
import { bookingWindow, combineBounds, isInWindow, searchMaxDate, searchWindow, snapToMinimum } from './booking-window';
import { adminCaller, publicCaller } from './scheduling-caller';

const today = '2025-03-28';

describe('bookingWindow', () => {
  it('public: from today + behandlingstid to the last bookable date; the pickers still start today', () => {
    expect(bookingWindow({ today, caller: publicCaller, behandlingstid: 3, lastBookableDate: '2025-06-30' })).toEqual({
      today,
      firstDate: '2025-03-31',
      lastDate: '2025-06-30',
      minSelectableDate: today,
      behandlingstid: 3,
    });
  });

  it('public: behandlingstid defaults to 0 and a room without last date is open 10 years', () => {
    const window = bookingWindow({ today, caller: publicCaller, behandlingstid: null, lastBookableDate: null });
    expect(window.firstDate).toBe(today);
    expect(window.lastDate).toBe('2035-03-28');
    expect(bookingWindow({ today, caller: publicCaller, behandlingstid: -2 }).firstDate).toBe(today);
  });

  it('administrators ignore behandlingstid and reach a year back only with ADMIN_CAN_BOOK_PAST_DATES', () => {
    expect(
      bookingWindow({ today, caller: adminCaller({ canBookPastDates: true }), behandlingstid: 14, lastBookableDate: '2025-06-30' }),
    ).toEqual({ today, firstDate: '2024-03-28', lastDate: '2025-06-30', minSelectableDate: '2024-03-28', behandlingstid: 0 });
    expect(bookingWindow({ today, caller: adminCaller(), behandlingstid: 14 }).firstDate).toBe(today);
  });

  it('the search is cut at today + 548 days', () => {
    expect(searchMaxDate(today)).toBe('2026-09-27');
    expect(searchWindow(bookingWindow({ today, caller: publicCaller })).lastDate).toBe('2026-09-27');
    expect(searchWindow(bookingWindow({ today, caller: publicCaller, lastBookableDate: '2025-12-31' })).lastDate).toBe('2025-12-31');
  });

  it('combines the bounds of several rooms to span them all', () => {
    expect(
      combineBounds([
        { firstDate: '2025-04-01', lastDate: '2025-06-30' },
        { firstDate: '2025-03-28', lastDate: '2025-05-31' },
      ]),
    ).toEqual({ firstDate: '2025-03-28', lastDate: '2025-06-30' });
    expect(combineBounds([])).toBeNull();
    // One room's whole window gives only the two dates, as GET /api/bookableasset/calendar documents (decision 060).
    expect(combineBounds([bookingWindow({ today, caller: publicCaller, behandlingstid: 2 })])).toEqual({
      firstDate: '2025-03-30',
      lastDate: '2035-03-28',
    });
  });

  it('knows what is inside and snaps a date before the minimum to it', () => {
    const window = bookingWindow({ today, caller: publicCaller, behandlingstid: 2, lastBookableDate: '2025-04-30' });
    expect(isInWindow('2025-03-29', window)).toBe(false);
    expect(isInWindow('2025-03-30', window)).toBe(true);
    expect(isInWindow('2025-05-01', window)).toBe(false);
    expect(snapToMinimum('2025-01-01', window)).toBe(today);
    expect(snapToMinimum('2025-04-02', window)).toBe('2025-04-02');
  });
});

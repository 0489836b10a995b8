import { describe, expect, it } from 'vitest';
import { bookingWindow } from './booking-window';
import { calendarWeek, initialCalendarWeekStart, monthOptions, yearOptions } from './calendar-navigation';
import { adminCaller, publicCaller } from './scheduling-caller';

// Friday in week 13; the following Sunday is the spring DST change.
const today = '2025-03-28';
const publicWindow = bookingWindow({ today, caller: publicCaller, behandlingstid: 10, lastBookableDate: '2025-04-16' });

describe('calendar week navigation', () => {
  it('shows the Monday-based week with its ISO number', () => {
    expect(calendarWeek(today, publicWindow)).toMatchObject({
      weekStart: '2025-03-24',
      weekEnd: '2025-03-30',
      weekNumber: 13,
      previousWeekStart: '2025-03-17',
      nextWeekStart: '2025-03-31',
    });
  });

  it('public: back is disabled when the previous week is past, even inside behandlingstid', () => {
    expect(calendarWeek(today, publicWindow).canGoBack).toBe(false);
    expect(calendarWeek('2025-03-31', publicWindow).canGoBack).toBe(true);
  });

  it('forward is disabled when the next week starts after the last date', () => {
    expect(calendarWeek('2025-04-09', publicWindow).canGoForward).toBe(true); // next week starts 14 April
    expect(calendarWeek('2025-04-14', publicWindow).canGoForward).toBe(false); // next week starts 21 April
  });

  it('administrators with ADMIN_CAN_BOOK_PAST_DATES go back a year, without the rule not at all', () => {
    const past = bookingWindow({ today, caller: adminCaller({ canBookPastDates: true }) });
    expect(calendarWeek(today, past).canGoBack).toBe(true);
    expect(calendarWeek('2024-04-01', past).canGoBack).toBe(true); // previous week ends 31 March 2024, after 28 March 2024
    expect(calendarWeek('2024-03-25', past).canGoBack).toBe(false);
    expect(calendarWeek(today, bookingWindow({ today, caller: adminCaller() })).canGoBack).toBe(false);
  });

  it('opens on a week inside the window', () => {
    expect(initialCalendarWeekStart(null, publicWindow)).toBe('2025-03-24');
    expect(initialCalendarWeekStart('2020-01-01', publicWindow)).toBe('2025-03-24');
    expect(initialCalendarWeekStart('2030-01-01', publicWindow)).toBe('2025-04-14');
  });
});

describe('year and month lists', () => {
  it('span today (admin: a year back) to the last date, or 10 years', () => {
    expect(yearOptions(bookingWindow({ today, caller: publicCaller }))).toEqual([
      2025, 2026, 2027, 2028, 2029, 2030, 2031, 2032, 2033, 2034, 2035,
    ]);
    expect(yearOptions(bookingWindow({ today, caller: adminCaller({ canBookPastDates: true }), lastBookableDate: '2025-12-31' }))).toEqual([
      2024, 2025,
    ]);
    expect(monthOptions(2025, publicWindow)).toEqual([3, 4]);
    expect(monthOptions(2026, publicWindow)).toEqual([]);
  });
});

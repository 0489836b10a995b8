import type { IsoWeekday } from '../calendar-date';
import type { RoomCalendar, SchedulingContext } from '../room-calendar';
import { publicCaller, type SchedulingCaller } from '../scheduling-caller';

/** Test-only: a room open Monday–Friday 08–16 and Saturday 10–14, closed Sunday, nothing booked. */
export function testRoom(overrides: Partial<RoomCalendar> = {}): RoomCalendar {
  const weekdays: IsoWeekday[] = [1, 2, 3, 4, 5];
  return {
    bookableAssetId: 1,
    openingHours: [
      ...weekdays.map((weekday) => ({ weekday, opens: '08:00:00', closes: '16:00:00' })),
      { weekday: 6, opens: '10:00:00', closes: '14:00:00' },
    ],
    closedDates: [],
    blockedTimes: [],
    reservations: [],
    lastBookableDate: null,
    behandlingstid: 0,
    minBookingDurationMinutes: 0,
    ...overrides,
  };
}

export function testContext(
  today: string,
  caller: SchedulingCaller = publicCaller,
  extra: Partial<SchedulingContext> = {},
): SchedulingContext {
  return { today, caller, ...extra };
}

/** Open every day of the week around the clock (to see the DST hours). */
export const allDayEveryDay = ([1, 2, 3, 4, 5, 6, 7] as IsoWeekday[]).map((weekday) => ({
  weekday,
  opens: '00:00:00',
  closes: '24:00:00',
}));

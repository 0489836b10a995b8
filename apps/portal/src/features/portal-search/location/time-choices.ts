import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { BookingCreationDto } from '@lokaler/domain/booking-request';
import { formTheme } from '@lokaler/domain/booking-create-form';
import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import { isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { isoToDayOfWeek, type DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { RepeatPattern } from '@lokaler/domain/scheduling/expand-repetition';
import { expandWeekdayPattern, type SearchRepetition } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import type { PortalSearch } from '@lokaler/api-client/search';

/**
 * The times a person chose on the location page, and the booking request they become. A single loan
 * has one time per room (key 'single'); a recurring loan one time per room and weekday.
 */

export interface ChosenTime {
  /** 'HH:mm:ss' */
  start: string;
  end: string;
  /** The first date of the search this interval is free on. */
  firstAvailable: string;
}

export type ChoiceKey = 'single' | DayOfWeek;
export type RoomTimes = Partial<Record<ChoiceKey, ChosenTime>>;
export type TimeChoices = Readonly<Record<number, RoomTimes>>;

/** How many times are chosen for a room (spec 01 §5: none means 'Du må velge et tidspunkt'). */
export function chosenTimeCount(choices: TimeChoices, roomId: number): number {
  return Object.keys(choices[roomId] ?? {}).length;
}

/** Chooses a time, or takes it away when it is the one already chosen (a second press undoes). */
export function toggleTime(choices: TimeChoices, roomId: number, key: ChoiceKey, time: ChosenTime): TimeChoices {
  const room = { ...choices[roomId] };
  const current = room[key];
  if (current && current.start === time.start && current.end === time.end) delete room[key];
  else room[key] = time;
  return { ...choices, [roomId]: room };
}

/** Everything chosen for the rooms no longer chosen goes (spec 01 §4: a room's times clear when it is deselected). */
export function keepRooms(choices: TimeChoices, roomIds: readonly number[]): TimeChoices {
  return Object.fromEntries(Object.entries(choices).filter(([id]) => roomIds.includes(Number(id))));
}

/**
 * The calendar's repetition for the new search's patterns. The booking request repeats only weekly or
 * biweekly (spec 01 §5); 'Hver fjerde uke' has no such pattern, so its dates are listed one by one.
 */
const repeatPatternOf: Record<SearchRepetition, Exclude<RepeatPattern, 'SINGLE_DAY'> | null> = {
  WEEKLYONWEEKDAY: 'WEEKLY',
  BIWEEKLYONWEEKDAY: 'BIWEEKLY',
  MONTHLYONWEEKDAY: null,
};

export function repeatPatternOfSearch(repetition: SearchRepetition): Exclude<RepeatPattern, 'SINGLE_DAY'> | null {
  return repeatPatternOf[repetition];
}

/**
 * PUT /api/booking/availability's list (the calendar's own shape) from the chosen times: one entry per
 * room with a time, in the order the rooms were chosen.
 *
 * Recurring: each weekday's time repeats over all the search's dates of that weekday, from the first
 * up to `to` — also the dates the interval is not free on (before its first free date too): the
 * availability check names each date's fate and the form asks whether to send without those that are
 * not free. (Starting from the first free date dropped such dates unseen: a weekly series lost 24.12 and 31.12.)
 */
export function buildBookingRequest(search: PortalSearch, roomIds: readonly number[], choices: TimeChoices): BookingCreationDto[] {
  return roomIds.flatMap((roomId): BookingCreationDto[] => {
    const times = choices[roomId] ?? {};
    if (search.kind === 'single') {
      const time = times.single;
      return time
        ? [
            {
              bookableAssetId: roomId,
              datesAndTimes: [{ date: search.date, startTime: time.start, duration: search.duration }],
              repetition: null,
            },
          ]
        : [];
    }
    const pattern = repeatPatternOf[search.repetition];
    const dates = expandWeekdayPattern(search);
    const datesAndTimes = search.daysOfWeek.flatMap((day) => {
      const time = times[day];
      if (!time) return [];
      const weekdayDates = dates.filter((date) => isoToDayOfWeek(isoWeekday(date)) === day);
      const startDates = pattern ? weekdayDates.slice(0, 1) : weekdayDates;
      return startDates.map((date) => ({ date, startTime: time.start, duration: search.duration }));
    });
    if (datesAndTimes.length === 0) return [];
    return [{ bookableAssetId: roomId, datesAndTimes, repetition: pattern ? { pattern, lastDate: search.to } : null }];
  });
}

const themeOf = (room: BookableAsset): BookingFlowTheme => room.bookingFlow?.theme ?? 'default';

/** The application form's theme for the rooms (passed on as activityType, as the calendar does). */
export function activityTypeOfRooms(rooms: readonly BookableAsset[]): BookingFlowTheme {
  return formTheme(rooms.map(themeOf));
}

/**
 * Where the registration page goes after the booking, as the calendar decides it: the rooms' shared
 * follow-up form; none when that is the bookings list (the citizen then goes to / with a receipt).
 */
export function nextLinkOfRooms(rooms: readonly BookableAsset[], bookingsListPath: string): string | undefined {
  const links = new Set(rooms.map((r) => r.bookingFlow?.publicFormLink ?? null));
  if (links.size !== 1) return undefined;
  const [link] = [...links];
  return link && link !== bookingsListPath ? link : undefined;
}

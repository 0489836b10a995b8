import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import type { IsoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import {
  prepareRoom,
  type OpeningHoursEntry,
  type PreparedRoom,
  type RoomCalendar,
  type SchedulingContext,
} from '@lokaler/domain/scheduling/room-calendar';
import type { PublicBookingRules } from '@lokaler/domain/scheduling/public-booking-rules';
import { calendarSettingsOf, publicRulesOfRoom } from '@lokaler/domain/scheduling/room-rules';
import type { BusyRow } from './busy-times-repository';
import type { OpeningHoursRow, OpeningPeriodRow, SearchRoomRow } from './search-rooms-repository';

/**
 * The rooms of a search as the scheduling rules see them: RoomCalendar built from the rows, prepared
 * once per calendar without busy times (enough for every room whose dates are all ordinary) and
 * again, with its rows, for a room that has busy rows the search needs.
 */

/** Rooms that share one calendar: a location's rooms without opening hours of their own, or one room with its own. */
export interface CalendarGroup {
  calendar: RoomCalendar;
  /** Prepared for the caller without busy rows; filled in by the search. */
  base?: PreparedRoom;
  /** Busy budget per ISO weekday (index 0–6), for the database's pre-filter. */
  budgets?: (number | null)[];
  /** The answer for a room of the group without busy rows. */
  unavailable?: string[];
}

/**
 * Each room's calendar group. A room's weekly hours are, within the standard hours and within each
 * seasonal period, per weekday its own rows when it has any for that day, else its location's (the
 * rule of room-calendars' loader, roomOpeningHours, which the schedule and the availability check
 * use); the periods, closed dates, behandlingstid and the minimum duration are the location's.
 * The rules never read the room's id, so rooms of one calendar share one prepared room and answer.
 */
export function calendarGroups(
  rooms: readonly SearchRoomRow[],
  hours: readonly OpeningHoursRow[],
  closed: ReadonlyMap<number, string[]>,
  periods: ReadonlyMap<number, readonly OpeningPeriodRow[]> = new Map(),
): Map<number, CalendarGroup> {
  const ofLocation = new Map<number, OpeningHoursRow[]>();
  const ofRoom = new Map<number, OpeningHoursRow[]>();
  for (const h of hours) {
    const [map, key] = h.bookableAssetId === null ? [ofLocation, h.locationId] : [ofRoom, h.bookableAssetId];
    const list = map.get(key);
    if (list) list.push(h);
    else map.set(key, [h]);
  }
  const entry = (h: OpeningHoursRow): OpeningHoursEntry => ({
    weekday: h.weekday as IsoWeekday,
    opens: h.opens,
    closes: h.closes,
    ...(h.fromDate !== null ? { fromDate: h.fromDate, toDate: h.toDate } : {}),
  });
  const dayKey = (h: OpeningHoursRow) => `${h.fromDate}|${h.weekday}`;
  const calendar = (room: SearchRoomRow, openingHours: OpeningHoursEntry[]): RoomCalendar => ({
    bookableAssetId: room.id,
    openingHours,
    openingPeriods: periods.get(room.locationId) ?? [],
    closedDates: closed.get(room.locationId) ?? [],
    blockedTimes: [],
    reservations: [],
    lastBookableDate: null,
    ...calendarSettingsOf(room.rules),
  });
  const byLocation = new Map<number, CalendarGroup>();
  const byRoom = new Map<number, CalendarGroup>();
  for (const room of rooms) {
    const own = ofRoom.get(room.id);
    const inherited = ofLocation.get(room.locationId) ?? [];
    if (own) {
      const ownDays = new Set(own.map(dayKey));
      byRoom.set(room.id, { calendar: calendar(room, [...own, ...inherited.filter((h) => !ownDays.has(dayKey(h)))].map(entry)) });
      continue;
    }
    let group = byLocation.get(room.locationId);
    if (!group) byLocation.set(room.locationId, (group = { calendar: calendar(room, inherited.map(entry)) }));
    byRoom.set(room.id, group);
  }
  return byRoom;
}

/** The busy rows by room, each row once (a row can be found for two dates it spans). */
export function busyRowsByRoom(rows: readonly BusyRow[]): Map<number, Pick<RoomCalendar, 'reservations' | 'blockedTimes'>> {
  // Tens of thousands of rows share a few lengths: format each once.
  const durations = new Map<number, string>();
  const duration = (minutes: number) => {
    let text = durations.get(minutes);
    if (text === undefined) durations.set(minutes, (text = formatDuration(minutes)));
    return text;
  };
  const seen = new Set<number>();
  const byRoom = new Map<
    number,
    { reservations: RoomCalendar['reservations'][number][]; blockedTimes: RoomCalendar['blockedTimes'][number][] }
  >();
  for (const row of rows) {
    const key = row.kind === 'r' ? row.id * 2 : row.id * 2 + 1;
    if (seen.has(key)) continue;
    seen.add(key);
    let entry = byRoom.get(row.room);
    if (!entry) byRoom.set(row.room, (entry = { reservations: [], blockedTimes: [] }));
    if (row.kind === 'r')
      entry.reservations.push({ date: row.date, startTime: row.startTime, duration: duration(row.durationMinutes), id: row.id });
    else entry.blockedTimes.push({ date: row.date, startTime: row.startTime, duration: duration(row.durationMinutes) });
  }
  return byRoom;
}

/**
 * The group's prepared room with one room's busy times. prepareRoom indexes them (the rules' own
 * indexing, ignored reservations and all); the rest — hours, closed dates, window — is the group's,
 * already prepared: the same PreparedRoom as preparing the whole calendar, without redoing the hours.
 */
export function withBusyTimes(
  base: PreparedRoom,
  busy: Pick<RoomCalendar, 'reservations' | 'blockedTimes'>,
  context: SchedulingContext,
): PreparedRoom {
  const indexed = prepareRoom(
    {
      bookableAssetId: base.bookableAssetId,
      openingHours: [],
      openingPeriods: [],
      closedDates: [],
      lastBookableDate: null,
      behandlingstid: null,
      minBookingDurationMinutes: null,
      ...busy,
    },
    context,
  );
  return { ...base, bookedByDate: indexed.bookedByDate, blockedByDate: indexed.blockedByDate };
}

/** The public's rules of a room: its location's allow flags and its own, stricter wins. */
export function publicRulesOfRow(row: SearchRoomRow): PublicBookingRules {
  return publicRulesOfRoom(row.rules);
}

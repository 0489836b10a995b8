import { reservationEndTime } from './time-of-day';
import { isValidDate } from './calendar-date';
import type { DateAndTime } from './date-and-time';
import { parseDuration } from './iso-duration';
import { asPrepared, type PreparedRoom, type RoomCalendar, type SchedulingContext } from './room-calendar';
import { intervalProblem, roomDay, type RoomDay } from './room-day';
import { isOnSlotGrid, MINUTES_PER_DAY, parseTime } from './time-of-day';
import { unavailabilityMessage, type UnavailabilityReason } from './unavailability-reason';

/**
 * PUT /api/booking/availability and POST /api/booking: may each requested time be booked in this
 * room by this caller? Uses the same day evaluation as the schedule, so a time is accepted exactly
 * when every 15-minute slot it covers is bookingAllowed && !booked there (and, for the public, the
 * time is at least the location's minimum duration).
 */

export interface TimeCheck<D = string | number> extends DateAndTime<D> {
  /** 'HH:mm:ss' end as a reservation's ('00:00:00' at midnight); null when the request is invalid or runs past midnight. */
  endTime: string | null;
  available: boolean;
  reason: UnavailabilityReason | null;
  /** Norwegian text for the person, null when available. */
  message: string | null;
}

export interface CheckRequestedTimesInput<D> {
  room: RoomCalendar | PreparedRoom;
  context?: SchedulingContext;
  requests: readonly DateAndTime<D>[];
}

export function checkRequestedTimes<D extends string | number>({ room, context, requests }: CheckRequestedTimesInput<D>): TimeCheck<D>[] {
  const prepared = asPrepared(room, context);
  const days = new Map<string, RoomDay>();
  const dayOf = (date: string): RoomDay => {
    let day = days.get(date);
    if (!day) days.set(date, (day = roomDay(prepared, date)));
    return day;
  };
  return requests.map((request) => checkOne(prepared, request, dayOf));
}

function checkOne<D extends string | number>(room: PreparedRoom, request: DateAndTime<D>, dayOf: (date: string) => RoomDay): TimeCheck<D> {
  const start = parseTime(request.startTime);
  const minutes = parseDuration(request.duration);
  if (!isValidDate(request.date) || start === null || minutes === null || minutes <= 0) {
    return verdict(room, request, null, 'INVALID_REQUEST');
  }
  const end = start + minutes;
  const endTime = end <= MINUTES_PER_DAY ? reservationEndTime(request.startTime, minutes) : null;
  if (!isOnSlotGrid(start) || !isOnSlotGrid(minutes)) return verdict(room, request, endTime, 'NOT_ON_SLOT_GRID');
  if (minutes < room.minBookingDurationMinutes) return verdict(room, request, endTime, 'TOO_SHORT');
  // A time past midnight is outside the day's opening hours: the interval check refuses it.
  return verdict(room, request, endTime, intervalProblem(dayOf(request.date), { start, end }));
}

function verdict<D>(
  room: PreparedRoom,
  request: DateAndTime<D>,
  endTime: string | null,
  reason: UnavailabilityReason | null,
): TimeCheck<D> {
  return {
    date: request.date,
    startTime: request.startTime,
    duration: request.duration,
    endTime,
    available: reason === null,
    reason,
    message:
      reason === null
        ? null
        : unavailabilityMessage(reason, {
            behandlingstid: room.window.behandlingstid,
            minBookingDurationMinutes: room.minBookingDurationMinutes,
            lastDate: room.window.lastDate,
          }),
  };
}

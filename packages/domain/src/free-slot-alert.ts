import { z } from 'zod';
import { jsonId } from './id-param';
import { addDays, daysBetween, datesInRange, isoWeekday, maxDate, minDate } from './scheduling/calendar-date';
import { isoDate, wallClockTime } from './scheduling/api-primitives';
import { todayInOslo } from './scheduling/oslo-clock';
import { subtractIntervals, type MinuteInterval } from './scheduling/minute-intervals';
import type { PreparedRoom } from './scheduling/room-calendar';
import { busyTimes, intervalProblem, roomDay } from './scheduling/room-day';
import { MINUTES_PER_DAY, SLOT_MINUTES, parseTime } from './scheduling/time-of-day';

/**
 * Free-time alerts (decision 022): 'Varsle meg når en tid blir ledig'. A person asks to be told
 * when a time frees up in one room or in every room of a location, between two dates, optionally on
 * some weekdays and within a time of day. The schema is shared by the portal's form and the server;
 * the matching below is pure, so the job and its unit tests use the very same code.
 */

/** Longest date range of one alert (inclusive days). */
export const MAX_ALERT_DAYS = 183;

export const alertMessages = {
  invertedRange: 'Til-datoen kan ikke være før fra-datoen.',
  tooLong: `Perioden kan være høyst ${MAX_ALERT_DAYS} dager.`,
  inThePast: 'Perioden er allerede over. Velg datoer fra i dag og fremover.',
  timePair: 'Fyll inn både fra- og til-klokkeslett, eller ingen av dem.',
  invertedTime: 'Til-klokkeslettet må være etter fra-klokkeslettet.',
} as const;

/** ISO weekdays, Monday 1 … Sunday 7. */
const weekday = z.number().int().min(1, 'Ugyldig ukedag').max(7, 'Ugyldig ukedag');

/** POST /api/user/free-slot-alerts, before the rules between the fields (see freeSlotAlertProblem). */
export const freeSlotAlertFields = z
  .object({
    locationId: jsonId,
    /** One room, or null: every published room of the location. */
    bookableAssetId: jsonId.nullable().default(null),
    fromDate: isoDate,
    toDate: isoDate,
    /** Empty: every weekday. */
    weekdays: z
      .array(weekday)
      .max(7)
      .default([])
      .refine((days) => new Set(days).size === days.length, 'En ukedag er valgt to ganger'),
    /** 'HH:mm:ss'; both or neither. */
    timeFrom: wallClockTime.nullable().default(null),
    timeTo: wallClockTime.nullable().default(null),
  })
  .strict();
export type FreeSlotAlertFields = z.infer<typeof freeSlotAlertFields>;

/** The rules between the fields, in Norwegian; null when the alert may be created. `today` in Oslo. */
export function freeSlotAlertProblem(
  alert: Pick<FreeSlotAlertFields, 'fromDate' | 'toDate' | 'timeFrom' | 'timeTo'>,
  today: string,
): { path: string; message: string } | null {
  if (alert.toDate < alert.fromDate) return { path: 'toDate', message: alertMessages.invertedRange };
  if (daysBetween(alert.fromDate, alert.toDate) + 1 > MAX_ALERT_DAYS) return { path: 'toDate', message: alertMessages.tooLong };
  if (alert.toDate < today) return { path: 'toDate', message: alertMessages.inThePast };
  if ((alert.timeFrom === null) !== (alert.timeTo === null)) return { path: 'timeTo', message: alertMessages.timePair };
  if (alert.timeFrom !== null && alert.timeTo !== null && alert.timeTo <= alert.timeFrom)
    return { path: 'timeTo', message: alertMessages.invertedTime };
  return null;
}

/** The portal form's schema: the fields and their rules (today taken when the form is checked). */
export const freeSlotAlertRequest = freeSlotAlertFields.superRefine((alert, ctx) => {
  const problem = freeSlotAlertProblem(alert, todayInOslo(new Date()));
  if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
});
export type FreeSlotAlertRequest = z.input<typeof freeSlotAlertRequest>;

export const freeSlotAlert = z.object({
  id: z.number().int(),
  locationId: z.number().int(),
  locationName: z.string(),
  bookableAssetId: z.number().int().nullable(),
  /** The room's display name, or null for the whole location. */
  roomName: z.string().nullable(),
  fromDate: z.string(),
  toDate: z.string(),
  weekdays: z.array(z.number().int()),
  timeFrom: z.string().nullable(),
  timeTo: z.string().nullable(),
  createdAt: z.string(),
});
export type FreeSlotAlert = z.infer<typeof freeSlotAlert>;

export const freeSlotAlertList = z.object({
  alerts: z.array(freeSlotAlert),
  /** How many active alerts one person may have (FREE_SLOT_ALERTS_PER_PERSON). */
  maxActive: z.number().int(),
});
export type FreeSlotAlertList = z.infer<typeof freeSlotAlertList>;

/** The answer of the e-mail's one-click link (POST/GET /api/free-slot-alerts/unsubscribe). */
export const freeSlotAlertUnsubscribed = z.object({ ended: z.literal(true), userMsg: z.string() });

/**
 * Its query: the alert and the token signed for it. `og`: the other alerts of the same e-mail (the
 * List-Unsubscribe header's one click ends every alert the e-mail is about), signed with it.
 */
export const freeSlotAlertUnsubscribeQuery = z.object({
  varsel: z.coerce.number().int().positive().max(2_147_483_647),
  og: z
    .string()
    .regex(/^[1-9]\d{0,9}(,[1-9]\d{0,9}){0,49}$/)
    .transform((list) => list.split(',').map(Number))
    .pipe(z.array(z.number().int().max(2_147_483_647)))
    .optional(),
  token: z.string().min(1).max(100),
});

// ---------------------------------------------------------------------------------------------
// Matching

/** What an alert asks for, as the matching reads it. */
export interface AlertWindow {
  fromDate: string;
  toDate: string;
  weekdays: readonly number[];
  /** 'HH:mm:ss' or null. */
  timeFrom: string | null;
  timeTo: string | null;
}

/**
 * Time that may have become bookable: on the dates from–to (only those on `weekday` when given), the
 * minutes [startMinute, endMinute) of each date. A cancelled reservation is one date and its minutes;
 * a changed opening hour is a weekday over a range.
 */
export interface FreedTime {
  fromDate: string;
  toDate: string;
  weekday: number | null;
  startMinute: number;
  endMinute: number;
}

/** One date's candidate piece: where the freed time and the alert's window meet. */
export interface AlertPiece extends MinuteInterval {
  date: string;
}

/**
 * The pieces of freed time an alert asks about: dates within both ranges and not before today, on the
 * alert's weekdays, minutes within its time of day. Wall-clock minutes: a DST day is still 0–1440
 * here; the hour that does not exist is left to the rule engine (freeTimesInPiece).
 */
export function alertPieces(alert: AlertWindow, freed: FreedTime, today: string): AlertPiece[] {
  const from = maxDate(maxDate(alert.fromDate, freed.fromDate), today);
  const to = minDate(alert.toDate, freed.toDate);
  if (to < from) return [];
  const start = Math.max(freed.startMinute, alert.timeFrom ? parseTime(alert.timeFrom)! : 0);
  const end = Math.min(
    freed.endMinute,
    MINUTES_PER_DAY,
    alert.timeTo ? parseTime(alert.timeTo, { allowEndOfDay: true })! : MINUTES_PER_DAY,
  );
  if (end <= start) return [];
  const days = new Set(alert.weekdays);
  return datesInRange(from, to)
    .filter((date) => (days.size === 0 || days.has(isoWeekday(date))) && (freed.weekday === null || isoWeekday(date) === freed.weekday))
    .map((date) => ({ date, start, end }));
}

/**
 * The bookable times inside a piece now, by the one rule engine (roomDay/intervalProblem): opening
 * hours minus reservations, blocked times, past and nonexistent minutes, on the slot grid, as long as
 * the room's shortest booking at least; each answer interval is itself one bookable time.
 */
export function freeTimesInPiece(room: PreparedRoom, piece: AlertPiece): MinuteInterval[] {
  const day = roomDay(room, piece.date);
  if (day.closure) return [];
  const shortest = Math.max(SLOT_MINUTES, room.minBookingDurationMinutes);
  const result: MinuteInterval[] = [];
  for (const open of day.open) {
    const within = { start: Math.max(open.start, gridUp(piece.start)), end: Math.min(open.end, gridDown(piece.end)) };
    if (within.end <= within.start) continue;
    for (const free of subtractIntervals(within, busyTimes(day))) {
      const interval = { start: gridUp(free.start), end: gridDown(free.end) };
      if (interval.end - interval.start >= shortest && intervalProblem(day, interval) === null) result.push(interval);
    }
  }
  return result;
}

const gridUp = (m: number) => Math.ceil(m / SLOT_MINUTES) * SLOT_MINUTES;
const gridDown = (m: number) => Math.floor(m / SLOT_MINUTES) * SLOT_MINUTES;

/** The alert's last date has passed: it has expired. */
export function alertExpired(alert: Pick<AlertWindow, 'toDate'>, today: string): boolean {
  return alert.toDate < today;
}

/** Last date a new alert may reach from today (for the form's max). */
export function latestAlertDate(fromDate: string): string {
  return addDays(fromDate, MAX_ALERT_DAYS - 1);
}

// ---------------------------------------------------------------------------------------------
// The portal's form: strings as the inputs hold them, checked by the same rules as the server.

const hhmm = z.union([z.literal(''), z.string().regex(/^\d{2}:\d{2}$/, 'Ugyldig klokkeslett, bruk formatet TT:mm')]);

export const freeSlotAlertForm = z
  .object({
    /** 'room': the room the calendar shows; 'location': every room of its location. */
    scope: z.enum(['room', 'location']),
    fromDate: isoDate,
    toDate: isoDate,
    /** ISO weekday numbers as the checkboxes hold them ('1' … '7'); none: every day. */
    weekdays: z.array(z.enum(['1', '2', '3', '4', '5', '6', '7'])),
    timeFrom: hhmm,
    timeTo: hhmm,
  })
  .superRefine((values, ctx) => {
    const problem = freeSlotAlertProblem(formTimes(values), todayForForm());
    if (problem) ctx.addIssue({ code: 'custom', path: [problem.path], message: problem.message });
  });
export type FreeSlotAlertFormValues = z.infer<typeof freeSlotAlertForm>;

function formTimes(values: Pick<FreeSlotAlertFormValues, 'fromDate' | 'toDate' | 'timeFrom' | 'timeTo'>) {
  return {
    fromDate: values.fromDate,
    toDate: values.toDate,
    timeFrom: values.timeFrom ? `${values.timeFrom}:00` : null,
    timeTo: values.timeTo ? `${values.timeTo}:00` : null,
  };
}

function todayForForm(): string {
  return todayInOslo(new Date());
}

/** The POST body of a valid form, for the room or its whole location. */
export function toFreeSlotAlertRequest(
  values: FreeSlotAlertFormValues,
  target: { locationId: number; bookableAssetId: number },
): FreeSlotAlertFields {
  return {
    locationId: target.locationId,
    bookableAssetId: values.scope === 'room' ? target.bookableAssetId : null,
    weekdays: values.weekdays.map(Number).sort(),
    ...formTimes(values),
  };
}

import { z } from 'zod';
import { isoDate, positiveId, queryBoolean, repeatedParam, requiredRepeatedParam } from './api-primitives';
import { daysBetween, isValidDate } from './calendar-date';

/**
 * GET /api/schedule (public) and GET /api/admin/schedule (spec 01 §7), and
 * GET /api/bookableasset/firstandlastbookabledate.
 */

/** A room-week is the calendar's page; a quarter is plenty for any view and bounds the work per call. */
export const MAX_SCHEDULE_DAYS = 93;
export const MAX_SCHEDULE_ASSETS = 20;

export const scheduleQuery = z
  .object({
    bookableAssetIds: requiredRepeatedParam(z.array(positiveId).min(1).max(MAX_SCHEDULE_ASSETS)),
    fromInclusive: isoDate,
    toInclusive: isoDate,
    /** Admin only; ignored for the public. */
    allowedToBookBlockedSlots: queryBoolean.optional(),
    /** Reservations to treat as free (the booking being changed); the server keeps only ids the caller may ignore. */
    reservationIdsToIgnore: repeatedParam(positiveId).optional(),
  })
  .superRefine((q, ctx) => {
    if (!isValidDate(q.fromInclusive) || !isValidDate(q.toInclusive)) return;
    const days = daysBetween(q.fromInclusive, q.toInclusive) + 1;
    if (days < 1) ctx.addIssue({ code: 'custom', path: ['toInclusive'], message: 'Til-dato kan ikke være før fra-dato' });
    else if (days > MAX_SCHEDULE_DAYS)
      ctx.addIssue({ code: 'custom', path: ['toInclusive'], message: `Perioden kan være høyst ${MAX_SCHEDULE_DAYS} dager` });
  });
export type ScheduleQuery = z.infer<typeof scheduleQuery>;

/** Spec 01 §3 "Schedule": one 15-minute slot. */
export const scheduleSlot = z.object({
  startTime: z.string(),
  duration: z.string(),
  booked: z.boolean(),
  bookingAllowed: z.boolean(),
  displayAsBlockedButAllowed: z.boolean(),
  blocked: z.boolean(),
});

export const timeslotsByDate = z.record(z.string(), z.array(scheduleSlot));

/**
 * A date of the range closed for this caller (dayClosure's CLOSED_DATE, closedDatesIn), with the
 * reason the location gave: the admin's closed-dates form says it is shown to applicants.
 */
export const scheduleClosedDate = z.object({ date: isoDate, reason: z.string().nullable() });

/**
 * `closedDates` is an addition to spec 01 §3's schedule, left out when no date of the range is closed
 * (most weeks), so every earlier answer still parses. The closed dates' slots keep their meaning
 * (bookingAllowed false). One list per room rather than a flag on each slot: a room-week is ~700
 * slots, and a flag would say nothing of the reason.
 */
export const assetSchedule = z.object({
  bookableAssetId: z.number().int(),
  timeslotsByDate,
  closedDates: z.array(scheduleClosedDate).optional(),
});
export type AssetSchedule = z.infer<typeof assetSchedule>;

/** One schedule per asked room, in the order asked. */
export const scheduleResponse = z.array(assetSchedule);
export type ScheduleResponse = z.infer<typeof scheduleResponse>;

export const firstAndLastBookableDateQuery = z.object({ bookableAssetIds: requiredRepeatedParam(z.array(positiveId).min(1).max(500)) });

/**
 * Spec 01 §3 "Bounds": the earliest first and latest last bookable date over the asked rooms (for the
 * caller: behandlingstid for the public, a year back for administrators with ADMIN_CAN_BOOK_PAST_DATES).
 */
export const bounds = z.object({ firstDate: isoDate, lastDate: isoDate });
export type BoundsResponse = z.infer<typeof bounds>;

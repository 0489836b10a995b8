import { z } from 'zod';
import { affectedBookingsDecision } from './closing-with-bookings';
import { idParam } from './id-param';
import { isoDate } from './scheduling/api-primitives';
import { isValidDate } from './scheduling/calendar-date';

/**
 * A location's opening hours as the administrator edits them (decision 015):
 * standard weekly hours, several intervals a weekday, and seasonal periods whose weekly hours replace
 * the standard ones on their dates. GET/PUT /api/admin/location/{id}/openinghours (whole replace).
 * Times are 'HH:mm' on the 15-minute grid; a close of '24:00' means midnight.
 */

export const openingHoursMessages = {
  time: 'Bruk formatet TT:mm, hele kvarter',
  order: 'Sluttid må være etter starttid',
  overlap: 'Åpningstidene overlapper',
  periodName: 'Du må gi perioden et navn',
  periodOrder: 'Sluttdato kan ikke være før startdato',
  periodOverlap: 'Periodene overlapper',
  tooMany: 'For mange åpningstider',
} as const;

const quarterTime = z.string().regex(/^([01]\d|2[0-3]):(00|15|30|45)$/, { message: openingHoursMessages.time });
const quarterEnd = z.string().regex(/^(([01]\d|2[0-3]):(00|15|30|45)|24:00)$/, { message: openingHoursMessages.time });

/** Minutes since midnight of 'HH:mm' ('24:00' → 1440). */
export function minutesOf(hhmm: string): number {
  return Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));
}

export const openingInterval = z.object({ weekday: z.number().int().min(1).max(7), opens: quarterTime, closes: quarterEnd });
export type OpeningIntervalInput = z.infer<typeof openingInterval>;

/** Adds an issue for each interval that is inverted or overlaps/touches another of its weekday. */
function checkIntervals(intervals: readonly OpeningIntervalInput[], ctx: z.RefinementCtx, path: (string | number)[]): void {
  intervals.forEach((i, index) => {
    if (minutesOf(i.closes) <= minutesOf(i.opens))
      ctx.addIssue({ code: 'custom', path: [...path, index, 'closes'], message: openingHoursMessages.order });
  });
  intervals.forEach((a, index) => {
    const clash = intervals.some(
      (b, other) =>
        other !== index &&
        b.weekday === a.weekday &&
        minutesOf(a.opens) <= minutesOf(b.closes) &&
        minutesOf(b.opens) <= minutesOf(a.closes) &&
        minutesOf(a.closes) > minutesOf(a.opens) &&
        minutesOf(b.closes) > minutesOf(b.opens),
    );
    if (clash) ctx.addIssue({ code: 'custom', path: [...path, index, 'opens'], message: openingHoursMessages.overlap });
  });
}

export const openingPeriod = z.object({
  name: z.string().trim().min(1, openingHoursMessages.periodName).max(100),
  fromDate: isoDate,
  toDate: isoDate,
  hours: z.array(openingInterval).max(70, openingHoursMessages.tooMany),
});
export type OpeningPeriodInput = z.infer<typeof openingPeriod>;

export const openingHoursBody = z
  .object({
    standard: z.array(openingInterval).max(70, openingHoursMessages.tooMany),
    periods: z.array(openingPeriod).max(20, openingHoursMessages.tooMany),
  })
  .superRefine((v, ctx) => {
    checkIntervals(v.standard, ctx, ['standard']);
    v.periods.forEach((p, index) => {
      checkIntervals(p.hours, ctx, ['periods', index, 'hours']);
      if (isValidDate(p.fromDate) && isValidDate(p.toDate) && p.toDate < p.fromDate) {
        ctx.addIssue({ code: 'custom', path: ['periods', index, 'toDate'], message: openingHoursMessages.periodOrder });
      }
    });
    v.periods.forEach((a, index) => {
      if (v.periods.some((b, other) => other !== index && a.fromDate <= b.toDate && b.fromDate <= a.toDate)) {
        ctx.addIssue({ code: 'custom', path: ['periods', index, 'fromDate'], message: openingHoursMessages.periodOverlap });
      }
    });
  });
export type OpeningHoursBody = z.infer<typeof openingHoursBody>;

/**
 * The new-location wizard's opening hours (decision 044): the standard week has at least one open
 * weekday, as publishing needs, so the step is not 'Lagret' with every day closed. The server's
 * step check (put-step-status) says the same. The settings page keeps openingHoursBody.
 */
export const wizardOpeningHoursBody = openingHoursBody.superRefine((v, ctx) => {
  if (v.standard.length === 0) ctx.addIssue({ code: 'custom', path: ['standard'], message: 'Lokalet må ha åpningstider' });
});
/** The GET answer is the same shape as the PUT body. */
export const openingHoursResponse = openingHoursBody;

// ---- Closed dates, entered as ranges ----

export const closedDateMessages = {
  order: 'Sluttdato kan ikke være før startdato',
  tooLong: 'En stengt periode kan være høyst 366 dager',
  reason: 'Du må skrive en begrunnelse',
  overlap: 'Perioden overlapper en annen stengt periode',
} as const;

/** POST /api/admin/location/{id}/closeddates */
export const closedDateRangeBody = z
  .object({
    fromDate: isoDate,
    toDate: isoDate,
    reason: z.string().trim().min(1, closedDateMessages.reason).max(200, 'Teksten er for lang'),
    /** What to do with the bookings in the range (decision 042); without it, a range over bookings answers 409 AFFECTED_BOOKINGS. */
    affectedBookings: affectedBookingsDecision.optional(),
  })
  .superRefine((v, ctx) => {
    if (!isValidDate(v.fromDate) || !isValidDate(v.toDate)) return;
    if (v.toDate < v.fromDate) ctx.addIssue({ code: 'custom', path: ['toDate'], message: closedDateMessages.order });
    else if ((Date.parse(v.toDate) - Date.parse(v.fromDate)) / 86_400_000 + 1 > 366) {
      ctx.addIssue({ code: 'custom', path: ['toDate'], message: closedDateMessages.tooLong });
    }
  });
export type ClosedDateRangeBody = z.infer<typeof closedDateRangeBody>;

export const closedDateRange = z.object({ id: z.number().int(), fromDate: z.string(), toDate: z.string(), reason: z.string().nullable() });
export type ClosedDateRange = z.infer<typeof closedDateRange>;
export const closedDateRanges = z.array(closedDateRange);
export const closedDateRangeParams = z.object({ id: idParam, rangeId: idParam });

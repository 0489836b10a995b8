import { z } from 'zod';
import { jsonId } from './id-param';
import { bookingPurpose } from './booking';
import { portalType } from './current-user';
import { durationOrHours, isoDate, positiveId, repeatedParam, wallClockTime } from './scheduling/api-primitives';
import { repeatPatterns } from './scheduling/expand-repetition';
import { unavailabilityReasons } from './scheduling/unavailability-reason';
import { bookingRuleViolations } from './scheduling/public-booking-rules';

/**
 * The booking request contract (spec 01 §3 "Reservation draft / booking request", §7):
 * PUT /api/booking/availability, PUT /api/admin/booking/availability and POST /api/booking.
 */

/** Most rooms × times a single request may carry: a guard against runaway payloads, not a rule. */
const MAX_ASSETS = 20;
const MAX_TIMES_PER_ASSET = 200;
/** Most expanded occurrences per room (a weekly series of 10 years is 522). */
export const MAX_OCCURRENCES_PER_ASSET = 1000;

export const dateAndTime = z.object({ date: isoDate, startTime: wallClockTime, duration: durationOrHours });
export type DateAndTimeInput = z.infer<typeof dateAndTime>;

/** Spec 01 §3 "Repeat pattern": SINGLE_DAY is also written as the empty string. */
export const repetition = z.object({ lastDate: isoDate, pattern: z.union([z.enum(repeatPatterns), z.literal('')]) });
export type RepetitionInput = z.infer<typeof repetition>;

export const bookingCreationDto = z.object({
  bookableAssetId: jsonId,
  datesAndTimes: z.array(dateAndTime).min(1).max(MAX_TIMES_PER_ASSET),
  repetition: repetition.nullable(),
});
export type BookingCreationDto = z.infer<typeof bookingCreationDto>;

/** PUT /api/booking/availability (public). */
export const availabilityRequest = z.object({ bookingCreationDtos: z.array(bookingCreationDto).min(1).max(MAX_ASSETS) });
export type AvailabilityRequest = z.infer<typeof availabilityRequest>;

/** PUT /api/admin/booking/availability: the admin may count blocked times (and closed dates) as bookable. */
export const adminAvailabilityRequest = availabilityRequest.extend({
  includeBlockedSlots: z.boolean().optional(),
  /** 'Gjør stengte datoer tilgjengelig for denne bookingen' (spec 01 §6); path of the flag not shown in the spec. */
  includeClosedDates: z.boolean().optional(),
});
export type AdminAvailabilityRequest = z.infer<typeof adminAvailabilityRequest>;

/** Query of the admin availability check (spec 01 §7: reservationIdsToIgnore in the query). */
export const availabilityQuery = z.object({ reservationIdsToIgnore: repeatedParam(positiveId).optional() });

/** One expanded time and what the rules said about it. */
export const timeWithAvailability = z.object({
  date: z.string(),
  startTime: z.string(),
  /** 'HH:mm:ss', '00:00:00' at midnight as a reservation's end; null when the request itself was invalid. */
  endTime: z.string().nullable(),
  /** Canonical ISO duration when the request was valid, else as sent. */
  duration: z.union([z.string(), z.number()]),
  /** The date the series started from; null for a single time. */
  initialRepetitionDate: z.string().nullable(),
  available: z.boolean(),
  reason: z.enum(unavailabilityReasons).nullable(),
  message: z.string().nullable(),
});
export type TimeWithAvailability = z.infer<typeof timeWithAvailability>;

/** Checks of a whole request beside the public booking rules: its end date and its size. */
export const requestViolationCodes = ['END_DATE', 'TOO_MANY_TIMES'] as const;

export const bookingRuleViolation = z.object({
  code: z.union([z.enum(bookingRuleViolations), z.enum(requestViolationCodes)]),
  message: z.string(),
});
export type BookingRuleViolationOutput = z.infer<typeof bookingRuleViolation>;

export const assetTimes = z.object({
  bookableAssetId: z.number().int(),
  datesAndTimes: z.array(timeWithAvailability),
  /** The public booking rules this room's request breaks (only in `errors`). */
  violations: z.array(bookingRuleViolation).default([]),
});
export type AssetTimes = z.infer<typeof assetTimes>;

/**
 * Spec 01 §3 "Availability result". probablyAvailable: free now (nothing is held until the booking is
 * posted); unavailable: taken or shut (booked, blocked, closed, outside opening hours); errors: the
 * request breaks a rule (window, behandlingstid, grid, minimum duration, the public booking rules).
 */
export const availabilityResponse = z.object({
  probablyAvailable: z.array(assetTimes),
  unavailable: z.array(assetTimes),
  errors: z.array(assetTimes),
});
export type AvailabilityResponse = z.infer<typeof availabilityResponse>;

/**
 * POST /api/booking. availabilityData carries the times the person chose to book — the
 * probablyAvailable part of the check's answer; the server checks every time and rule again in the
 * writing transaction and books all of them or none. The application form's answers are added to
 * this schema by the booking module (`createBookingBody.extend({...})`).
 */
/** A time to book as POST /booking takes it back from the check's answer (other fields are dropped). */
export const timeToBook = dateAndTime.extend({ initialRepetitionDate: isoDate.nullable().default(null) });
export type TimeToBook = z.infer<typeof timeToBook>;

/** The message when nothing free is left to send (every date left out, or none chosen). */
export const nothingToSendMessage = 'Søknaden må ha minst én ledig tid. Velg andre tider eller endre gjentakelsen.';

export const assetTimesToBook = z.object({
  bookableAssetId: jsonId,
  datesAndTimes: z.array(timeToBook).min(1, nothingToSendMessage).max(MAX_OCCURRENCES_PER_ASSET),
});
export type AssetTimesToBook = z.infer<typeof assetTimesToBook>;

export const createBookingBody = z.object({
  availabilityData: z.object({
    probablyAvailable: z.array(assetTimesToBook).min(1, nothingToSendMessage).max(MAX_ASSETS),
    /**
     * Decision 027: the times of the series the check found not free and the person chose to leave out
     * (each names its series by initialRepetitionDate). Optional; stored with the booking and shown to
     * the administrator as 'søkt uten n datoer'. Needs sendWithoutOmitted: true.
     */
    omitted: z.array(assetTimesToBook).max(MAX_ASSETS).optional(),
  }),
  /** 'Send søknaden uten datoene som ikke er ledige': the person's explicit choice (decision 027). */
  sendWithoutOmitted: z.boolean().optional(),
  isRepeating: z.boolean(),
  bookingPortalClient: portalType,
  bookingPurpose: bookingPurpose,
  /** Admin only, as in the availability check; ignored for the public. */
  includeBlockedSlots: z.boolean().optional(),
  includeClosedDates: z.boolean().optional(),
});
export type CreateBookingBody = z.infer<typeof createBookingBody>;

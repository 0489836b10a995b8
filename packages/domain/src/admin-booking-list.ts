import { z } from 'zod';
import { bookingDurationType, bookingPurpose, bookingStatus, bookingStatuses, costCategory, sourceForm } from './booking';
import { bookingReservation } from './booking-reservation';
import { idParam } from './id-param';
import { isoDate, repeatedParam } from './scheduling/api-primitives';
import { daysBetween, isValidDate } from './scheduling/calendar-date';

/**
 * The administrator's request lists (spec 02 §7 admin: GET /booking with filters plus locationId)
 * and the calendar (GET /booking/calendardata). Sorted and paged on the server.
 */

/** Sort keys; a leading '-' sorts descending. Default '-created' (newest first). */
export const adminBookingSorts = [
  'created',
  '-created',
  'firstDate',
  '-firstDate',
  'caseNumber',
  '-caseNumber',
  'applicant',
  '-applicant',
] as const;
export type AdminBookingSort = (typeof adminBookingSorts)[number];

export const MAX_PAGE_SIZE = 100;

const filters = {
  locationId: idParam,
  /** One or several statuses (repeated parameter); none: all. */
  status: repeatedParam(bookingStatus).optional(),
  /** Bookings with at least one reservation on or after this date. */
  fromDate: isoDate.optional(),
  /** … and on or before this date. */
  toDate: isoDate.optional(),
  bookableAssetId: idParam.optional(),
  purpose: bookingPurpose.optional(),
  /** Free text: case number, applicant, organisation, e-mail, internal title, activity. */
  text: z.string().trim().max(200).optional(),
};

export const adminBookingListQuery = z
  .object({
    ...filters,
    sort: z.enum(adminBookingSorts).default('-created'),
    page: z.coerce.number().int().min(0).max(100_000).default(0),
    pageSize: z.coerce.number().int().min(1).max(MAX_PAGE_SIZE).default(25),
  })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, { path: ['toDate'], message: 'Til-dato kan ikke være før fra-dato' });
export type AdminBookingListQuery = z.infer<typeof adminBookingListQuery>;

export const adminBookingListItem = z.object({
  bookingId: z.number().int(),
  caseNumber: z.string(),
  status: bookingStatus,
  createdTimeUtc: z.string(),
  bookingPurpose: bookingPurpose,
  bookingDurationType: bookingDurationType,
  /** The applicant's name, the person booked for, or the internal event's title. */
  applicantName: z.string().nullable(),
  userEmail: z.string().nullable(),
  displayOrgName: z.string().nullable(),
  internalEventTitle: z.string().nullable(),
  costCategory: costCategory.nullable(),
  activity: z.string().nullable(),
  /** First and last date of the booking's times (replaced ones left out); null when it has none. */
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  /** How many of its times are active (UNPROCESSED or APPROVED), or wished in a semester round (IN_ROUND). */
  reservationCount: z.number().int(),
  rooms: z.array(z.object({ bookableAssetId: z.number().int(), name: z.string() })),
  hasPendingRequirements: z.boolean(),
  /** The form the application came from ('wedding' for a wedding: the list marks it 'Vielse'). */
  sourceForm,
  /** A wedding whose time is held while the couple fills in the form (not sent yet). */
  weddingFormPending: z.boolean(),
  /** Decision 029: the semester round the application is collected in, until the round is closed (null: none). */
  roundName: z.string().nullable().default(null),
});
export type AdminBookingListItem = z.infer<typeof adminBookingListItem>;

export const countsByStatus = z.object(
  Object.fromEntries(bookingStatuses.map((s) => [s, z.number().int()])) as Record<(typeof bookingStatuses)[number], z.ZodNumber>,
);
export type CountsByStatus = z.infer<typeof countsByStatus>;

export const adminBookingListResponse = z.object({
  items: z.array(adminBookingListItem),
  /** Bookings matching every filter (the pages' total). */
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
  /** Per status, the bookings matching every filter but the status (the tabs' numbers). */
  countsByStatus,
});
export type AdminBookingListResponse = z.infer<typeof adminBookingListResponse>;

/** The calendar shows at most this many days at a time. */
export const MAX_CALENDAR_DAYS = 93;

export const calendarDataQuery = z
  .object({
    locationId: idParam,
    from: isoDate,
    to: isoDate,
    status: repeatedParam(bookingStatus).optional(),
    bookableAssetId: idParam.optional(),
    purpose: bookingPurpose.optional(),
    text: z.string().trim().max(200).optional(),
  })
  .superRefine((q, ctx) => {
    // zod runs an object's refinements even when a field failed: an invalid date has no day number.
    if (!isValidDate(q.from) || !isValidDate(q.to)) return;
    if (q.from > q.to) ctx.addIssue({ code: 'custom', path: ['to'], message: 'Til-dato kan ikke være før fra-dato' });
    else if (daysBetween(q.from, q.to) >= MAX_CALENDAR_DAYS)
      ctx.addIssue({ code: 'custom', path: ['to'], message: `Kalenderen kan vise høyst ${MAX_CALENDAR_DAYS} dager` });
  });
export type CalendarDataQuery = z.infer<typeof calendarDataQuery>;

/** The calendar's part of a booking's reservation (booking-reservation.ts, '00:00:00' at midnight). */
export const calendarReservation = bookingReservation.pick({
  reservationId: true,
  bookableAssetId: true,
  date: true,
  startTime: true,
  endTime: true,
  duration: true,
  status: true,
});

/** One booking with its active reservations in the range; bookings without any are left out. */
export const calendarBooking = z.object({
  bookingId: z.number().int(),
  caseNumber: z.string(),
  status: bookingStatus,
  bookingPurpose: bookingPurpose,
  title: z.string(),
  reservations: z.array(calendarReservation),
});
/**
 * The calendar's closings (decision 042): the location's closed days with their reason, and the rooms'
 * blocked times ('HH:mm:ss', end '00:00:00' at midnight), so the calendar marks them and a time kept
 * on a closed day or under a block shows as kept.
 */
export const calendarClosedDate = z.object({ date: z.string(), reason: z.string().nullable() });
export const calendarBlockedTime = z.object({
  bookableAssetId: z.number().int(),
  date: z.string(),
  startTime: z.string(),
  endTime: z.string(),
});
export const calendarDataResponse = z.object({
  bookings: z.array(calendarBooking),
  closedDates: z.array(calendarClosedDate).default([]),
  blockedTimes: z.array(calendarBlockedTime).default([]),
});
export type CalendarDataResponse = z.infer<typeof calendarDataResponse>;

import { z } from 'zod';
import { bookingDurationType, bookingPurpose, bookingStatus, bookingStatuses, costCategory, sourceForm } from './booking';
import { bookingReservation } from './booking-reservation';
import { idParam } from './id-param';
import { caseAssignee } from './work-queue';
import { isoDate, repeatedParam } from './scheduling/api-primitives';
import { daysBetween, isValidDate } from './scheduling/calendar-date';

/**
 * The administrator's request lists (spec 02 §7 admin: GET /booking with filters plus locationId)
 * and the calendar (GET /booking/calendardata). Sorted and paged on the server.
 */

/**
 * Sort keys; a leading '-' sorts descending. Default 'deadline' (decision 065: the work queue, the
 * application whose deadline comes first on top).
 */
export const adminBookingSorts = [
  'deadline',
  '-deadline',
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
  /** 'me': only the applications the caller has taken ('Mine saker', decision 065). */
  assignee: z.enum(['me']).optional(),
};

export const DEFAULT_ADMIN_BOOKING_SORT = 'deadline' satisfies AdminBookingSort;

export const adminBookingListQuery = z
  .object({
    ...filters,
    sort: z.enum(adminBookingSorts).default(DEFAULT_ADMIN_BOOKING_SORT),
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
  /**
   * Decision 065: the date the application should be decided by, its first active date minus the
   * location's behandlingstid (days, Oslo's calendar); null when it has no active time.
   */
  deadlineDate: z.string().nullable().default(null),
  /** The case officer who has taken it ('Ta saken'); null when nobody has. */
  assignee: caseAssignee.nullable().default(null),
  /** Decision 066: can be approved with others, free of charge (unprocessed, no wedding, no round, no contract). */
  batchApprovable: z.boolean().default(false),
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

/**
 * GET /booking/next (decision 065, 'Neste søknad'): the list's filters and sort, and the booking just
 * decided. The answer is the application after it in that order; the decided one is placed by its own
 * sort key even when it no longer matches the filters (an approved one in the list of unprocessed).
 */
export const nextBookingQuery = z
  .object({ ...filters, sort: z.enum(adminBookingSorts).default(DEFAULT_ADMIN_BOOKING_SORT), after: idParam })
  .refine((q) => !q.fromDate || !q.toDate || q.fromDate <= q.toDate, { path: ['toDate'], message: 'Til-dato kan ikke være før fra-dato' });
export type NextBookingQuery = z.infer<typeof nextBookingQuery>;
export const nextBookingResponse = z.object({ bookingId: z.number().int().nullable() });
export type NextBookingResponse = z.infer<typeof nextBookingResponse>;

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

import { z } from 'zod';
import { bookingFormAnswers, bookingStatus, costCategory } from './booking';
import { changeLogEntry } from './change-log';
import { reservationStatus } from './reservation';
import { supportCategory } from './support-inquiry';
import { weddingApplicationAnswers } from './wedding-application-answers';

/**
 * 'Mine data' (decision 057): everything the portal holds about the logged-in person, as
 * GET /api/user/my-data answers it (and the readable summary shows it), and the answer of a deletion
 * request. Instants are ISO 8601 strings; dates YYYY-MM-DD (Oslo).
 */

export const myDataReservation = z.object({
  room: z.string(),
  date: z.string(),
  startTime: z.string(),
  durationMinutes: z.number().int(),
  status: reservationStatus,
});

export const myDataDocument = z.object({
  kind: z.enum(['CONTRACT', 'VEDTAK']),
  issuedUtc: z.string(),
  /** SHA-256 (hex) of the document exactly as issued: proves which text the person received. */
  sha256: z.string(),
  /** Set when the approval was undone and the document withdrawn. */
  revokedUtc: z.string().nullable(),
});

export const myDataSignature = z.object({ signedUtc: z.string(), signedByName: z.string(), sha256: z.string() });

export const myDataWedding = z.object({
  submittedUtc: z.string().nullable(),
  /** The couple's answers as stored (emptied fields once anonymised); null until the form is sent. */
  answers: weddingApplicationAnswers.partial().nullable(),
  /** The national identity number given in the form, masked to the birth date (decision 057); null when none is kept. */
  identityNumber: z.string().nullable(),
  /** The uploaded prøvingsattest, named but not included; null when none is stored. */
  certificate: z.object({ filename: z.string(), addedUtc: z.string() }).nullable(),
});

export const myDataBooking = z.object({
  id: z.number().int(),
  caseNumber: z.string(),
  status: bookingStatus,
  locationName: z.string(),
  createdUtc: z.string(),
  /** The organisation the person applied for, when they acted for one. */
  organization: z.object({ number: z.string(), name: z.string().nullable() }).nullable(),
  costCategory: costCategory.nullable(),
  formAnswers: bookingFormAnswers.partial(),
  /** The name and address an administrator booked on behalf of (before the person took the booking over). */
  onBehalfOf: z.object({ name: z.string().nullable(), email: z.string().nullable() }).nullable(),
  reservations: z.array(myDataReservation),
  changes: z.array(changeLogEntry),
  decisionMessages: z.array(z.object({ message: z.string(), createdUtc: z.string() })),
  documents: z.array(myDataDocument),
  signedContract: myDataSignature.nullable(),
  wedding: myDataWedding.nullable(),
});
export type MyDataBooking = z.infer<typeof myDataBooking>;

export const myDataExport = z.object({
  generatedUtc: z.string(),
  profile: z.object({ name: z.string(), email: z.string().nullable(), createdUtc: z.string(), lastLoginUtc: z.string() }),
  /** The organisations the register lets the person act for now. */
  organizations: z.array(z.object({ number: z.string(), name: z.string() })),
  /** The bookings the person sent (for themselves or for an organisation) or took over. */
  bookings: z.array(myDataBooking),
  freeSlotAlerts: z.array(
    z.object({
      locationName: z.string(),
      roomName: z.string().nullable(),
      fromDate: z.string(),
      toDate: z.string(),
      weekdays: z.array(z.number().int()),
      timeFrom: z.string().nullable(),
      timeTo: z.string().nullable(),
      createdUtc: z.string(),
      endedUtc: z.string().nullable(),
    }),
  ),
  /** The person's own calendar feed: when made and last renewed (never its secret address). */
  calendarFeed: z.object({ createdUtc: z.string(), rotatedUtc: z.string().nullable() }).nullable(),
  /** Messages sent with the contact form from the account's e-mail address. */
  supportInquiries: z.array(
    z.object({ category: supportCategory, message: z.string(), locationName: z.string().nullable(), createdUtc: z.string() }),
  ),
});
export type MyDataExport = z.infer<typeof myDataExport>;

export const myDataDeletedKinds = [
  'FREE_SLOT_ALERTS',
  'CALENDAR_FEED',
  'SUPPORT_INQUIRIES',
  'PROFILE_EMAIL',
  'BOOKING_CONTACTS',
  'WEDDING_DETAILS',
] as const;
export const myDataKeptKinds = [
  'ACCOUNT',
  'PROFILE_EMAIL',
  'ACTIVE_BOOKINGS',
  'UPCOMING_WEDDINGS',
  'ACCOUNTING',
  'CASE_RECORDS',
  'DOCUMENTS',
] as const;

/** POST /api/user/my-data/deletion: what went now, and what stays with the reason and (where known) until when. */
export const myDataDeletion = z.object({
  /** One sentence for the person, in Norwegian. */
  userMsg: z.string(),
  deleted: z.array(z.object({ kind: z.enum(myDataDeletedKinds), what: z.string(), count: z.number().int().positive() })),
  kept: z.array(
    z.object({
      kind: z.enum(myDataKeptKinds),
      what: z.string(),
      reason: z.string(),
      /** The case numbers of the bookings it is about, when it is about bookings. */
      caseNumbers: z.array(z.string()),
      /** YYYY-MM-DD: the last day the reason holds (the data goes or may be deleted after it); null when not known. */
      until: z.string().nullable(),
    }),
  ),
});
export type MyDataDeletion = z.infer<typeof myDataDeletion>;
export type MyDataDeleted = MyDataDeletion['deleted'][number];
export type MyDataKept = MyDataDeletion['kept'][number];

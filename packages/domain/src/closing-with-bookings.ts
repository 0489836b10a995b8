import { z } from 'zod';

/**
 * Closing a day (a closed date or period of a location) or blocking a room's time over bookings that
 * hold it (decision 042). The save without a decision answers 409
 * AFFECTED_BOOKINGS with the bookings it would hit (`affectedBookings` in the error); the
 * administrator then saves again with `affectedBookings: { decision, message }`: CANCEL takes those
 * times out of the bookings (each applicant gets one e-mail and a change-log entry 'Stengt: …'),
 * KEEP leaves them (the calendars show the day closed and the kept time still booked).
 */

export const closingMessages = {
  affected: 'Noen bookinger har tider i det du stenger. Velg om tidene skal avlyses eller beholdes.',
  messageRequired: 'Skriv en melding til dem som har booket',
  messageTooLong: 'Meldingen er for lang (høyst 2000 tegn)',
  cancel: 'Avlys tidene og send melding',
  keep: 'Behold bookingene',
  /** The change-log entry's comment starts with this, then the reason. */
  logPrefix: 'Stengt: ',
} as const;

export const closingDecisions = ['CANCEL', 'KEEP'] as const;
export type ClosingDecision = (typeof closingDecisions)[number];

/** The administrator's choice for the bookings a closing hits; a message is required to cancel. */
export const affectedBookingsDecision = z
  .object({ decision: z.enum(closingDecisions), message: z.string().trim().max(2000, closingMessages.messageTooLong).optional() })
  .superRefine((v, ctx) => {
    if (v.decision === 'CANCEL' && !v.message)
      ctx.addIssue({ code: 'custom', path: ['message'], message: closingMessages.messageRequired });
  });
export type AffectedBookingsDecision = z.infer<typeof affectedBookingsDecision>;

/** One booking a closing hits: who booked, and which of its times (Oslo wall clock). */
export const affectedBooking = z.object({
  bookingId: z.number().int(),
  caseNumber: z.string(),
  status: z.string(),
  /** The person (or the one booked for), as the booking list shows it; null for an internal booking. */
  applicantName: z.string().nullable(),
  organizationName: z.string().nullable(),
  times: z.array(
    z.object({
      reservationId: z.number().int(),
      bookableAssetId: z.number().int(),
      roomName: z.string(),
      date: z.string(),
      startTime: z.string(),
      endTime: z.string(),
    }),
  ),
});
export type AffectedBooking = z.infer<typeof affectedBooking>;

/** The error code of the 409 that lists the bookings (ApiError.affectedBookings). */
export const AFFECTED_BOOKINGS = 'AFFECTED_BOOKINGS';

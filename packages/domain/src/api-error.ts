// zod/mini: every page's first download parses this (the app shell's calls), and the mini API keeps
// the rest of zod out of it (decision 021; docs/architecture.md, "Code split by route").
import { z } from 'zod/mini';

/** The one error shape of every non-2xx answer (ARCHITECTURE.md "The contract"). */
export const apiError = z.object({
  msg: z.string(),
  userMsg: z.optional(z.string()),
  code: z.string(),
  /** For validation errors: the fields that failed, with their Norwegian messages. */
  fields: z.optional(z.array(z.object({ path: z.string(), message: z.string() }))),
  /** For booking conflicts: the times that are taken. */
  conflicts: z.optional(z.array(z.object({ bookableAssetId: z.number(), date: z.string(), startTime: z.string(), endTime: z.string() }))),
  /**
   * For AFFECTED_BOOKINGS (closing a day or blocking a time over bookings, decision 042): the
   * bookings and their times the closing hits (shape: closing-with-bookings affectedBooking).
   */
  affectedBookings: z.optional(
    z.array(
      z.object({
        bookingId: z.number(),
        caseNumber: z.string(),
        status: z.string(),
        applicantName: z.nullable(z.string()),
        organizationName: z.nullable(z.string()),
        times: z.array(
          z.object({
            reservationId: z.number(),
            bookableAssetId: z.number(),
            roomName: z.string(),
            date: z.string(),
            startTime: z.string(),
            endTime: z.string(),
          }),
        ),
      }),
    ),
  ),
});
export type ApiError = z.infer<typeof apiError>;

/** The user-facing texts of spec 01 §8 / 02 §8 that both the server and the SPAs use. */
export const messages = {
  technical: 'Det har skjedd en teknisk feil! Prøv på nytt om en liten stund.',
  network: 'Det oppstod en nettverksfeil. Prøv igjen om en liten stund.',
  unexpected: 'Det oppstod en uventet feil. Du kan prøve igjen eller kontakte oss. Noter gjerne tidspunktet feilen skjedde.',
  unauthorized: 'Du har ikke tilgang til denne siden, eller du har blitt logget ut på grunn av inaktivitet.',
  notFound: 'Beklager, men denne siden finnes ikke',
  forbidden: 'Du har ikke tilgang til dette.',
  invalidInput: 'Noen av feltene er ikke riktig fylt ut.',
  loadFailed: 'Feil ved henting av data',
} as const;

import { z } from 'zod';

/** Which journal post of the booking's case a message to the city's archive is (decision 056). */
export const archiveMessageKinds = ['application', 'vedtak', 'contract'] as const;

/**
 * One message to the city's archive about a booking, as the administrator's log shows it
 * (GET /api/booking-log/{id}/archive-messages): waiting, sent (with the archive's receipt), or failed
 * and waiting for its next attempt, with what the archive said. A failed message is never given up.
 */
export const archiveMessage = z.object({
  id: z.number().int(),
  kind: z.enum(archiveMessageKinds),
  /** The case number the message carries (the portal's). */
  caseNumber: z.string(),
  createdTimeUtc: z.string(),
  status: z.enum(['PENDING', 'SENT', 'RETRYING']),
  sentTimeUtc: z.string().nullable(),
  /** When it is tried next; null once sent. */
  nextAttemptTimeUtc: z.string().nullable(),
  attempts: z.number().int(),
  /** What the archive (or the attempt) said last time it failed. */
  lastError: z.string().nullable(),
  receiptId: z.string().nullable(),
});
export const archiveMessages = z.array(archiveMessage);
export type ArchiveMessageStatus = z.infer<typeof archiveMessage>;

export const archiveMessageKindLabels: Record<(typeof archiveMessageKinds)[number], string> = {
  application: 'Søknad',
  vedtak: 'Vedtak',
  contract: 'Signert kontrakt',
};

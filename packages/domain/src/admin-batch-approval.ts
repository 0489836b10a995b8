import { z } from 'zod';
import { jsonId } from './id-param';

/**
 * Approving several applications in one action (decision 066): the administrator selects, in the
 * request list, applications that need no price and no contract, confirms once with the list of them,
 * and the server approves each in a transaction of its own, free of charge ('FREE'), with its own
 * vedtak (when the location uses vedtak), change-log entry and e-mail. One that cannot be approved is
 * reported by name and does not undo the others.
 *
 * An application can be approved this way when it is UNPROCESSED, is not a wedding, is not collected
 * in a semester round, and its location does not require a contract. The request list marks such rows
 * `batchApprovable`; the server checks the same rule again for each.
 */

/** At most this many in one action: one confirmation must stay readable. */
export const MAX_BATCH_APPROVAL = 50;

export const batchApprovalBody = z.object({
  /** The location the list shows; every application must belong to it (403 when the caller does not administer it). */
  locationId: jsonId,
  bookingIds: z
    .array(jsonId)
    .min(1, { message: 'Velg minst én søknad.' })
    .max(MAX_BATCH_APPROVAL, { message: `Du kan godkjenne høyst ${MAX_BATCH_APPROVAL} søknader om gangen.` })
    .refine((ids) => new Set(ids).size === ids.length, { message: 'Samme søknad er valgt to ganger.' }),
  /** An optional message to every applicant, as the single approval's comment. */
  comment: z.string().trim().max(5000).optional(),
});
export type BatchApprovalBody = z.infer<typeof batchApprovalBody>;

export const batchApprovalResult = z.object({
  bookingId: z.number().int(),
  /** Null when the id names no application of this location. */
  caseNumber: z.string().nullable(),
  /** The applicant, the person booked for or the internal event's title, as the list shows it. */
  applicantName: z.string().nullable(),
  approved: z.boolean(),
  /** Why it was not approved, in Norwegian; null when approved. */
  message: z.string().nullable(),
});
export type BatchApprovalResult = z.infer<typeof batchApprovalResult>;

/** 200 whatever the outcome of each: one result per asked id, in the asked order. */
export const batchApprovalResponse = z.object({
  results: z.array(batchApprovalResult),
  approvedCount: z.number().int(),
  failedCount: z.number().int(),
});
export type BatchApprovalResponse = z.infer<typeof batchApprovalResponse>;

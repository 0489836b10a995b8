import { z } from 'zod';
import { approvalMessages } from './admin-approval';
import type { BookingStatus, SourceForm } from './booking';
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

/** Why an application cannot be approved with the others, in Norwegian: each result's `message`. */
export const batchApprovalMessages = {
  /** The id names no application, or one of another location: nothing of it is told. */
  notOfLocation: 'Søknaden finnes ikke ved dette lokalet.',
  wedding: 'En vielse godkjennes for seg, fra søknaden.',
  contractRequired: 'Lokalet krever kontrakt, så søknaden må godkjennes for seg med pris og kontrakt.',
  inRound: (roundName: string) => `Søknaden er med i søknadsrunden «${roundName}» og avgjøres når runden lukkes.`,
  /** An unexpected failure (the server logs it): this one was not approved, the others stand. */
  failed: 'Søknaden kunne ikke godkjennes nå på grunn av en feil. Prøv igjen, eller godkjenn den for seg.',
} as const;

/** What the rule looks at, as the request list reads it and as the server reads it again under the booking's lock. */
export interface BatchApprovalFacts {
  status: BookingStatus;
  sourceForm: SourceForm;
  /** The semester round that is not closed and holds the application (decision 029); null when none. */
  roundName: string | null;
  /** The location's 'Krev kontrakt': its approval needs a contract the administrator previews and prices. */
  requireContract: boolean;
}

/**
 * The rule of decision 066, the one place it is written: why this application cannot be approved
 * together with others, or null when it can. The request list's `batchApprovable` is this rule in
 * SQL (status 'UNPROCESSED', source form not 'wedding', no round that is not closed, the location
 * without REQUIRE_CONTRACT); the server applies this function to each application of the batch.
 * Checked in this order, so one application answers one message.
 */
export function batchApprovalRefusal(facts: BatchApprovalFacts): string | null {
  if (facts.status !== 'UNPROCESSED') return approvalMessages.alreadyProcessed;
  if (facts.sourceForm === 'wedding') return batchApprovalMessages.wedding;
  if (facts.roundName !== null) return batchApprovalMessages.inRound(facts.roundName);
  if (facts.requireContract) return batchApprovalMessages.contractRequired;
  return null;
}

export function batchApprovable(facts: BatchApprovalFacts): boolean {
  return batchApprovalRefusal(facts) === null;
}

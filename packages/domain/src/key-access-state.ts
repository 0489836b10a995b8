import { z } from 'zod';
import { oslonokkelenRequestStatus, type OslonokkelenRequestStatus } from './oslonokkelen';

/**
 * The digital key as the administrator sees it in the booking (approval) view, one state per phone
 * number (spec 02 §4 "Admin key-access states in the approval view"). The applicant's page has its
 * own labels (oslonokkelen.ts); the administrator also sees deleted numbers, and why a number has
 * not been sent to Oslonøkkelen yet.
 */
export const adminKeyAccessStates = [
  'NO_STATUS',
  'DELETED',
  'ILLEGAL_PHONE_NUMBER',
  'NO_PROFILE',
  'FAILED',
  'NOT_REQUESTED',
  'CONTRACT_REQUIRED',
  'ACCEPTED',
] as const;
export const adminKeyAccessState = z.enum(adminKeyAccessStates);
export type AdminKeyAccessState = z.infer<typeof adminKeyAccessState>;

/**
 * One number's state from its stored request status and the booking:
 * - a number not sent yet waits for the approval (NOT_REQUESTED), or on an approved booking for the
 *   signed contract (CONTRACT_REQUIRED); on an approved booking with nothing to wait for the key job
 *   is about to send it, so it has no status yet (NO_STATUS), as one sent without an answer has;
 * - on a closed booking (rejected, cancelled) an unsent number is withdrawn for good: DELETED;
 * - DELETED_UNTIL_BOOKING_CHANGED (no key times left) is deleted too, as far as the key goes.
 */
export function adminKeyAccessStateOf(input: {
  requestStatus: OslonokkelenRequestStatus;
  bookingStatus: string;
  /** null when the booking has no contract requirement. */
  contractSigned: boolean | null;
}): AdminKeyAccessState {
  switch (input.requestStatus) {
    case 'ACCEPTED':
    case 'NO_PROFILE':
    case 'FAILED':
    case 'ILLEGAL_PHONE_NUMBER':
      return input.requestStatus;
    case 'DELETED':
    case 'DELETED_UNTIL_BOOKING_CHANGED':
      return 'DELETED';
    case 'PUSHED_BUT_STATUS_UNKNOWN':
      return 'NO_STATUS';
    case 'NOT_REQUESTED':
      if (input.bookingStatus === 'UNPROCESSED') return 'NOT_REQUESTED';
      if (input.bookingStatus !== 'APPROVED') return 'DELETED';
      return input.contractSigned === false ? 'CONTRACT_REQUIRED' : 'NO_STATUS';
  }
}

/** Designsystemet colours a Tag takes. */
export type KeyAccessColour = 'info' | 'success' | 'warning' | 'danger' | 'neutral';

/** The Norwegian label and colour of each state in the admin app. */
export const adminKeyAccessDisplay: Record<AdminKeyAccessState, { label: string; colour: KeyAccessColour }> = {
  NO_STATUS: { label: 'Ingen status ennå – venter på Oslonøkkelen', colour: 'warning' },
  DELETED: { label: 'Slettet', colour: 'neutral' },
  ILLEGAL_PHONE_NUMBER: { label: 'Ugyldig telefonnummer', colour: 'danger' },
  NO_PROFILE: { label: 'Har ingen profil i Oslonøkkelen-appen', colour: 'warning' },
  FAILED: { label: 'Feilet – systemfeil hos Oslonøkkelen', colour: 'danger' },
  NOT_REQUESTED: { label: 'Ikke sendt – søknaden er ikke godkjent', colour: 'info' },
  CONTRACT_REQUIRED: { label: 'Venter på signert kontrakt', colour: 'info' },
  ACCEPTED: { label: 'Tilgang gitt', colour: 'success' },
};

/** One shared number in the admin view: as stored, and the state it is shown with. */
export const adminKeyNumber = z.object({
  id: z.number().int(),
  phoneNumber: z.string(),
  requestStatus: oslonokkelenRequestStatus,
  state: adminKeyAccessState,
});
export type AdminKeyNumber = z.infer<typeof adminKeyNumber>;

/** The admin view's `keyAccess`: whether a room opens with the key, and every number ever shared (deleted ones too). */
export const adminKeyAccess = z.object({ hasOslonokkelen: z.boolean(), numbers: z.array(adminKeyNumber) });
export type AdminKeyAccess = z.infer<typeof adminKeyAccess>;

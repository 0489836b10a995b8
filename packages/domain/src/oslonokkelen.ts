import { z } from 'zod';
import { idParam } from './id-param';

/**
 * The digital key (Oslonøkkelen): the applicant shares access to the booked rooms with phone numbers.
 * Spec 02 §3 Key info, §4 the status table, §5 the phone rule, §8 the messages.
 */

/** Spec 02 §4: the status of one phone number's access. */
export const oslonokkelenRequestStatuses = [
  'NOT_REQUESTED',
  'PUSHED_BUT_STATUS_UNKNOWN',
  'ACCEPTED',
  'NO_PROFILE',
  'FAILED',
  'ILLEGAL_PHONE_NUMBER',
  'DELETED_UNTIL_BOOKING_CHANGED',
  'DELETED',
] as const;
export const oslonokkelenRequestStatus = z.enum(oslonokkelenRequestStatuses);
export type OslonokkelenRequestStatus = z.infer<typeof oslonokkelenRequestStatus>;

export type KeyStatusColour = 'blue' | 'green' | 'yellow' | 'red' | 'neutral';

/** Text and colour of each status (spec 02 §4). DELETED is never shown. */
export const oslonokkelenStatusDisplay: Record<Exclude<OslonokkelenRequestStatus, 'DELETED'>, { text: string; colour: KeyStatusColour }> = {
  NOT_REQUESTED: { text: 'Venter på godkjenning', colour: 'blue' },
  ACCEPTED: { text: 'Tilgang sendt', colour: 'green' },
  NO_PROFILE: { text: 'Telefonnummeret må legges til i Oslonøkkelen-appen', colour: 'yellow' },
  FAILED: { text: 'Systemfeil. Kontakt oss', colour: 'red' },
  ILLEGAL_PHONE_NUMBER: { text: 'Telefonnummeret er ugyldig', colour: 'red' },
  DELETED_UNTIL_BOOKING_CHANGED: { text: 'Booking uten tider', colour: 'neutral' },
  PUSHED_BUT_STATUS_UNKNOWN: { text: 'Venter på Oslonøkkelen', colour: 'yellow' },
};

/**
 * The label of a number's status on the booking page: a number that is not requested yet waits for
 * the approval, or, on an approved booking, for the signed contract (spec 02 §4).
 */
export function oslonokkelenStatusText(
  status: Exclude<OslonokkelenRequestStatus, 'DELETED'>,
  booking: { status: string; contractSigned: boolean | null },
): { text: string; colour: KeyStatusColour } {
  if (status === 'NOT_REQUESTED' && booking.status === 'APPROVED' && booking.contractSigned === false) {
    return { text: 'Venter på signert kontrakt', colour: 'blue' };
  }
  return oslonokkelenStatusDisplay[status];
}

export const invalidKeyPhoneNumberMessage = 'Vennligst skriv inn et gyldig telefonnummer på 8 tegn';

/** Spec 02 §5: exactly 8 digits once the spaces are removed. Answers the 8 digits, or null. */
export function normalizeKeyPhoneNumber(value: string): string | null {
  const digits = value.replace(/\s+/g, '');
  return /^\d{8}$/.test(digits) ? digits : null;
}

/**
 * ?phoneNumber= of POST and DELETE /oslonokkelen/{bookingId}, as it arrives. The server checks it
 * with normalizeKeyPhoneNumber, so that the refusal carries the spec's message as userMsg.
 */
export const keyPhoneNumberQuery = z.object({ phoneNumber: z.string().max(50).optional() });

export const bookingIdParams = z.object({ bookingId: idParam });

/** One shared phone number (spec 02 §3 oslonokkelenPermissions). */
export const oslonokkelenPermission = z.object({
  id: z.number().int(),
  bookingId: z.number().int(),
  phoneNumber: z.string(),
  oslonokkelenRequestStatus: oslonokkelenRequestStatus,
});
export type OslonokkelenPermission = z.infer<typeof oslonokkelenPermission>;

/** GET /oslonokkelen/{bookingId}/info (and the answer of POST / DELETE). */
export const oslonokkelenInfo = z.object({
  bookingId: z.number().int(),
  bookingStatus: z.string(),
  /** A room of the booking opens with the digital key. */
  hasOslonokkelen: z.boolean(),
  /** The overall status of the numbers (see overallKeyStatus); null when there are none. */
  oslonokkelenStatus: oslonokkelenRequestStatus.nullable(),
  /** Numbers that are not DELETED. */
  oslonokkelenPermissions: z.array(oslonokkelenPermission),
  /** Numbers may be added and removed (a key room, and a booking that is not closed). */
  allowOslonokkelenKeySharing: z.boolean(),
  /** The booking's contract, when it has one. */
  contractRequirement: z.object({ isFulfilled: z.boolean() }).nullable(),
});
export type OslonokkelenInfo = z.infer<typeof oslonokkelenInfo>;

const progressOrder: readonly OslonokkelenRequestStatus[] = [
  'NOT_REQUESTED',
  'PUSHED_BUT_STATUS_UNKNOWN',
  'FAILED',
  'ILLEGAL_PHONE_NUMBER',
  'NO_PROFILE',
  'ACCEPTED',
  'DELETED_UNTIL_BOOKING_CHANGED',
];

/**
 * One status for the booking: the least advanced of its numbers (waiting before pushed before a
 * failure before accepted), so 'ACCEPTED' means every number has its key. Null without numbers.
 */
export function overallKeyStatus(statuses: readonly OslonokkelenRequestStatus[]): OslonokkelenRequestStatus | null {
  const shown: readonly OslonokkelenRequestStatus[] = statuses.filter((s) => s !== 'DELETED');
  if (shown.length === 0) return null;
  return progressOrder.find((s) => shown.includes(s)) ?? null;
}

/** Spec 02 §4: poll every 10 s while the booking is approved, has numbers and is not all accepted. */
export function shouldPollKeyStatus(
  info: Pick<OslonokkelenInfo, 'bookingStatus' | 'oslonokkelenStatus' | 'oslonokkelenPermissions'>,
): boolean {
  return info.bookingStatus === 'APPROVED' && info.oslonokkelenPermissions.length > 0 && info.oslonokkelenStatus !== 'ACCEPTED';
}

export const KEY_STATUS_POLL_MS = 10_000;

/**
 * Spec 02 §4: the key section is hidden without a key, while access is deleted until the booking
 * changes, when sharing is not allowed (public portal), and for rejected bookings.
 */
export function isKeySectionVisible(
  info: Pick<OslonokkelenInfo, 'hasOslonokkelen' | 'oslonokkelenStatus' | 'allowOslonokkelenKeySharing' | 'bookingStatus'>,
): boolean {
  return (
    info.hasOslonokkelen &&
    info.oslonokkelenStatus !== 'DELETED_UNTIL_BOOKING_CHANGED' &&
    info.allowOslonokkelenKeySharing &&
    info.bookingStatus !== 'REJECTED'
  );
}

/**
 * What access the numbers of a booking should have now. The server's key job acts on it; the
 * booking page does not need it.
 * - CLOSED: the booking is rejected or cancelled — access withdrawn for good (DELETED);
 * - WAITING: not approved yet, or the contract is unsigned — nothing is pushed (NOT_REQUESTED);
 * - NO_TIMES: approved, but no active time in a key room — DELETED_UNTIL_BOOKING_CHANGED;
 * - GRANT: push access for the booking's active times in its key rooms.
 */
export type KeyAccessDecision = 'CLOSED' | 'WAITING' | 'NO_TIMES' | 'GRANT';

export function keyAccessDecision(booking: {
  status: string;
  /** null when the booking has no contract requirement. */
  contractSigned: boolean | null;
  activeKeyReservationCount: number;
}): KeyAccessDecision {
  if (booking.status === 'UNPROCESSED') return 'WAITING';
  if (booking.status !== 'APPROVED') return 'CLOSED';
  if (booking.contractSigned === false) return 'WAITING';
  return booking.activeKeyReservationCount > 0 ? 'GRANT' : 'NO_TIMES';
}

/** Texts of spec 02 §8 for the key section. */
export const oslonokkelenMessages = {
  loadFailed: 'Kan ikke hente informasjon om Oslonøkkelen. Prøv igjen.',
  added: 'Telefonnummer lagt til.',
  addFailed: 'Kunne ikke legge til telefonnummer.',
  removed: 'Telefonnummeret ble slettet.',
  removeFailed: 'Kunne ikke slette telefonnummeret.',
} as const;

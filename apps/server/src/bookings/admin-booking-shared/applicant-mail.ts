import type { BookingFormAnswers } from '@lokaler/domain/booking';
import type { Tx } from '../../db/client';
import { letterText } from '../../integrations/mail/mail-layout';
import { enqueueMail, type OutboxMail } from '../../integrations/mail/outbox';
import { findLocationContact, findUserEmail } from './repository';

export interface MailTarget {
  id: number;
  caseNumber: string;
  locationId: number;
  userId: number | null;
  onBehalfOfEmail: string | null;
  formAnswers: BookingFormAnswers;
}

export interface ApplicantNotice {
  /** The change-log type or reminder this mail is about (outbox topic kind). */
  kind: string;
  subject: string;
  /** Paragraphs of the message; greeting, links and signature are added here. */
  paragraphs: readonly string[];
  /**
   * The decision's documents the message announces: each gets a link to its page in the portal, where
   * the applicant reads it and downloads it as PDF (decision 055). The PDF's own address needs the
   * login's token, which a link in an e-mail cannot carry.
   */
  documents?: readonly ('vedtak' | 'contract')[];
}

const documentLinkText = {
  vedtak: (url: string) => `Les vedtaket eller last det ned som PDF: ${url}/vedtak`,
  contract: (url: string) => `Les og signer kontrakten, eller last den ned som PDF: ${url}/kontrakt`,
} as const;

/**
 * Queues the applicant's e-mail about a change in the caller's transaction (sent only if it
 * commits). The address: the person booked for, else the contact e-mail of the application, else
 * the login's e-mail. Internal bookings have none, and nobody is mailed. Returns whether one was queued.
 */
export async function notifyApplicant(tx: Tx, booking: MailTarget, notice: ApplicantNotice, publicUrl: string): Promise<boolean> {
  const mail = await applicantMail(tx, booking, notice, publicUrl);
  if (mail) await enqueueMail(tx, mail);
  return mail !== null;
}

/** The applicant's e-mail about a change, addressed as notifyApplicant does, for a status change to queue (null: nobody to mail). */
export async function applicantMail(tx: Tx, booking: MailTarget, notice: ApplicantNotice, publicUrl: string): Promise<OutboxMail | null> {
  const location = await findLocationContact(tx, booking.locationId);
  const userEmail = booking.userId === null ? null : await findUserEmail(tx, booking.userId);
  const to = booking.onBehalfOfEmail ?? booking.formAnswers.contactEmail ?? userEmail;
  if (!to) return null;
  return applicantNoticeMail({
    to,
    booking,
    notice,
    locationName: location?.name ?? 'lokalet',
    contactEmail: location?.contactEmail ?? null,
    publicUrl,
  });
}

/** The applicant's e-mail about a change: the notice's paragraphs in the one frame, signed by the location. */
export function applicantNoticeMail(input: {
  to: string;
  booking: Pick<MailTarget, 'id' | 'caseNumber'>;
  notice: ApplicantNotice;
  locationName: string;
  contactEmail: string | null;
  publicUrl: string;
}): OutboxMail {
  const { booking, notice, locationName } = input;
  const text = letterText({
    blocks: [
      ...notice.paragraphs,
      ...(notice.documents ?? []).map((kind) => documentLinkText[kind](`${input.publicUrl}/bookinger/${booking.id}`)),
      `Se bookingen din (saksnummer ${booking.caseNumber}): ${input.publicUrl}/bookinger/${booking.id}`,
      ...(input.contactEmail ? [`Spørsmål? Kontakt ${locationName} på ${input.contactEmail}.`] : []),
    ],
    signature: [locationName],
  });
  return {
    to: input.to,
    subject: `${notice.subject} – ${locationName} (${booking.caseNumber})`,
    text,
    topic: { kind: notice.kind, bookingId: booking.id },
  };
}

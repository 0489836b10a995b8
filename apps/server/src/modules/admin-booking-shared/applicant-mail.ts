import type { BookingFormAnswers } from '@lokaler/domain/booking';
import type { Tx } from '../../db/client';
import { enqueueMail } from '../../integrations/mail/outbox';
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
  /** Paragraphs of the message; greeting, link and signature are added here. */
  paragraphs: readonly string[];
}

/**
 * Queues the applicant's e-mail about a change in the caller's transaction (sent only if it
 * commits). The address: the person booked for, else the contact e-mail of the application, else
 * the login's e-mail. Internal bookings have none, and nobody is mailed. Returns whether one was queued.
 */
export async function notifyApplicant(tx: Tx, booking: MailTarget, notice: ApplicantNotice, publicUrl: string): Promise<boolean> {
  const location = await findLocationContact(tx, booking.locationId);
  const userEmail = booking.userId === null ? null : await findUserEmail(tx, booking.userId);
  const to = booking.onBehalfOfEmail ?? booking.formAnswers.contactEmail ?? userEmail;
  if (!to) return false;
  const locationName = location?.name ?? 'lokalet';
  const text = [
    'Hei,',
    '',
    ...notice.paragraphs.flatMap((p) => [p, '']),
    `Se bookingen din (saksnummer ${booking.caseNumber}): ${publicUrl}/bookinger/${booking.id}`,
    '',
    ...(location?.contactEmail ? [`Spørsmål? Kontakt ${locationName} på ${location.contactEmail}.`, ''] : []),
    'Vennlig hilsen',
    locationName,
    'Oslo kommune',
  ].join('\n');
  await enqueueMail(tx, { to, subject: `${notice.subject} – ${locationName} (${booking.caseNumber})`, text, topic: { kind: notice.kind, bookingId: booking.id } });
  return true;
}

import type { EmailReminder } from '@lokaler/domain/admin-booking-view';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';
import { listMailsAboutBooking } from './repository';

/**
 * GET /api/booking-log/{id}/email-reminders: every e-mail queued to the applicant about the booking
 * (decisions, changes, reminders), from the outbox, with whether it has gone out.
 */
export async function listEmailReminders({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<EmailReminder[]> {
  await findBookingForAdmin(db, bookingId, user);
  const rows = await listMailsAboutBooking(db, bookingId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.topic.kind,
    subject: r.subject,
    recipient: r.recipient,
    createdTimeUtc: r.createdAt.toISOString(),
    sentTimeUtc: r.sentAt ? r.sentAt.toISOString() : null,
    // A row being sent right now has its attempt counted already: only an error makes it a retry.
    status: r.sentAt ? 'SENT' : r.failedAt ? 'FAILED' : r.lastError ? 'RETRYING' : 'PENDING',
  }));
}

import type { ArchiveMessageStatus } from '@lokaler/domain/archive-message';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { findBookingForAdmin } from '../../bookings';
import { listArchiveRowsOfBooking } from './repository';

/**
 * GET /api/booking-log/{id}/archive-messages: the booking's messages to the city's archive and where
 * each stands, for the administrators of its location (403 otherwise, 404 for no such booking).
 */
export async function listArchiveMessages({
  db,
  user,
  bookingId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<ArchiveMessageStatus[]> {
  await findBookingForAdmin(db, bookingId, user);
  const rows = await listArchiveRowsOfBooking(db, bookingId);
  return rows.map((r) => ({
    id: r.id,
    kind: r.kind,
    caseNumber: r.caseNumber,
    createdTimeUtc: r.createdAt.toISOString(),
    // A row being sent right now has its attempt counted already: only an error makes it a retry.
    status: r.sentAt ? 'SENT' : r.lastError ? 'RETRYING' : 'PENDING',
    sentTimeUtc: r.sentAt?.toISOString() ?? null,
    nextAttemptTimeUtc: r.sentAt ? null : r.nextAttemptAt.toISOString(),
    attempts: r.attempts,
    lastError: r.lastError,
    receiptId: r.receiptId,
  }));
}

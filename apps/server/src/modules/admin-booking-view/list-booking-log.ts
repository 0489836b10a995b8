import { asc, eq, sql } from 'drizzle-orm';
import type { ChangeLogEntry, EmailReminder } from '@lokaler/domain/admin-booking-view';
import { changeLogLabel } from '@lokaler/domain/change-log';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { changeLog } from '../../db/schema/bookings';
import { mailOutbox } from '../../db/schema/outbox';
import { findBookingForAdmin } from '../admin-booking-shared/booking-access';

/** GET /api/booking-log/{id}/changes: the booking's timeline, oldest first. */
export async function listChanges({ db, user, bookingId }: { db: DbOrTx; user: AuthenticatedUser; bookingId: number }): Promise<ChangeLogEntry[]> {
  await findBookingForAdmin(db, bookingId, user);
  const rows = await db.select().from(changeLog).where(eq(changeLog.bookingId, bookingId)).orderBy(asc(changeLog.loggedAt), asc(changeLog.id));
  return rows.map((r) => ({
    id: r.id,
    type: r.type,
    label: changeLogLabel(r.type),
    loggedUtc: r.loggedAt.toISOString(),
    reservationTimes: r.reservationTimes,
    newReservationTimes: r.newReservationTimes,
    user: r.userName,
    comment: r.comment,
  }));
}

/**
 * GET /api/booking-log/{id}/email-reminders: every e-mail queued to the applicant about the booking
 * (decisions, changes, reminders), from the outbox, with whether it has gone out. Uses the outbox's
 * expression index on the topic's bookingId (migration 0007), so the expression must stay the same.
 */
export async function listEmailReminders({ db, user, bookingId }: { db: DbOrTx; user: AuthenticatedUser; bookingId: number }): Promise<EmailReminder[]> {
  await findBookingForAdmin(db, bookingId, user);
  const rows = await db.select().from(mailOutbox)
    .where(sql`((${mailOutbox.topic} ->> 'bookingId')::integer) = ${bookingId}`)
    .orderBy(asc(mailOutbox.id));
  return rows.map((r) => ({
    id: r.id,
    kind: r.topic.kind,
    subject: r.subject,
    recipient: r.recipient,
    createdTimeUtc: r.createdAt.toISOString(),
    sentTimeUtc: r.sentAt ? r.sentAt.toISOString() : null,
    status: r.sentAt ? 'SENT' : r.attempts > 0 ? 'RETRYING' : 'PENDING',
  }));
}

import { caseAssignmentLog, caseTakenMessage, type CaseAssignee, type CaseAssigneeResponse } from '@lokaler/domain/work-queue';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, Tx } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { appendChangeLog, byAdministrator, conflict, findBookingForAdmin, lockBookingForAdmin } from '../../bookings';
import { deleteAssignee, findAssignee, findUserName, upsertAssignee } from './assignee-repository';

/**
 * The case officer of an application (decision 065): 'Ta saken', taking it over from another, and
 * 'Gi fra deg saken'. Each change is a change-log entry in the same transaction (the administrator's
 * log only: the applicant's timeline leaves these out). The booking is locked first, so two officers
 * taking it at once are serialised and the second gets the 409.
 */

/** GET /api/booking/{id}/assignee. */
export async function getCaseAssignee({
  db,
  user,
  bookingId,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<CaseAssigneeResponse> {
  await findBookingForAdmin(db, bookingId, user);
  return answer(user, await findAssignee(db, bookingId));
}

/** PUT /api/booking/{id}/assignee: 409 with the holder's name when another holds it, unless `takeOver`. */
export async function takeCase({
  db,
  user,
  bookingId,
  takeOver,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
  takeOver: boolean;
}): Promise<CaseAssigneeResponse> {
  return writeTransaction(db, async (tx) => {
    await lockBookingForAdmin(tx, bookingId, user);
    const current = await findAssignee(tx, bookingId);
    if (current?.userId === user.userId) return answer(user, current);
    if (current && !takeOver) throw conflict(`Booking ${bookingId} is taken by user ${current.userId}`, caseTakenMessage(current.name));
    const name = await nameOf(tx, user);
    await upsertAssignee(tx, bookingId, user.userId);
    await log(tx, bookingId, user, current ? caseAssignmentLog.takenOver(name, current.name) : caseAssignmentLog.taken(name));
    return answer(user, await findAssignee(tx, bookingId));
  });
}

/** DELETE /api/booking/{id}/assignee: gives up one's own case; 409 when another holds it; nothing to do when nobody does. */
export async function releaseCase({
  db,
  user,
  bookingId,
}: {
  db: Db;
  user: AuthenticatedUser;
  bookingId: number;
}): Promise<CaseAssigneeResponse> {
  return writeTransaction(db, async (tx) => {
    await lockBookingForAdmin(tx, bookingId, user);
    const current = await findAssignee(tx, bookingId);
    if (!current) return answer(user, null);
    if (current.userId !== user.userId)
      throw conflict(
        `Booking ${bookingId} is taken by user ${current.userId}`,
        `${caseTakenMessage(current.name)} Bare den som har saken, kan gi den fra seg.`,
      );
    await deleteAssignee(tx, bookingId);
    await log(tx, bookingId, user, caseAssignmentLog.released(current.name));
    return answer(user, null);
  });
}

function answer(user: AuthenticatedUser, assignee: CaseAssignee | null): CaseAssigneeResponse {
  return { assignee, heldByMe: assignee?.userId === user.userId };
}

async function nameOf(tx: Tx, user: AuthenticatedUser): Promise<string> {
  return (await findUserName(tx, user.userId)) || user.name || 'Ukjent saksbehandler';
}

async function log(tx: Tx, bookingId: number, user: AuthenticatedUser, comment: string): Promise<void> {
  const by = byAdministrator(user);
  await appendChangeLog(tx, {
    bookingId,
    type: 'CaseAssignment',
    userId: by.userId,
    userName: by.userName || (await nameOf(tx, user)),
    comment,
  });
}

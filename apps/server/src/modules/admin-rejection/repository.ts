import { and, asc, eq, inArray } from 'drizzle-orm';
import type { RejectionChoice } from '@lokaler/domain/admin-rejection';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { DbOrTx, Tx } from '../../db/client';
import { rejectionChoices } from '../../db/schema/admin-decisions';
import { reservations } from '../../db/schema/bookings';

export async function listRejectionChoices(db: DbOrTx): Promise<RejectionChoice[]> {
  return db.select({ key: rejectionChoices.key, title: rejectionChoices.title, text: rejectionChoices.text })
    .from(rejectionChoices).orderBy(asc(rejectionChoices.sortOrder), asc(rejectionChoices.key));
}

export async function findRejectionChoice(db: DbOrTx, key: string): Promise<RejectionChoice | null> {
  const [row] = await db.select({ key: rejectionChoices.key, title: rejectionChoices.title, text: rejectionChoices.text })
    .from(rejectionChoices).where(eq(rejectionChoices.key, key));
  return row ?? null;
}

/** Sets these reservations' status (of this booking only). */
export async function setStatusOf(tx: Tx, bookingId: number, reservationIds: readonly number[], status: ReservationStatus): Promise<void> {
  if (reservationIds.length === 0) return;
  await tx.update(reservations).set({ status, updatedAt: new Date() })
    .where(and(eq(reservations.bookingId, bookingId), inArray(reservations.id, [...reservationIds])));
}

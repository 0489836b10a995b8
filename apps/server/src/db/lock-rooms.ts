import { activeReservationStatuses } from '@lokaler/domain/reservation';
import { and, inArray, sql, type SQL } from 'drizzle-orm';
import type { Tx } from './client';
import { reservations } from './schema/bookings';

/**
 * Namespace of the rooms' advisory locks (pg_advisory_xact_lock(int, int): this key, room id), so
 * other advisory locks of the application never wait on a room by accident.
 */
export const ROOM_LOCK_NAMESPACE = 7301;

/**
 * Takes the transaction-scoped advisory lock of every room, in ascending id order (ARCHITECTURE.md
 * "Data"): two writers of overlapping rooms queue instead of deadlocking in the exclusion
 * constraint, and the one that waits reads the other's committed reservations after it gets the
 * lock. Released at commit or rollback. Every transaction that writes reservations or blocked
 * times should call this first.
 */
export async function lockRooms(tx: Tx, assetIds: readonly number[]): Promise<void> {
  const sorted = [...new Set(assetIds)].sort((a, b) => a - b);
  // One statement per room: the order of lock acquisition within a single statement is not guaranteed.
  for (const id of sorted) await tx.execute(sql`select pg_advisory_xact_lock(${ROOM_LOCK_NAMESPACE}::int, ${id}::int)`);
}

/**
 * lockRooms in one statement, and then `after` (an expression that takes one more lock, e.g. the
 * applicant's of decision 041) in the same statement: one round trip instead of one per lock
 * (decision 048). The order is still ascending room id, then `after`: each lock is taken in its own
 * MATERIALIZED CTE that reads the previous one, and the executor must have a CTE's row before it can
 * compute the next one's, so no lock is taken before the one it follows.
 */
export async function lockRoomsThen(tx: Tx, assetIds: readonly number[], after?: SQL): Promise<void> {
  const sorted = [...new Set(assetIds)].sort((a, b) => a - b);
  const steps = [...sorted.map((id) => sql`pg_advisory_xact_lock(${ROOM_LOCK_NAMESPACE}::int, ${id}::int)`), ...(after ? [after] : [])];
  if (steps.length === 0) return;
  const ctes = steps.map(
    (step, i) => sql`${sql.raw(`l${i}`)} as materialized (select ${step} as locked${i === 0 ? sql`` : sql.raw(` from l${i - 1}`)})`,
  );
  await tx.execute(sql`with ${sql.join(ctes, sql`, `)} select count(*) from ${sql.raw(`l${steps.length - 1}`)}`);
}

/**
 * The rooms' locks taken shared (pg_advisory_xact_lock_shared), for a writer of ONE reservation whose
 * only contest with writers like itself is the overlap the exclusion constraint decides (a wedding
 * time: decision 012). Shared holders do not wait for each other, so a rush on one room's times runs
 * in parallel, the constraint making a second taker of a time wait for the first's commit and fail;
 * every writer that takes the lock exclusively (lockRooms: other applications, an admin's changes and
 * blocked times) still waits for them and they for it.
 */
export async function lockRoomsShared(tx: Tx, assetIds: readonly number[]): Promise<void> {
  const sorted = [...new Set(assetIds)].sort((a, b) => a - b);
  for (const id of sorted) await tx.execute(sql`select pg_advisory_xact_lock_shared(${ROOM_LOCK_NAMESPACE}::int, ${id}::int)`);
}

/**
 * The locks of every room where the bookings hold active times, and of `alsoRooms` (rooms about to
 * get times), taken together in ascending id order: one query for the rooms, then lockRooms. For
 * the writers of existing bookings (status changes, taking back, changing and adding times, hold
 * expiry), called right after the bookings' row locks — the lock order everywhere is the booking's
 * row, then its rooms, then reservation rows — so they queue with booking creation instead of
 * meeting it in the exclusion constraint. The booking's row lock keeps the set of rooms still.
 */
export async function lockRoomsOfBookings(tx: Tx, bookingIds: readonly number[], alsoRooms: readonly number[] = []): Promise<void> {
  const rows =
    bookingIds.length === 0
      ? []
      : await tx
          .selectDistinct({ id: reservations.bookableAssetId })
          .from(reservations)
          .where(and(inArray(reservations.bookingId, [...bookingIds]), inArray(reservations.status, [...activeReservationStatuses])));
  await lockRooms(tx, [...rows.map((r) => r.id), ...alsoRooms]);
}

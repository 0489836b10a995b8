import { sql } from 'drizzle-orm';
import type { Tx } from './client';

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

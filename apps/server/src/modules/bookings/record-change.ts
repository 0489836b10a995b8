import type { Tx } from '../../db/client';
import { insertChangeLogEntry, type NewChangeLogEntry } from './repository';
import { runAfterChange } from './status-hooks';

/**
 * The one change-log entry of a change to a booking (a status, a time moved, added or removed), in
 * the caller's transaction, written after the change itself; then every registered after-change step
 * (digital keys) runs on the state just written, so no change can forget them.
 */
export async function recordChange(tx: Tx, entry: NewChangeLogEntry): Promise<void> {
  await insertChangeLogEntry(tx, entry);
  await runAfterChange(tx, { bookingId: entry.bookingId, type: entry.type });
}

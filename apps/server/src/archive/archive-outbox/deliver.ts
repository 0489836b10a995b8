import type { Db } from '../../db/client';
import type { ArchiveClient } from '../../integrations/archive/archive-client';
import { composeArchiveMessage } from './compose-message';
import { claimDueArchiveRows, markArchiveRowSent, postponeArchiveRow, releaseArchiveClaims } from './repository';

/**
 * How long a claimed row is left alone: far above a PDF's rendering and the archive's answer. It is
 * also how long the rows of a process that died wait for another one.
 */
export const ARCHIVE_CLAIM_LEASE_SECONDS = 600;
/** The longest pause between attempts: a refused message is tried again at least this often, and never given up. */
export const MAX_RETRY_MINUTES = 6 * 60;

/** Minutes until the next attempt after the `attempts`-th failed: 1, 2, 4 … up to six hours. */
export const retryDelayMinutes = (attempts: number) => Math.min(2 ** Math.max(0, attempts - 1), MAX_RETRY_MINUTES);

export interface ArchiveDeliveryOptions {
  limit?: number;
  leaseSeconds?: number;
  signal?: AbortSignal | undefined;
  /** Told of each failed attempt (logged by the job), without the message's content. */
  onFailure?: (failure: { outboxId: number; attempt: number; reason: string; retryInMinutes: number }) => void;
}

/**
 * Sends up to `limit` due archive messages (decision 056), like the mail outbox (decision 017):
 * - a row is claimed (attempt counted, leased) in its own committed statement with SKIP LOCKED, so any
 *   number of processes run this at once without sending a message twice, and nothing is locked while
 *   the PDFs are made and the archive answers; a booking's rows go in order;
 * - it is marked sent only after the archive accepted it;
 * - a refusal or any failure (the archive's, or making the message) is recorded with the reason, and
 *   the row is tried again with back-off: never given up, so a case record is never lost;
 * - a process that dies after the hand-over and before marking leaves the row claimed; after the lease
 *   it is sent again with the same message id, which the local archive (and a receiver that
 *   deduplicates by it) takes as the same message.
 */
export async function deliverDueArchiveMessages(
  db: Db,
  client: ArchiveClient,
  options: ArchiveDeliveryOptions = {},
): Promise<{ sent: number; failed: number }> {
  const leaseSeconds = options.leaseSeconds ?? ARCHIVE_CLAIM_LEASE_SECONDS;
  const claimed = await claimDueArchiveRows(db, { limit: options.limit ?? 10, leaseSeconds });
  const claimedAt = Date.now();
  let sent = 0;
  let failed = 0;
  for (const [index, row] of claimed.entries()) {
    if (options.signal?.aborted || Date.now() - claimedAt > (leaseSeconds * 1000) / 2) {
      await releaseArchiveClaims(
        db,
        claimed.slice(index).map((r) => r.id),
      );
      break;
    }
    try {
      const message = await composeArchiveMessage(db, row);
      const { receiptId } = await client.send(message);
      await markArchiveRowSent(db, row.id, receiptId);
      sent++;
    } catch (error) {
      failed++;
      const reason = (error instanceof Error ? error.message : String(error)).slice(0, 500) || 'ukjent feil';
      const retryInMinutes = retryDelayMinutes(row.attempts);
      await postponeArchiveRow(db, { id: row.id, lastError: reason, delayMinutes: retryInMinutes });
      options.onFailure?.({ outboxId: row.id, attempt: row.attempts, reason, retryInMinutes });
    }
  }
  return { sent, failed };
}

/** Batches until nothing more can be sent now (or the runner stops). */
export async function deliverAllDueArchiveMessages(
  db: Db,
  client: ArchiveClient,
  options: ArchiveDeliveryOptions = {},
): Promise<{ sent: number; failed: number }> {
  const limit = options.limit ?? 10;
  const total = { sent: 0, failed: 0 };
  for (;;) {
    const batch = await deliverDueArchiveMessages(db, client, { ...options, limit });
    total.sent += batch.sent;
    total.failed += batch.failed;
    // A sent row can make its booking's next row due (posts go in order), so only a batch that sent nothing ends it.
    if (batch.sent === 0 || options.signal?.aborted) return total;
  }
}

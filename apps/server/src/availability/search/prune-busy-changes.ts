import type { FastifyInstance } from 'fastify';
import { pruneBusyChanges } from './search-versions-repository';

/** The busy changes' log (migration 0029) is pruned every ten minutes (decision 047). */
export const PRUNE_BUSY_CHANGES_JOB = 'prune-busy-changes';
const INTERVAL_MS = 10 * 60 * 1000;

/**
 * Registers the pruning on the one job runner (decision 009). A run deletes the rows older than the
 * snapshot the run before took, so a process that searched within the last ten minutes misses no
 * change; one idle longer drops its kept answers at its next search.
 */
export function registerBusyChangesPruning(app: FastifyInstance): void {
  app.jobs.register({ name: PRUNE_BUSY_CHANGES_JOB, intervalMs: INTERVAL_MS, run: () => pruneBusyChanges(app.database.db) });
}

import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { retentionRules, type RetentionSettings } from './retention-rules';

export const RETENTION_JOB = 'retention';
/** Once a day: every rule is a matter of months or weeks. */
const INTERVAL_MS = 24 * 60 * 60 * 1000;

/**
 * Runs every retention rule (retention-rules.ts, decision 054) at `now`, each in a transaction of its
 * own: one rule that fails leaves the others done, and the next day runs it again. Returns the rows
 * each rule changed.
 */
export async function runRetention(db: Db, now: Date, settings: RetentionSettings): Promise<Record<string, number>> {
  const changed: Record<string, number> = {};
  for (const rule of retentionRules) {
    changed[rule.name] = await writeTransaction(db, (tx) => rule.run(tx, now, settings));
  }
  return changed;
}

/** Registers the daily run on the one job runner (decision 009). */
export function registerRetention(app: FastifyInstance): void {
  app.jobs.register({
    name: RETENTION_JOB,
    intervalMs: INTERVAL_MS,
    run: ({ now }) => runRetention(app.database.db, now, { bookingMonths: app.config.retention.bookingMonths }),
  });
}

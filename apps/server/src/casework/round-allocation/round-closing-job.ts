import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { loadRound } from '../../rounds';
import { findClosingRoundIds } from './closing-repository';
import { finishClosing } from './close-round';

/** The job's name in job_schedule. */
export const ROUND_CLOSING_JOB = 'round-closing';
const INTERVAL_MS = 60_000;

/**
 * Finishes every round left CLOSING (decision 031): a process that died while closing a round,
 * or a closing interrupted by a failed application, is finished here by 'System' — each remaining
 * application in its own transaction, skipping any another process holds.
 */
export async function finishClosingRounds(db: Db, publicUrl: string, now: Date): Promise<{ closed: number[] }> {
  const closed: number[] = [];
  for (const roundId of await findClosingRoundIds(db)) {
    const round = await loadRound(db, roundId);
    if ((await finishClosing({ db, round, actor: { userId: null, name: 'System' }, publicUrl, now })) === 'CLOSED') closed.push(roundId);
  }
  return { closed };
}

/** Registers the job on the one job runner (decision 009). */
export function registerRoundClosing(app: FastifyInstance): void {
  app.jobs.register({
    name: ROUND_CLOSING_JOB,
    intervalMs: INTERVAL_MS,
    run: ({ now }) => finishClosingRounds(app.database.db, app.config.publicUrl, now),
  });
}

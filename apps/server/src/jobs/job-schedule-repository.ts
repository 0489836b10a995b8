import { and, eq, inArray, isNull, lte, or } from 'drizzle-orm';
import type { Db } from '../db/client';
import { jobSchedule } from '../db/schema/jobs';

export type JobScheduleRow = typeof jobSchedule.$inferSelect;

/** Gives each job a row, due at `now`; jobs that have one keep it (another process or a restart made it). */
export async function insertMissingJobs(db: Db, names: readonly string[], now: Date): Promise<void> {
  if (names.length === 0) return;
  await db
    .insert(jobSchedule)
    .values(names.map((name) => ({ name, nextRunAt: now })))
    .onConflictDoNothing();
}

/**
 * Leases the due jobs among `names` that nobody holds (or whose holder's lease ran out). One
 * statement: rows another process is claiming at this moment are skipped, not waited for, so two
 * processes never lease the same job.
 */
export async function claimDueJobs(
  db: Db,
  options: { names: readonly string[]; now: Date; owner: string; leaseUntil: Date },
): Promise<JobScheduleRow[]> {
  if (options.names.length === 0) return [];
  const due = db
    .select({ name: jobSchedule.name })
    .from(jobSchedule)
    .where(
      and(
        inArray(jobSchedule.name, [...options.names]),
        lte(jobSchedule.nextRunAt, options.now),
        or(isNull(jobSchedule.lockedUntil), lte(jobSchedule.lockedUntil, options.now)),
      ),
    )
    .for('update', { skipLocked: true });
  return db
    .update(jobSchedule)
    .set({ lockedBy: options.owner, lockedUntil: options.leaseUntil })
    .where(inArray(jobSchedule.name, due))
    .returning();
}

/** Records a run's end and releases the lease, if this runner still holds it. */
export async function finishJob(
  db: Db,
  options: { name: string; owner: string; nextRunAt: Date; finishedAt: Date; attempts: number; lastError: string | null },
): Promise<void> {
  await db
    .update(jobSchedule)
    .set({
      nextRunAt: options.nextRunAt,
      attempts: options.attempts,
      lastError: options.lastError,
      lastFinishedAt: options.finishedAt,
      lockedBy: null,
      lockedUntil: null,
    })
    .where(and(eq(jobSchedule.name, options.name), eq(jobSchedule.lockedBy, options.owner)));
}

/** Every job's schedule (for tests and support). */
export async function listJobSchedule(db: Db): Promise<JobScheduleRow[]> {
  return db.select().from(jobSchedule).orderBy(jobSchedule.name);
}

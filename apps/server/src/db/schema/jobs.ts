import { integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per background job (jobs/job-runner.ts): when it runs next and who runs it now. A server
 * process claims a due row with FOR UPDATE SKIP LOCKED and leases it, so a job runs in one process
 * at a time however many there are, and a crashed process's lease runs out.
 */
export const jobSchedule = pgTable('job_schedule', {
  name: text('name').primaryKey(),
  nextRunAt: timestamp('next_run_at', { withTimezone: true }).notNull(),
  /** The runner that leased the job, until when; null while nobody runs it. */
  lockedBy: text('locked_by'),
  lockedUntil: timestamp('locked_until', { withTimezone: true }),
  /** Failed runs in a row (back-off); 0 after a run that succeeded. */
  attempts: integer('attempts').notNull().default(0),
  lastError: text('last_error'),
  lastFinishedAt: timestamp('last_finished_at', { withTimezone: true }),
});

import { AsyncLocalStorage } from 'node:async_hooks';
import { randomBytes } from 'node:crypto';

export interface JobRun {
  job: string;
  /** Tells one run's lines from the next run's (and from another process's run of the same job). */
  runId: string;
}

const current = new AsyncLocalStorage<JobRun>();

/** Runs `work` as a run of `job`: every log line written meanwhile, through any logger, names both. */
export function withJobRun<T>(job: string, work: (run: JobRun) => Promise<T>): Promise<T> {
  const run = { job, runId: randomBytes(6).toString('hex') };
  return current.run(run, () => work(run));
}

/** The run in progress, for the logger's mixin (http/logger-options.ts); {} outside a job. */
export function jobRunFields(): Partial<JobRun> {
  return current.getStore() ?? {};
}

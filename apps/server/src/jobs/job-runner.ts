import { randomUUID } from 'node:crypto';
import { hostname } from 'node:os';
import type { Db } from '../db/client';
import { withJobRun } from '../observability/job-context';
import { systemClock, type Clock } from './clock';
import { claimDueJobs, finishJob, insertMissingJobs } from './job-schedule-repository';

export interface JobContext {
  /** The runner's clock at the start of the run. */
  now: Date;
  /** Aborted when the runner stops: a long job finishes its current step and returns. */
  signal: AbortSignal;
}

export interface JobDefinition<Result = unknown> {
  /** Unique; the key of the job's row in job_schedule. */
  name: string;
  /** Time from the end of one successful run to the next. */
  intervalMs: number;
  /**
   * Does the work. It must be safe to run in several processes at once (claim rows with
   * FOR UPDATE SKIP LOCKED): the runner's lease makes that rare, not impossible.
   */
  run(context: JobContext): Promise<Result>;
}

/** Watches each run (metrics, a trace span): observability/job-observer.ts. */
export interface JobObserver {
  /** Runs `run`, one run of `job`; `dueAt` is when the schedule wanted it (null: run outside the schedule). */
  observe<T>(job: string, timing: { dueAt: Date | null; startedAt: Date }, run: () => Promise<T>): Promise<T>;
}

export interface Timers {
  setTimeout(callback: () => void, ms: number): unknown;
  clearTimeout(handle: unknown): void;
}

export interface JobRunnerOptions {
  db: Db;
  clock?: Clock;
  /** How often the runner looks for due jobs. Default 1 s. */
  pollMs?: number;
  /** How long a claimed job is this runner's; a process that dies mid-run frees it after this. Default 5 min. */
  leaseMs?: number;
  /** Back-off after a failed run: first delay, doubled each time, capped. Default 1 s … 5 min. */
  retry?: { firstDelayMs: number; maxDelayMs: number };
  /** Overrides registered intervals by job name (a test that wants the real loop to hurry). */
  intervalsMs?: Readonly<Record<string, number>>;
  onError?: (error: unknown, jobName: string | null) => void;
  observer?: JobObserver;
  /** The poll timer's functions; tests pass counting ones. */
  timers?: Timers;
}

export interface TickResult {
  ran: string[];
  failed: string[];
}

/**
 * The one runner of background work (decision 009). Every job is registered by name with its handler
 * and interval; the schedule lives in job_schedule, so one process runs a due job however many
 * processes there are, a failing job is retried with exponential back-off, and a restart carries on
 * where the schedule stands. `stop()` lets in-flight runs finish and leaves no timer behind.
 */
export class JobRunner {
  private readonly jobs = new Map<string, JobDefinition>();
  /** Host and process id first: who holds a lease can be told from job_schedule (support, the storm bench). */
  private readonly owner = `${hostname()}:${process.pid}:${randomUUID().slice(0, 8)}`;
  private readonly clock: Clock;
  private readonly timers: Timers;
  private readonly abort = new AbortController();
  private readonly inFlight = new Set<Promise<unknown>>();
  private timer: unknown;
  private started = false;
  private stopped = false;

  constructor(private readonly options: JobRunnerOptions) {
    this.clock = options.clock ?? systemClock;
    this.timers = options.timers ?? {
      setTimeout: (callback, ms) => setTimeout(callback, ms).unref(),
      clearTimeout: (handle) => clearTimeout(handle as NodeJS.Timeout),
    };
  }

  register<Result>(job: JobDefinition<Result>): void {
    if (this.jobs.has(job.name)) throw new Error(`job '${job.name}' is registered twice`);
    if (this.started) throw new Error(`job '${job.name}' registered after the runner started`);
    this.jobs.set(job.name, job as JobDefinition);
  }

  /** Runs one job's handler now, outside the schedule (app.flushMail(), app.runKeyJobs()); errors reach the caller. */
  runNow<Result>(name: string): Promise<Result> {
    const job = this.job(name);
    if (this.stopped) return Promise.reject(new Error('the job runner has stopped'));
    return this.track(withJobRun(name, () => this.observed(job, null) as Promise<Result>));
  }

  /** Claims the due jobs and runs them once; what the poll timer calls, and what tests call with a fake clock. */
  tick(): Promise<TickResult> {
    if (this.stopped) return Promise.resolve({ ran: [], failed: [] });
    return this.track(this.runDueJobs());
  }

  /** Starts polling. */
  start(): void {
    if (this.started || this.stopped) return;
    this.started = true;
    this.schedulePoll();
  }

  /** Stops polling, tells running jobs to wrap up, and resolves once every in-flight run has ended. */
  async stop(): Promise<void> {
    this.stopped = true;
    if (this.timer !== undefined) this.timers.clearTimeout(this.timer);
    this.timer = undefined;
    this.abort.abort();
    while (this.inFlight.size) await Promise.allSettled([...this.inFlight]);
  }

  private job(name: string): JobDefinition {
    const job = this.jobs.get(name);
    if (!job) throw new Error(`no job named '${name}'`);
    return job;
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    const forget = () => this.inFlight.delete(work);
    work.then(forget, forget);
    return work;
  }

  private schedulePoll(): void {
    if (this.stopped) return;
    this.timer = this.timers.setTimeout(() => {
      this.timer = undefined;
      this.tick()
        .catch((error: unknown) => this.options.onError?.(error, null))
        .finally(() => this.schedulePoll());
    }, this.options.pollMs ?? 1000);
  }

  private async runDueJobs(): Promise<TickResult> {
    const names = [...this.jobs.keys()];
    const now = this.clock.now();
    // Every tick, not once: a cheap no-op for rows that exist, and a deleted row (a reset) comes back.
    await insertMissingJobs(this.options.db, names, now);
    const leaseUntil = new Date(now.getTime() + (this.options.leaseMs ?? 300_000));
    const claimed = await claimDueJobs(this.options.db, { names, now, owner: this.owner, leaseUntil });
    const outcomes = await Promise.all(
      claimed.map(async (row) => ({
        name: row.name,
        // Every line a run logs (its failure included) names the job and the run.
        ok: await withJobRun(row.name, () => this.runClaimed(this.job(row.name), row.attempts, row.nextRunAt)),
      })),
    );
    return { ran: outcomes.filter((o) => o.ok).map((o) => o.name), failed: outcomes.filter((o) => !o.ok).map((o) => o.name) };
  }

  /** The job's handler, watched by the observer when there is one. */
  private observed(job: JobDefinition, dueAt: Date | null): Promise<unknown> {
    const now = this.clock.now();
    const run = () => job.run({ now, signal: this.abort.signal });
    return this.options.observer ? this.options.observer.observe(job.name, { dueAt, startedAt: now }, run) : run();
  }

  private async runClaimed(job: JobDefinition, failuresSoFar: number, dueAt: Date): Promise<boolean> {
    let error: unknown = null;
    try {
      await this.observed(job, dueAt);
    } catch (caught) {
      error = caught;
      this.options.onError?.(caught, job.name);
    }
    const finishedAt = this.clock.now();
    const attempts = error === null ? 0 : failuresSoFar + 1;
    const delayMs = error === null ? (this.options.intervalsMs?.[job.name] ?? job.intervalMs) : this.retryDelayMs(attempts);
    await finishJob(this.options.db, {
      name: job.name,
      owner: this.owner,
      nextRunAt: new Date(finishedAt.getTime() + delayMs),
      finishedAt,
      attempts,
      lastError: error === null ? null : (error instanceof Error ? error.message : String(error)).slice(0, 500),
    });
    return error === null;
  }

  /** 1st failure: firstDelayMs, then doubled each time, never more than maxDelayMs. */
  private retryDelayMs(attempts: number): number {
    const { firstDelayMs, maxDelayMs } = this.options.retry ?? { firstDelayMs: 1000, maxDelayMs: 300_000 };
    return Math.min(firstDelayMs * 2 ** Math.max(0, attempts - 1), maxDelayMs);
  }
}

import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { createTestDatabase, truncateAll } from '../../test/test-db';
import { FakeClock } from '../../test/fake-clock';
import type { Database } from '../db/client';
import { JobRunner, type JobRunnerOptions, type Timers } from './job-runner';
import { claimDueJobs, listJobSchedule } from './job-schedule-repository';

const MINUTE = 60_000;

/** A promise the test resolves when it chooses. */
function deferred() {
  let resolve!: () => void;
  const promise = new Promise<void>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

describe('the job runner', () => {
  let database: Database;
  let clock: FakeClock;
  const runners: JobRunner[] = [];
  const runner = (options: Partial<JobRunnerOptions> = {}) => {
    const created = new JobRunner({ db: database.db, clock, ...options });
    runners.push(created);
    return created;
  };
  const schedule = async (name: string) => (await listJobSchedule(database.db)).find((row) => row.name === name);

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());
  beforeEach(async () => {
    await Promise.all(runners.splice(0).map((r) => r.stop()));
    await truncateAll(database);
    clock = new FakeClock();
  });

  it('runs a scheduled job when it is due and not before, driven by a fake clock', async () => {
    const runs: string[] = [];
    const jobs = runner();
    jobs.register({
      name: 'expire-holds',
      intervalMs: 30 * MINUTE,
      run: async ({ now }) => {
        runs.push(now.toISOString());
      },
    });

    expect(await jobs.tick()).toEqual({ ran: ['expire-holds'], failed: [] });
    expect(runs).toEqual(['2026-11-25T08:00:00.000Z']);

    clock.advance(30 * MINUTE - 1);
    expect(await jobs.tick()).toEqual({ ran: [], failed: [] });
    expect(runs).toHaveLength(1);

    clock.advance(1);
    expect(await jobs.tick()).toEqual({ ran: ['expire-holds'], failed: [] });
    expect(runs).toEqual(['2026-11-25T08:00:00.000Z', '2026-11-25T08:30:00.000Z']);
    expect(await schedule('expire-holds')).toMatchObject({ nextRunAt: new Date('2026-11-25T09:00:00Z'), attempts: 0, lockedBy: null });
  });

  it('retries a failing handler with exponential back-off until it succeeds', async () => {
    let calls = 0;
    const errors: string[] = [];
    const jobs = runner({ retry: { firstDelayMs: 1000, maxDelayMs: 3000 }, onError: (error) => errors.push((error as Error).message) });
    jobs.register({
      name: 'send-reminders',
      intervalMs: 60 * MINUTE,
      run: async () => {
        calls++;
        if (calls <= 3) throw new Error(`mail service down (${calls})`);
      },
    });

    // Failure n waits 1 s, 2 s, then 3 s (capped): one millisecond before that nothing runs.
    for (const [failure, delayMs] of [
      [1, 1000],
      [2, 2000],
      [3, 3000],
    ] as const) {
      expect(await jobs.tick()).toEqual({ ran: [], failed: ['send-reminders'] });
      expect(await schedule('send-reminders')).toMatchObject({
        attempts: failure,
        lastError: `mail service down (${failure})`,
        nextRunAt: new Date(clock.now().getTime() + delayMs),
      });
      clock.advance(delayMs - 1);
      expect(await jobs.tick()).toEqual({ ran: [], failed: [] });
      clock.advance(1);
    }
    expect(await jobs.tick()).toEqual({ ran: ['send-reminders'], failed: [] });
    expect(calls).toBe(4);
    expect(errors).toEqual(['mail service down (1)', 'mail service down (2)', 'mail service down (3)']);
    // Success: back to the ordinary interval, failures forgotten.
    expect(await schedule('send-reminders')).toMatchObject({
      attempts: 0,
      lastError: null,
      nextRunAt: new Date(clock.now().getTime() + 60 * MINUTE),
    });
  });

  it('runs a due job in one of two runners on the same database, never in both', async () => {
    let running = 0;
    let overlapped = false;
    let runs = 0;
    const first = runner();
    const second = runner();
    for (const jobs of [first, second]) {
      jobs.register({
        name: 'free-time-alerts',
        intervalMs: MINUTE,
        run: async () => {
          running++;
          if (running > 1) overlapped = true;
          await new Promise((resolve) => setTimeout(resolve, 20));
          running--;
          runs++;
        },
      });
    }
    for (let round = 0; round < 5; round++) {
      const results = await Promise.all([first.tick(), second.tick(), first.tick(), second.tick()]);
      expect(results.flatMap((r) => r.ran)).toEqual(['free-time-alerts']);
      clock.advance(MINUTE);
    }
    expect(runs).toBe(5);
    expect(overlapped).toBe(false);
  });

  it("takes over a job whose runner died once that runner's lease has run out", async () => {
    let runs = 0;
    const jobs = runner({ leaseMs: 5 * MINUTE });
    jobs.register({
      name: 'expire-holds',
      intervalMs: MINUTE,
      run: async () => {
        runs++;
      },
    });
    await jobs.tick();
    clock.advance(MINUTE);
    // Another process claims the job and dies without finishing it.
    const leaseUntil = new Date(clock.now().getTime() + 5 * MINUTE);
    expect(await claimDueJobs(database.db, { names: ['expire-holds'], now: clock.now(), owner: 'dead-process', leaseUntil })).toHaveLength(
      1,
    );

    clock.advance(5 * MINUTE - 1);
    expect(await jobs.tick()).toEqual({ ran: [], failed: [] });
    clock.advance(1);
    expect(await jobs.tick()).toEqual({ ran: ['expire-holds'], failed: [] });
    expect(runs).toBe(2);
  });

  it('on stop, waits for the job in flight, records it, and leaves no timer', async () => {
    const pending = new Set<unknown>();
    const timers: Timers = {
      setTimeout: (callback, ms) => {
        const handle = setTimeout(() => {
          pending.delete(handle);
          callback();
        }, ms);
        pending.add(handle);
        return handle;
      },
      clearTimeout: (handle) => {
        pending.delete(handle);
        clearTimeout(handle as NodeJS.Timeout);
      },
    };
    // Idle: the poll timer is waiting, and stop clears it.
    const idle = runner({ pollMs: MINUTE, timers });
    idle.start();
    expect(pending.size).toBe(1);
    await idle.stop();
    expect(pending.size).toBe(0);

    const started = deferred();
    const release = deferred();
    let finished = false;
    const jobs = runner({ pollMs: 5, timers });
    jobs.register({
      name: 'deliver-mail',
      intervalMs: MINUTE,
      run: async () => {
        started.resolve();
        await release.promise;
        finished = true;
      },
    });
    jobs.start();
    await started.promise;

    let stopped = false;
    const stopping = jobs.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    expect(pending.size).toBe(0);

    release.resolve();
    await stopping;
    expect(finished).toBe(true);
    expect(pending.size).toBe(0);
    expect(await schedule('deliver-mail')).toMatchObject({ lockedBy: null, attempts: 0, lastFinishedAt: clock.now() });
    // Nothing starts after the stop.
    expect(await jobs.tick()).toEqual({ ran: [], failed: [] });
    await expect(jobs.runNow('deliver-mail')).rejects.toThrow('stopped');
  });

  it("hands a handler's answer and its error to the caller of runNow, outside the schedule", async () => {
    const jobs = runner();
    jobs.register({ name: 'count', intervalMs: MINUTE, run: async () => 42 });
    jobs.register({
      name: 'broken',
      intervalMs: MINUTE,
      run: async () => {
        throw new Error('no route to the key service');
      },
    });
    expect(await jobs.runNow('count')).toBe(42);
    await expect(jobs.runNow('broken')).rejects.toThrow('no route to the key service');
    expect(await listJobSchedule(database.db)).toEqual([]);
    expect(() => jobs.register({ name: 'count', intervalMs: MINUTE, run: async () => 0 })).toThrow('registered twice');
  });
});

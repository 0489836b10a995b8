import pg from 'pg';

/**
 * The key of the start-up lock (pg_advisory_lock's one-bigint form): the ASCII of "Lokaler",
 * 0x4c6f6b616c6572. Fixed, so an operator can see who holds it in pg_locks
 * (locktype 'advisory', classid 5009259 and objid 1634493810: the key's high and low 32 bits).
 */
export const STARTUP_LOCK_KEY = '21514605216687474';

/**
 * Runs `work` while this process holds the start-up lock: one session-level advisory lock, taken on
 * a connection of its own (outside the pool, so a pool of one still has its connection for the work)
 * and held until the work ends. Drizzle's migrator takes no lock, so two processes starting together
 * on an empty database both ran `CREATE SCHEMA drizzle` and one failed with 23505; and both would
 * look for demo data before either had loaded it. The work runs on the pool, which the lock does not
 * block. Waiting processes block in pg_advisory_lock until the first is done, then find nothing to do.
 */
export async function withStartupLock<T>(connectionString: string, work: () => Promise<T>): Promise<T> {
  const holder = new pg.Client({ connectionString });
  // Unheard, a lost connection would end the process. Lost while waiting, the lock query fails; lost
  // while working, the lock is gone with it, and a process migrating at the same time fails (the
  // migrations are one transaction) and is started again by its orchestrator.
  holder.on('error', (error) => {
    console.error(`start-up lock connection lost: ${error.message}`);
  });
  await holder.connect();
  try {
    await holder.query('select pg_advisory_lock($1::bigint)', [STARTUP_LOCK_KEY]);
    return await work();
  } finally {
    // Ending the session releases its advisory locks, even when the unlock cannot be sent.
    await holder.query('select pg_advisory_unlock($1::bigint)', [STARTUP_LOCK_KEY]).catch(() => undefined);
    await holder.end().catch(() => undefined);
  }
}

/**
 * The same for one process on PGlite (one connection, one process): calls wait for the one before,
 * so two concurrent migrate() calls do not both apply the pending migrations.
 */
export function serialised(): <T>(work: () => Promise<T>) => Promise<T> {
  let last: Promise<unknown> = Promise.resolve();
  return <T>(work: () => Promise<T>) => {
    const run = last.then(work, work);
    last = run.catch(() => undefined);
    return run;
  };
}

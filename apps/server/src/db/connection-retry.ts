import pg from 'pg';
import { isConnectionLost } from './database-errors';

/**
 * Attempts in all of one piece of work (a write transaction, a lone read) whose connection was lost
 * (decision 016, amended by 043). One retry was not enough: when every backend is terminated at
 * once, the pool still holds idle clients whose end it has not read yet, and the retry drew one of
 * them (the storm: 16–38 answers 503 of 200 clients). A pause lets the pool read those ends and
 * discard the clients; the third attempt covers a second blip. A fourth: on a busy machine the
 * terminated backends take longer to close their sockets, and the server-pg test's two blips left
 * 3 of 60 bookings without a live connection after three (CI, load 5).
 */
export const MAX_CONNECTION_ATTEMPTS = 4;

/** 20–40 ms, 60–120 ms, then 150–300 ms: long enough for the pool to see its dead idle clients, short for a request. */
export function reconnectPause(attempt: number): Promise<void> {
  const ceiling = attempt <= 1 ? 40 : attempt === 2 ? 120 : 300;
  return new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
}

const stats = { readRetries: 0, readsGivenUp: 0 };
/** How often this process ran a lone read again on a fresh connection, and gave up (the storm reports it). */
export function readRetryStats(): Readonly<typeof stats> {
  return { ...stats };
}

/**
 * A statement that only reads, so running it again on a fresh connection cannot do anything twice:
 * a SELECT (or VALUES/SHOW/TABLE), or a WITH of selects. Anything that names a write (INSERT,
 * UPDATE, DELETE, MERGE, a sequence's nextval/setval, a lock: `for update` is refused too, which is
 * only conservative) is left alone: a lone write whose connection broke may have committed.
 */
export function isReadOnlyStatement(text: string): boolean {
  const body = text
    .replace(/--[^\n]*\n/g, ' ')
    .replace(/\/\*[\s\S]*?\*\//g, ' ')
    .trimStart()
    .replace(/^\(+\s*/, '');
  if (!/^(select|with|values|show|table)\b/i.test(body)) return false;
  return !/\b(insert|update|delete|merge|nextval|setval|pg_advisory_lock|pg_advisory_xact_lock|set_config|pg_notify)\b/i.test(body);
}

/**
 * A lone write that may run twice without harm — a request counter: after a lost connection the
 * count may have committed, and counting the attempt again only makes a limit one step stricter.
 * Run again on a fresh connection like a lone read, so a connection blip answers no 503 at a rate
 * limit (the storm, decision 043). Anything else that writes is not for this.
 */
export async function retryIdempotentWrite<T>(write: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await write();
    } catch (error) {
      if (!isConnectionLost(error) || attempt >= MAX_CONNECTION_ATTEMPTS) throw error;
      await reconnectPause(attempt);
    }
  }
}

type QueryArgs = [queryTextOrConfig: string | pg.QueryConfig, values?: unknown];

/**
 * The pool of the PostgreSQL engine: a lone statement (outside a transaction: Drizzle sends those
 * through pool.query) that only reads is run again, up to MAX_CONNECTION_ATTEMPTS, when its
 * connection was lost — the authentication's user lookup and the calendars' reads before a booking
 * were the storm's 503s. The client it ran on is discarded by pool.query itself (released with the
 * error). Writes and transactions are writeTransaction's business.
 */
export class RetryingPool extends pg.Pool {
  /**
   * A client checked out for a transaction is given back to the pool when its BEGIN fails: Drizzle's
   * transaction() sends BEGIN before its try/finally that releases the client, so a connection lost
   * just then kept the client checked out for good, and the pool's end() never finished (the
   * lost-connection test's teardown hung once bookings got faster, decision 048).
   */
  override connect(): Promise<pg.PoolClient>;
  override connect(callback: Parameters<pg.Pool['connect']>[0]): void;
  override connect(...args: unknown[]): Promise<pg.PoolClient> | void {
    if (args.length > 0) return (super.connect as (...a: unknown[]) => void)(...args);
    return (super.connect as () => Promise<pg.PoolClient>)().then(releasedOnFailedBegin);
  }

  override query(...args: unknown[]): never {
    const [textOrConfig, values] = args as QueryArgs;
    const text = typeof textOrConfig === 'string' ? textOrConfig : textOrConfig?.text;
    // A callback, or a write: pg's own behaviour, untouched.
    if (args.some((a) => typeof a === 'function') || typeof text !== 'string' || !isReadOnlyStatement(text)) {
      return (super.query as (...a: unknown[]) => never)(...args);
    }
    const run = () => (super.query as (...a: unknown[]) => Promise<unknown>)(textOrConfig, values);
    return (async () => {
      for (let attempt = 1; ; attempt++) {
        try {
          return await run();
        } catch (error) {
          if (!isConnectionLost(error) || this.ending) throw error;
          if (attempt >= MAX_CONNECTION_ATTEMPTS) {
            stats.readsGivenUp++;
            throw error;
          }
          stats.readRetries++;
          await reconnectPause(attempt);
        }
      }
    })() as never;
  }
}

const guarded = new WeakSet<pg.PoolClient>();

/** The client, whose failing BEGIN releases it (with the error, so the pool discards it) before it throws. */
function releasedOnFailedBegin(client: pg.PoolClient): pg.PoolClient {
  if (guarded.has(client)) return client;
  guarded.add(client);
  const query = client.query.bind(client) as (...a: unknown[]) => unknown;
  client.query = ((...args: unknown[]) => {
    const [textOrConfig] = args as QueryArgs;
    const text = typeof textOrConfig === 'string' ? textOrConfig : textOrConfig?.text;
    const result = query(...args);
    if (typeof text !== 'string' || !/^\s*begin\b/i.test(text) || !(result instanceof Promise)) return result;
    return result.catch((error: unknown) => {
      client.release(error instanceof Error ? error : true);
      throw error;
    });
  }) as typeof client.query;
  return client;
}

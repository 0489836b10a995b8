import { sql } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import { AppError } from '../errors';
import { connectionCanBreak, queryRows, type DbOrTx, type Tx } from './client';
import { MAX_CONNECTION_ATTEMPTS, reconnectPause } from './connection-retry';
import { isConnectionLost, isRetryableConflict } from './database-errors';
import { lockRooms } from './lock-rooms';

export interface WriteTransactionOptions {
  /**
   * Rooms whose advisory locks (exclusive, ascending id) are taken first thing in the transaction:
   * for a writer of reservations or blocked times that knows its rooms before it reads anything.
   * One that finds them in the database calls lockRooms / lockRoomsOfBooking itself, right after
   * the booking's row lock (the lock order of ARCHITECTURE.md "Data").
   */
  lockRooms?: readonly number[];
  /**
   * false for the rare transaction that does something outside the database inside it (the outbox
   * hands mail to the mailer before it marks it sent): run again, it would do that twice. Its
   * failures still become a 503 in a request.
   */
  retry?: boolean;
}

/** Attempts of one transaction that PostgreSQL rolled back for a deadlock or a serialization failure. */
export const MAX_CONFLICT_ATTEMPTS = 5;
export { MAX_CONNECTION_ATTEMPTS };
/** What a 503 from the database asks the client to wait (Retry-After, seconds). */
export const DATABASE_RETRY_AFTER_SECONDS = 1;

const stats = { conflictRetries: 0, reconnects: 0, gaveUp: 0, lostCommitsCommitted: 0, lostCommitsRolledBack: 0 };
/** How often this process retried and gave up (for the storm benchmark and the logs). */
export function writeTransactionStats(): Readonly<typeof stats> {
  return { ...stats };
}

/**
 * The one way the server runs a write transaction (ARCHITECTURE.md "Data", decisions 016 and 043).
 * `fn` may run more than once, so everything it does must be a write in the same transaction (queue
 * mail with enqueueMail, never send it; no HTTP calls) and it must not change state outside it.
 *
 * - 40001 / 40P01: PostgreSQL rolled the whole transaction back; it runs again after a short
 *   jittered pause, up to MAX_CONFLICT_ATTEMPTS in all, then a 503 SERVICE_UNAVAILABLE.
 * - A lost connection (pg_terminate_backend, a restart, a reset socket) while `fn` ran: nothing was
 *   committed, so it runs again on a fresh connection after a short pause (the pool discards the
 *   broken client, and meanwhile reads the end of the other clients a mass termination killed), up
 *   to MAX_CONNECTION_ATTEMPTS in all.
 * - Lost during COMMIT, the outcome is unknown, and running `fn` again could do the work twice.
 *   Before COMMIT the transaction's id is read (pg_current_xact_id_if_assigned: one round trip); on
 *   a fresh connection pg_xact_status then says what became of it: committed → `fn`'s result is
 *   the answer, as if nothing had happened; aborted → it runs again like any lost connection; no
 *   id → it wrote nothing, so the result stands. Only when that status cannot be read (the database
 *   stays away, or the dying backend is still 'in progress' after a second) is it a 503, and the
 *   client reads and decides.
 * - Anything else (an AppError from `fn`, a constraint violation) is thrown as it is.
 * Given a transaction (a repository called inside one), `fn` runs in a savepoint of it, once: only
 * the outermost transaction can be run again.
 */
export async function writeTransaction<T>(db: DbOrTx, fn: (tx: Tx) => Promise<T>, options: WriteTransactionOptions = {}): Promise<T> {
  if (db instanceof PgTransaction) {
    return withSavepoint(db as Tx, async (tx) => {
      if (options.lockRooms?.length) await lockRooms(tx, options.lockRooms);
      return fn(tx);
    });
  }
  const retry = options.retry !== false;
  const askOutcome = connectionCanBreak(db);
  let conflicts = 0;
  let connectionAttempts = 0;
  for (;;) {
    // Set once `fn` is done, just before COMMIT (a box: TypeScript does not follow the callback's assignment).
    const attempt: { committing?: { result: T; xid: string | null } } = {};
    try {
      // A db.transaction of its own is what this wrapper is for (the lint rule points everyone else here).
      // eslint-disable-next-line no-restricted-syntax
      return await db.transaction(async (tx) => {
        if (options.lockRooms?.length) await lockRooms(tx, options.lockRooms);
        const result = await fn(tx);
        attempt.committing = { result, xid: askOutcome ? (knownTransactionIds.get(tx) ?? (await transactionId(tx))) : null };
        return result;
      });
    } catch (error) {
      if (error instanceof AppError) throw error;
      if (isRetryableConflict(error)) {
        conflicts++;
        if (retry && conflicts < MAX_CONFLICT_ATTEMPTS) {
          stats.conflictRetries++;
          await pause(conflicts);
          continue;
        }
        stats.gaveUp++;
        throw databaseBusy(error);
      }
      if (isConnectionLost(error)) {
        connectionAttempts++;
        const { committing } = attempt;
        if (committing && askOutcome) {
          const outcome = committing.xid === null ? 'nothing written' : await commitOutcome(db, committing.xid);
          if (outcome === 'committed' || outcome === 'nothing written') {
            stats.lostCommitsCommitted++;
            return committing.result;
          }
          if (outcome === 'aborted') stats.lostCommitsRolledBack++;
          else {
            stats.gaveUp++;
            throw databaseUnavailable(error);
          }
        } else if (committing) {
          stats.gaveUp++;
          throw databaseUnavailable(error);
        }
        if (retry && connectionAttempts < MAX_CONNECTION_ATTEMPTS) {
          stats.reconnects++;
          await reconnectPause(connectionAttempts);
          continue;
        }
        stats.gaveUp++;
        throw databaseUnavailable(error);
      }
      throw error;
    }
  }
}

const knownTransactionIds = new WeakMap<Tx, string>();

/**
 * For `fn` of writeTransaction whose own statement already returned the transaction's id
 * (`pg_current_xact_id()::text`, the top-level id even in a savepoint): writeTransaction then does not
 * ask for it before COMMIT, one round trip less (decision 048). Ignored inside a savepoint.
 */
export function noteTransactionId(tx: Tx, xid: string): void {
  knownTransactionIds.set(tx, xid);
}

/** The transaction's id, or null when it has none (it wrote nothing). */
async function transactionId(tx: Tx): Promise<string | null> {
  const [row] = await queryRows<{ xid: string | null }>(tx, sql`select pg_current_xact_id_if_assigned()::text as xid`);
  return row?.xid ?? null;
}

/**
 * What became of a transaction whose COMMIT got no answer, asked on another connection (a lone
 * read: the pool runs it again while the connection is lost). 'in progress' while the terminated
 * backend is still finishing: asked again, for about a second.
 */
async function commitOutcome(db: DbOrTx, xid: string): Promise<'committed' | 'aborted' | 'unknown'> {
  for (let attempt = 1; attempt <= 10; attempt++) {
    try {
      const [row] = await queryRows<{ status: string | null }>(db, sql`select pg_xact_status(${xid}::xid8) as status`);
      if (row?.status === 'committed' || row?.status === 'aborted') return row.status;
    } catch (error) {
      if (!isConnectionLost(error)) throw error;
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return 'unknown';
}

/**
 * A savepoint inside a write transaction: its statements are undone alone when `fn` throws (an
 * exclusion violation the caller answers with the taken times), the transaction goes on.
 */
export function withSavepoint<T>(tx: Tx, fn: (savepoint: Tx) => Promise<T>): Promise<T> {
  // eslint-disable-next-line no-restricted-syntax
  return tx.transaction(fn);
}

/** 10, 20, 40, 80 ms… (at most 200), each between half and all of it: colliding writers spread out. */
function pause(attempt: number): Promise<void> {
  const ceiling = Math.min(10 * 2 ** (attempt - 1), 200);
  return new Promise((resolve) => setTimeout(resolve, ceiling / 2 + Math.random() * (ceiling / 2)));
}

/** Still a deadlock or serialization failure after the retries (or a lone statement outside a transaction). */
export function databaseBusy(cause: unknown): AppError {
  const error = new AppError(
    'SERVICE_UNAVAILABLE',
    'Deadlock or serialization failure, not retried further',
    'Det er mye pågang akkurat nå. Prøv igjen om litt.',
  );
  error.cause = cause;
  return error;
}

/** The connection broke (again, or during the commit): 503 with Retry-After. Also for the error handler. */
export function databaseUnavailable(cause: unknown): AppError {
  const error = new AppError(
    'SERVICE_UNAVAILABLE',
    'The database connection was lost',
    'Tjenesten er midlertidig utilgjengelig. Prøv igjen om litt.',
  );
  error.cause = cause;
  return error;
}

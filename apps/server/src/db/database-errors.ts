/**
 * Database errors arrive wrapped (Drizzle's DrizzleQueryError around the driver's error): the SQLSTATE
 * and the driver's message are on the error or somewhere down its `cause` chain.
 */
function* causes(error: unknown): Generator<{ code?: unknown; message?: unknown }> {
  let e: unknown = error;
  for (let depth = 0; e && typeof e === 'object' && depth < 5; depth++) {
    yield e as { code?: unknown; message?: unknown };
    e = (e as { cause?: unknown }).cause;
  }
}

/** The SQLSTATE of a database error (23P01 exclusion violation, 40P01 deadlock…), if it is one. */
export function sqlState(error: unknown): string | undefined {
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && /^[0-9A-Z]{5}$/.test(e.code)) return e.code;
  }
  return undefined;
}

/**
 * 40001 serialization failure, 40P01 deadlock detected: PostgreSQL rolled the transaction back and
 * the same work, run again, normally succeeds.
 */
export function isRetryableConflict(error: unknown): boolean {
  const state = sqlState(error);
  return state === '40001' || state === '40P01';
}

/** Node's socket errors and node-postgres' messages for a connection that is gone. */
const lostConnectionCodes = new Set(['ECONNRESET', 'ECONNREFUSED', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENOTCONN']);
const lostConnectionMessage =
  /connection terminated|terminating connection|client was closed|not queryable|connection error|server closed the connection|econnreset|econnrefused/i;

/**
 * The database connection broke (pg_terminate_backend: 57P01, a server shutting down or
 * restarting: 57P02/57P03, class 08 connection exceptions, a reset socket). The work itself was
 * fine: on a fresh connection it can succeed, and a client told 503 may try again.
 */
export function isConnectionLost(error: unknown): boolean {
  const state = sqlState(error);
  if (state) return /^(08[0-9A-Z]{3}|57P0[123])$/.test(state);
  for (const e of causes(error)) {
    if (typeof e.code === 'string' && lostConnectionCodes.has(e.code)) return true;
    // Drizzle's wrapper quotes the query and its parameters, which may hold anything a user wrote.
    if ('query' in e) continue;
    if (typeof e.message === 'string' && lostConnectionMessage.test(e.message)) return true;
  }
  return false;
}

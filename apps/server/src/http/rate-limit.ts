import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../db/client';
import { countRequest, deleteOldRequestCounts } from './rate-limit-repository';

type Callback = (error: Error | null, result?: { current: number; ttl: number }) => void;
/** What the plugin really passes to child(): the route's merged limit options with the route itself. */
interface MergedRouteParams {
  routeInfo?: { method?: string | string[]; url?: string };
}

/**
 * The rate limiter's store (the interface of @fastify/rate-limit's LocalStore): counters in the
 * database, so every server process counts against one limit. `child()` gives each route its own
 * counters, as the in-memory store does.
 */
function databaseStore(db: Db) {
  return class DatabaseRateLimitStore {
    private readonly prefix: string;
    /** The plugin passes its options (unused here); `child()` passes the route's key prefix. */
    constructor(_options?: unknown, prefix = '') {
      this.prefix = prefix;
    }

    // The plugin passes the route's window in ms (its typings leave it out).
    incr(key: string, callback: Callback, timeWindow = 60_000): void {
      countRequest(db, `${this.prefix}${key}`, timeWindow).then(
        ({ count, ttlMs }) => callback(null, { current: count, ttl: ttlMs }),
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    }

    child(routeOptions: object): DatabaseRateLimitStore {
      const { method, url } = (routeOptions as MergedRouteParams).routeInfo ?? {};
      return new DatabaseRateLimitStore(undefined, `${[method].flat().join(',')} ${url ?? ''}|`);
    }
  };
}

/** Deletes old counters; hourly is plenty (a row is a few bytes). */
export const CLEAN_RATE_LIMITS_JOB = 'clean-rate-limits';

/**
 * Registers @fastify/rate-limit once for the whole app, before any route: nothing is limited unless
 * a route opts in with `config: { rateLimit: { max, timeWindow } }`, keyed by the client's address.
 * When the database cannot count (a connection blip), the request is let through rather than
 * refused: the route's own database work answers for the blip.
 */
export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  await app.register(rateLimit, { global: false, store: databaseStore(app.database.db), skipOnError: true });
  app.jobs.register({ name: CLEAN_RATE_LIMITS_JOB, intervalMs: 60 * 60 * 1000, run: () => deleteOldRequestCounts(app.database.db) });
}

import { integer, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * The request counters of @fastify/rate-limit (http/rate-limit-store.ts), one row per client key and
 * fixed window. Kept in the database so that every server process counts against the same limit: a
 * counter per process would let an attacker multiply the limit by the number of processes.
 */
export const rateLimitCounters = pgTable(
  'rate_limit_counters',
  {
    /** The route and the client (its address), e.g. `POST /api/support|203.0.113.7`. */
    key: text('key').notNull(),
    windowStart: timestamp('window_start', { withTimezone: true }).notNull(),
    count: integer('count').notNull(),
  },
  (table) => [primaryKey({ columns: [table.key, table.windowStart] })],
);

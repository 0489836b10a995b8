import pg from 'pg';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../db/client';
import { outboxBacklog, type OutboxBacklog } from './metrics-repository';

/** Error codes of a 409 that mean "the time is taken" (errors.ts), counted as booking conflicts. */
export const BOOKING_CONFLICT_CODES: ReadonlySet<string> = new Set([
  'BOOKING_CONFLICT',
  'TIME_NO_LONGER_HELD',
  'ROUND_TIME_ALREADY_ALLOCATED',
]);

/** Request durations from 5 ms (a cached read) to 10 s (past every timeout a user waits for). */
const HTTP_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];
/** Job lag and duration: from the 1 s poll interval to the 5 min retry cap and beyond. */
const JOB_BUCKETS = [0.1, 0.5, 1, 2, 5, 10, 30, 60, 300, 900];

export type AppMetrics = ReturnType<typeof createMetrics>;

let processRegistry: Registry | undefined;

/**
 * prom-client's default series (CPU, memory, event-loop lag, GC, handles) describe the process, not an
 * app: one registry per process, made at the first scrape. Each collectDefaultMetrics call starts its
 * own event-loop monitor and GC observer, which a test process building hundreds of apps must not pile up.
 */
function processMetrics(): Registry {
  if (!processRegistry) {
    processRegistry = new Registry();
    collectDefaultMetrics({ register: processRegistry });
  }
  return processRegistry;
}

/**
 * The application's Prometheus series, in a registry of its own (not prom-client's global one), so
 * two apps in one test process never share a counter. Gauges that describe the database (outbox,
 * pool) are read at scrape time: nothing runs between scrapes.
 */
export function createMetrics(database: Database) {
  const registry = new Registry();
  const labels = ['method', 'route', 'status'] as const;
  const backlog = scrapeOnce(() => outboxBacklog(database.db));
  const pool = poolOf(database);

  return {
    registry,
    contentType: registry.contentType,
    /** The exposition text: the app's series, then the process's. */
    async scrape(): Promise<string> {
      const [app, process] = await Promise.all([registry.metrics(), processMetrics().metrics()]);
      return `${app}\n${process}`;
    },
    httpRequests: new Counter({
      name: 'lokaler_http_requests_total',
      help: 'HTTP requests answered, by method, route pattern and status.',
      labelNames: labels,
      registers: [registry],
    }),
    httpDuration: new Histogram({
      name: 'lokaler_http_request_duration_seconds',
      help: 'Time from the request to the end of its answer, by method, route pattern and status.',
      labelNames: labels,
      buckets: HTTP_BUCKETS,
      registers: [registry],
    }),
    httpErrors: new Counter({
      name: 'lokaler_http_request_errors_total',
      help: 'Answers with a 5xx status (a fault of ours or of the database), by method, route pattern and status.',
      labelNames: labels,
      registers: [registry],
    }),
    bookingConflicts: new Counter({
      name: 'lokaler_booking_conflicts_total',
      help: 'Booking requests refused with 409 because a time was taken, by route pattern and error code.',
      labelNames: ['route', 'code'] as const,
      registers: [registry],
    }),
    jobRuns: new Counter({
      name: 'lokaler_job_runs_total',
      help: 'Background job runs started in this process, by job.',
      labelNames: ['job'] as const,
      registers: [registry],
    }),
    jobFailures: new Counter({
      name: 'lokaler_job_failures_total',
      help: 'Background job runs that failed, by job.',
      labelNames: ['job'] as const,
      registers: [registry],
    }),
    jobLag: new Histogram({
      name: 'lokaler_job_lag_seconds',
      help: 'How late a scheduled job run started after it was due, by job.',
      labelNames: ['job'] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    jobDuration: new Histogram({
      name: 'lokaler_job_duration_seconds',
      help: 'How long a job run took, by job.',
      labelNames: ['job'] as const,
      buckets: JOB_BUCKETS,
      registers: [registry],
    }),
    mailFailures: new Counter({
      name: 'lokaler_mail_delivery_failures_total',
      help: 'Failed mail deliveries: outcome retry (tried again later) or given_up.',
      labelNames: ['outcome'] as const,
      registers: [registry],
    }),
    outboxUnsent: new Gauge({
      name: 'lokaler_outbox_unsent_messages',
      help: 'E-mails in the outbox neither sent nor given up.',
      registers: [registry],
      async collect() {
        this.set((await backlog()).unsent);
      },
    }),
    outboxOldestAge: new Gauge({
      name: 'lokaler_outbox_oldest_unsent_age_seconds',
      help: 'Age of the oldest unsent e-mail in the outbox (0 when none).',
      registers: [registry],
      async collect() {
        this.set((await backlog()).oldestAgeSeconds);
      },
    }),
    poolTotal: new Gauge({
      name: 'lokaler_db_pool_connections',
      help: 'Open database connections of this process (PGlite: always 1).',
      registers: [registry],
      collect() {
        this.set(pool().total);
      },
    }),
    poolIdle: new Gauge({
      name: 'lokaler_db_pool_idle_connections',
      help: 'Open database connections not in use.',
      registers: [registry],
      collect() {
        this.set(pool().idle);
      },
    }),
    poolWaiting: new Gauge({
      name: 'lokaler_db_pool_waiting_requests',
      help: 'Queries waiting for a free database connection.',
      registers: [registry],
      collect() {
        this.set(pool().waiting);
      },
    }),
  };
}

/**
 * Both outbox gauges come from one query: a scrape collects every metric at once (in parallel), so the
 * first gauge starts it and the other shares it while it runs. The next scrape runs it again.
 */
function scrapeOnce(query: () => Promise<OutboxBacklog>): () => Promise<OutboxBacklog> {
  let pending: Promise<OutboxBacklog> | null = null;
  return () => {
    // A database that does not answer must not fail the scrape (readiness reports that): NaN says "unknown".
    pending ??= query()
      .catch(() => ({ unsent: Number.NaN, oldestAgeSeconds: Number.NaN }))
      .finally(() => {
        pending = null;
      });
    return pending;
  };
}

/** pg's pool counts; PGlite is one in-process connection that queues its own queries. */
function poolOf(database: Database): () => { total: number; idle: number; waiting: number } {
  const client = (database.db as unknown as { $client?: unknown }).$client;
  if (client instanceof pg.Pool) return () => ({ total: client.totalCount, idle: client.idleCount, waiting: client.waitingCount });
  return () => ({ total: 1, idle: 1, waiting: 0 });
}

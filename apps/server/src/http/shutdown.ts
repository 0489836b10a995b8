import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

/** How long a shutdown may take before the process exits anyway (a load balancer's usual grace). */
export const SHUTDOWN_GRACE_MS = 10_000;

// Keyed by the HTTP server, which the root app and every encapsulated plugin instance share.
const shuttingDown = new WeakSet<object>();

/** True once shutdown began: the readiness check answers 503 so load balancers stop sending traffic. */
export function isShuttingDown(app: FastifyInstance): boolean {
  return shuttingDown.has(app.server);
}

/** From now on the readiness check answers 503 (the first step of shutDown). */
export function markShuttingDown(app: FastifyInstance): void {
  shuttingDown.add(app.server);
}

/**
 * Marks the app as shutting down (readiness 503), then closes it: the server stops accepting
 * connections, requests in flight finish (Fastify answers 503 to new ones on open connections), the
 * job runner stops claiming and lets its current runs end, and only then the database pool closes.
 */
export async function shutDown(app: FastifyInstance, database: Database): Promise<void> {
  markShuttingDown(app);
  // The job runner stops claiming at once and finishes its current runs while requests drain
  // (app.close() would stop it only after the last request); what they queue, another process sends.
  await Promise.all([app.jobs.stop(), app.close()]);
  await database.close();
}

/**
 * SIGTERM and SIGINT shut the process down gracefully; if that takes longer than SHUTDOWN_GRACE_MS
 * (a request or job that hangs), it exits with 1 regardless, as the orchestrator would kill it anyway.
 */
export function exitOnSignals(app: FastifyInstance, database: Database, graceMs = SHUTDOWN_GRACE_MS): void {
  const onSignal = (signal: NodeJS.Signals) => {
    app.log.info({ signal }, 'shutting down');
    setTimeout(() => {
      app.log.error({ graceMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, graceMs).unref();
    shutDown(app, database).then(
      () => process.exit(0),
      (error: unknown) => {
        app.log.error({ err: error }, 'shutdown failed');
        process.exit(1);
      },
    );
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
}

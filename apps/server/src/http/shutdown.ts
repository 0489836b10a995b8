import type { ServerResponse } from 'node:http';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../db/client';

export interface ShutdownTimes {
  /** How long the process keeps serving, readiness 503, before it stops accepting (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** The whole shutdown's bound; past it the process exits with 1 (SHUTDOWN_GRACE_MS). */
  graceMs: number;
}

// Keyed by the HTTP server, which the root app and every encapsulated plugin instance share.
const shuttingDown = new WeakSet<object>();
/** The answers not yet sent, per server (closeConnectionsOnShutdown): they get Connection: close once shutdown begins. */
const unsent = new WeakMap<object, Set<ServerResponse>>();

/** True once shutdown began: the readiness check answers 503 so load balancers stop sending traffic. */
export function isShuttingDown(app: FastifyInstance): boolean {
  return shuttingDown.has(app.server);
}

/** From now on the readiness check answers 503 and every answer closes its connection (the first step of shutDown). */
export function markShuttingDown(app: FastifyInstance): void {
  shuttingDown.add(app.server);
  for (const response of unsent.get(app.server) ?? []) {
    if (!response.headersSent) response.setHeader('connection', 'close');
  }
}

/**
 * Once shutdown begins, every answer — to a request in flight or one arriving during the drain —
 * carries `Connection: close`, so a client or load balancer does not send its next request on a
 * connection that is about to end (that request would be reset). Done at the Node server, ahead of
 * Fastify's own listener: a root hook added after the modules are registered would not reach their
 * routes. Call before listen().
 */
export function closeConnectionsOnShutdown(app: FastifyInstance): void {
  const open = new Set<ServerResponse>();
  unsent.set(app.server, open);
  app.server.prependListener('request', (_request, response: ServerResponse) => {
    if (isShuttingDown(app)) {
      response.setHeader('connection', 'close');
      return;
    }
    open.add(response);
    response.once('close', () => open.delete(response));
  });
}

/**
 * Shuts down without a failed request behind a load balancer (decision 035):
 * 1. readiness answers 503 at once, every answer closes its connection, and the job runner stops
 *    claiming (its current runs go on; what they queue, another process sends);
 * 2. for `drainMs` the process keeps serving, until the load balancer has seen the 503 and stopped
 *    sending;
 * 3. keep-alive connections idle by then are closed (an orderly close, not a reset), the listener stops
 *    accepting, requests in flight finish (a request on a busy connection is still served: Fastify's
 *    503 on closing is off, http/server-limits.ts), and the job runs end;
 * 4. the database pool closes.
 */
export async function shutDown(app: FastifyInstance, database: Database, drainMs = 0): Promise<void> {
  markShuttingDown(app);
  const jobsStopped = app.jobs.stop();
  if (drainMs > 0) await new Promise((resolve) => setTimeout(resolve, drainMs));
  app.server.closeIdleConnections();
  await Promise.all([jobsStopped, app.close()]);
  await database.close();
}

/**
 * SIGTERM and SIGINT shut the process down gracefully; if that takes longer than the grace (a
 * request or job that hangs), it exits with 1 regardless, as the orchestrator would kill it anyway.
 * Call before listen().
 */
export function exitOnSignals(app: FastifyInstance, database: Database, times: ShutdownTimes = app.config.shutdown): void {
  closeConnectionsOnShutdown(app);
  const onSignal = (signal: NodeJS.Signals) => {
    app.log.info({ signal, drainMs: times.drainMs, graceMs: times.graceMs }, 'shutting down');
    setTimeout(() => {
      app.log.error({ graceMs: times.graceMs }, 'shutdown took too long: exiting');
      process.exit(1);
    }, times.graceMs).unref();
    shutDown(app, database, times.drainMs).then(
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

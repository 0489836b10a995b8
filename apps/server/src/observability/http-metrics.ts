import type { FastifyInstance, FastifyRequest } from 'fastify';
import { sqlState } from '../db/database-errors';
import { AppError } from '../errors';
import { BOOKING_CONFLICT_CODES, type AppMetrics } from './metrics';

declare module 'fastify' {
  interface FastifyRequest {
    /** The error code of a 409 answer that is a booking conflict, noted when the error was thrown. */
    bookingConflictCode?: string;
  }
}

/** The route's pattern (`/api/booking/:id`), never the raw URL, so the series stay few; unknown paths are one. */
function routeOf(request: FastifyRequest): string {
  return request.routeOptions.url ?? 'unmatched';
}

/** Counts and times every answer by method, route pattern and status, and counts booking conflicts. */
export function registerHttpMetrics(app: FastifyInstance, metrics: AppMetrics): void {
  // The error as thrown, before the error handler turns it into the answer (http/error-handler.ts
  // answers an exclusion violation, 23P01, with BOOKING_CONFLICT).
  app.addHook('onError', async (request, _reply, error) => {
    if (error instanceof AppError && BOOKING_CONFLICT_CODES.has(error.code)) request.bookingConflictCode = error.code;
    else if (sqlState(error) === '23P01') request.bookingConflictCode = 'BOOKING_CONFLICT';
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = routeOf(request);
    const labels = { method: request.method, route, status: String(reply.statusCode) };
    metrics.httpRequests.inc(labels);
    metrics.httpDuration.observe(labels, reply.elapsedTime / 1000);
    if (reply.statusCode >= 500) metrics.httpErrors.inc(labels);
    if (request.bookingConflictCode && reply.statusCode === 409) metrics.bookingConflicts.inc({ route, code: request.bookingConflictCode });
  });
}

import { createHash, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../errors';
import type { AppMetrics } from './metrics';

const digest = (value: string) => createHash('sha256').update(value).digest();

/** Compares in constant time (as digests, so the token's length does not show either). */
export function bearerMatches(authorization: string | undefined, token: string): boolean {
  const sent = /^Bearer\s+(\S+)$/i.exec(authorization ?? '')?.[1] ?? '';
  return timingSafeEqual(digest(sent), digest(token));
}

/**
 * GET /metrics on the main port, for a Prometheus that can only reach it: only with
 * `Authorization: Bearer $METRICS_TOKEN` (401 otherwise). Without METRICS_TOKEN it does not exist
 * (404, the same answer as any unknown path), since the series tell an outsider about traffic.
 */
export function registerMetricsEndpoint(
  app: FastifyInstance,
  metrics: Pick<AppMetrics, 'scrape' | 'contentType'>,
  token: string | undefined,
): void {
  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    if (!token) return reply.callNotFound();
    if (!bearerMatches(request.headers.authorization, token)) {
      void reply.header('www-authenticate', 'Bearer');
      throw AppError.unauthenticated('A valid METRICS_TOKEN bearer token is required');
    }
    return reply.type(metrics.contentType).send(await metrics.scrape());
  });
}

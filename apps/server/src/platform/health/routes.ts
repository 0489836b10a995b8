import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse, readinessResponse } from '@lokaler/domain/health';
import { pingDatabase } from '../../db/ping-database';
import { isShuttingDown } from '../../http/shutdown';

/** A database that does not answer within this is as good as down for a load balancer. */
export const READINESS_TIMEOUT_MS = 2000;

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  // Liveness: the process answers. No database, so a database outage does not get every process restarted.
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: { tags: ['drift'], summary: 'Liveness: the process answers (no database)', response: { 200: healthResponse } },
    },
    async () => ({ status: 'ok' as const, engine: app.database.engine }),
  );

  // Readiness: whether a load balancer should send this process traffic.
  app.get(
    '/health/ready',
    {
      config: { access: 'public' },
      schema: {
        tags: ['drift'],
        summary: 'Readiness: the database answers and the process is not shutting down',
        description: '503 while shutting down or when the database does not answer `select 1` within 2 s.',
        response: { 200: readinessResponse, 503: readinessResponse },
      },
    },
    async (_request, reply) => {
      if (isShuttingDown(app)) return reply.status(503).send({ status: 'shutting-down' });
      const answered = await pingWithin(app.database.db, READINESS_TIMEOUT_MS);
      if (!answered) return reply.status(503).header('retry-after', '5').send({ status: 'database-unavailable' });
      return { status: 'ready' as const };
    },
  );
};

async function pingWithin(db: Parameters<typeof pingDatabase>[0], ms: number): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<false>((resolve) => {
    timer = setTimeout(() => resolve(false), ms);
  });
  try {
    return await Promise.race([pingDatabase(db).then(() => true), timeout]);
  } catch {
    return false;
  } finally {
    clearTimeout(timer);
  }
}

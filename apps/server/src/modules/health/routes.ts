import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { sql } from 'drizzle-orm';
import { healthResponse } from '@lokaler/domain/health';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    schema: { tags: ['drift'], summary: 'Liveness and database check', response: { 200: healthResponse } },
  }, async () => {
    await app.database.db.execute(sql`select 1`);
    return { status: 'ok' as const, engine: app.database.engine };
  });
};

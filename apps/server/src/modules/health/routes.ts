import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { healthResponse } from '@lokaler/domain/health';
import { pingDatabase } from '../../db/ping-database';

export const healthRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/health', {
    config: { access: 'public' },
    schema: { tags: ['drift'], summary: 'Liveness and database check', response: { 200: healthResponse } },
  }, async () => {
    await pingDatabase(app.database.db);
    return { status: 'ok' as const, engine: app.database.engine };
  });
};

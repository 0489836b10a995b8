import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { frontendErrorInput } from '@lokaler/domain/frontend-error';
import { recordFrontendError } from './record-frontend-error';

export const frontendErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post('/frontenderror', {
    schema: {
      tags: ['drift'],
      summary: 'Report an error from a browser (stored without personal data; the newest 20 per distinct error are kept)',
      body: frontendErrorInput,
      response: { 204: z.null(), 400: apiError },
    },
    // Anonymous and cheap, but still an open write: limited per client when @fastify/rate-limit is registered.
    config: { access: 'public', rateLimit: { max: 30, timeWindow: '1 minute' } },
    bodyLimit: 64 * 1024,
  }, async (request, reply) => {
    await recordFrontendError({ db: app.database.db, report: request.body });
    return reply.status(204).send(null);
  });
};

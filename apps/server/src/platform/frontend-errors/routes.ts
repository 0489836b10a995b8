import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { frontendErrorInput } from '@lokaler/domain/frontend-error';
import { recordFrontendError } from './record-frontend-error';

/** Reports one client address may send per minute (counted across every server process). */
export const FRONTEND_ERROR_RATE_LIMIT = 30;

export const frontendErrorRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/frontenderror',
    {
      schema: {
        tags: ['drift'],
        summary: 'Report an error from a browser (stored without personal data; the newest 20 per distinct error are kept)',
        body: frontendErrorInput,
        response: { 204: z.null(), 400: apiError, 429: apiError },
      },
      // Anonymous and cheap, but still an open write: limited per client address across every process (http/rate-limit.ts).
      config: { access: 'public', rateLimit: { max: FRONTEND_ERROR_RATE_LIMIT, timeWindow: '1 minute' } },
      bodyLimit: 64 * 1024,
    },
    async (request, reply) => {
      await recordFrontendError({ db: app.database.db, report: request.body });
      return reply.status(204).send(null);
    },
  );
};

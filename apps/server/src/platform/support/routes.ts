import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { supportRequest, supportResponse } from '@lokaler/domain/support-request';
import { sendSupportInquiry } from './send-support-inquiry';

/**
 * The contact form (spec 01 §7 POST /support). Anonymous, so it is limited per client address:
 * SUPPORT_RATE_LIMIT inquiries per 10 minutes, counted in the database across every server process
 * (http/rate-limit.ts).
 */
export const SUPPORT_RATE_LIMIT = 10;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  app.post(
    '/support',
    {
      schema: {
        tags: ['kontakt'],
        summary: 'Send an inquiry from the contact form (only while CONTACT_US is ENABLED)',
        body: supportRequest,
        response: { 201: supportResponse, 400: apiError, 404: apiError, 429: apiError },
      },
      config: { access: 'public', rateLimit: { max: SUPPORT_RATE_LIMIT, timeWindow: '10 minutes' } },
      bodyLimit: 64 * 1024,
    },
    async (request, reply) => reply.status(201).send(await sendSupportInquiry({ db: app.database.db, request: request.body })),
  );
};

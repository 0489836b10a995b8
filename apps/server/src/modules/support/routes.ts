import rateLimit from '@fastify/rate-limit';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { supportRequest, supportResponse } from '@lokaler/domain/support-request';
import { sendSupportInquiry } from './send-support-inquiry';

/**
 * The contact form (spec 01 §7 POST /support). Anonymous, so it is limited per client address:
 * SUPPORT_RATE_LIMIT inquiries per 10 minutes (in memory per server process: a guard against a
 * runaway script, not against a distributed attack).
 */
export const SUPPORT_RATE_LIMIT = 10;

export const supportRoutes: FastifyPluginAsyncZod = async (app) => {
  // Registered here, for this plugin's routes only, unless the app already has it.
  if (!app.hasDecorator('rateLimit')) await app.register(rateLimit, { global: false });

  app.post('/support', {
    schema: {
      tags: ['kontakt'],
      summary: 'Send an inquiry from the contact form (only while CONTACT_US is ENABLED)',
      body: supportRequest,
      response: { 201: supportResponse, 400: apiError, 404: apiError, 429: apiError },
    },
    config: { access: 'public', rateLimit: { max: SUPPORT_RATE_LIMIT, timeWindow: '10 minutes' } },
    bodyLimit: 64 * 1024,
  }, async (request, reply) => reply.status(201).send(await sendSupportInquiry({ db: app.database.db, request: request.body })));
};

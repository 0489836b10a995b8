import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParam } from '@lokaler/domain/id-param';
import { weddingApplicationRequest } from '@lokaler/domain/wedding-application';
import { weddingFormResponse, weddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';
import { effectiveIdentity } from '../../people';
import { certificateBodyOptions } from '../wedding-certificate/upload-body-limit';
import { getWeddingPrefill } from './get-wedding-prefill';
import { submitWeddingApplication } from './submit-wedding-application';

const security = [{ bearer: [] }];
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 413: apiError, 422: apiError };

/** The wedding wizard's calls (spec 02 §7, decision 012). GET /user/form/wedding/{id} is the wedding-certificate module's. */
export const weddingApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get('/user/form/wedding/prefill/:bookingId', {
    // onRequest: an anonymous call is 401 before anything else is looked at.
    config: { access: 'citizen' },
    schema: {
      tags: ['mine bookinger'],
      summary: 'What the wedding wizard knows before it starts (name, e-mail, phone) and whether the held time is gone',
      description: '404 \'Fant ikke bookingen\' for a booking the caller does not see (the same as a missing one) or that is not a wedding; 422 \'Ikke tilgjengelig\' outside a wedding venue.',
      security, params: z.object({ bookingId: idParam }), response: { 200: weddingPrefillResponse, ...errors },
    },
  }, async (request, reply) => getWeddingPrefill(db, await effectiveIdentity(request, reply), request.params.bookingId, new Date()));

  app.post('/user/form/wedding', {
    // onRequest: an anonymous call is 401 before its body is read; the body is bounded by the data URL of 10 MB.
    config: { access: 'citizen' },
    ...certificateBodyOptions,
    schema: {
      tags: ['mine bookinger'],
      summary: 'Send the wedding application (spec 02 §3) for a held wedding time',
      description: '201 with the form read model. 409 TIME_NO_LONGER_HELD when the time is no longer held for this booking (\'Ett eller flere tidspunkt er opptatt\'); '
        + '409 CONFLICT when the form was sent already; 400 VALIDATION with each field\'s Norwegian message; 400 BAD_REQUEST for a certificate that is not a PDF, too large or not a data URL; 404 as for prefill. Nothing is written unless 201.',
      security, body: weddingApplicationRequest, response: { 201: weddingFormResponse, ...errors },
    },
  }, async (request, reply) => {
    const form = await submitWeddingApplication({ db, identity: await effectiveIdentity(request, reply), body: request.body, now: new Date(), publicUrl: app.config.publicUrl });
    return reply.status(201).send(form);
  });
};

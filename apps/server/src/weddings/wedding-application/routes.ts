import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParam } from '@lokaler/domain/id-param';
import { weddingApplicationRequest } from '@lokaler/domain/wedding-application';
import { weddingFormResponse, weddingPrefillResponse } from '@lokaler/domain/wedding-application-answers';
import { weddingWizardOpenResponse, weddingWizardVisit } from '@lokaler/domain/wedding-hold';
import { effectiveIdentity } from '../../people';
import { certificateBodyOptions } from '../wedding-certificate/upload-body-limit';
import { getWeddingPrefill } from './get-wedding-prefill';
import { submitWeddingApplication } from './submit-wedding-application';
import { leaveWeddingWizard, openWeddingWizard } from './wizard-visit';

const security = [{ bearer: [] }];
const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 413: apiError, 422: apiError };

/** The wedding wizard's calls (spec 02 §7, decision 012). GET /user/form/wedding/{id} is the wedding-certificate module's. */
export const weddingApplicationRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/user/form/wedding/prefill/:bookingId',
    {
      // onRequest: an anonymous call is 401 before anything else is looked at.
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'What the wedding wizard knows before it starts (name, e-mail, phone) and whether the held time is gone',
        description:
          "404 'Fant ikke bookingen' for a booking the caller does not see (the same as a missing one) or that is not a wedding; 422 'Ikke tilgjengelig' outside a wedding venue.",
        security,
        params: z.object({ bookingId: idParam }),
        response: { 200: weddingPrefillResponse, ...errors },
      },
    },
    async (request, reply) => getWeddingPrefill(db, await effectiveIdentity(request, reply), request.params.bookingId, new Date()),
  );

  app.post(
    '/user/form/wedding',
    {
      // onRequest: an anonymous call is 401 before its body is read; the body is bounded by the data URL of 10 MB.
      config: { access: 'citizen' },
      ...certificateBodyOptions,
      schema: {
        tags: ['mine bookinger'],
        summary: 'Send the wedding application (spec 02 §3) for a held wedding time',
        description:
          "201 with the form read model. 409 TIME_NO_LONGER_HELD when the time is no longer held for this booking ('Ett eller flere tidspunkt er opptatt'); " +
          "409 CONFLICT when the form was sent already; 400 VALIDATION with each field's Norwegian message; 400 BAD_REQUEST for a certificate that is not a PDF, too large or not a data URL; 404 as for prefill. Nothing is written unless 201.",
        security,
        body: weddingApplicationRequest,
        response: { 201: weddingFormResponse, ...errors },
      },
    },
    async (request, reply) => {
      const form = await submitWeddingApplication({
        db,
        identity: await effectiveIdentity(request, reply),
        body: request.body,
        now: new Date(),
        publicUrl: app.config.publicUrl,
      });
      return reply.status(201).send(form);
    },
  );

  app.put(
    '/user/form/wedding/:id/wizard-open',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'A page of the wedding wizard opened (decision 038): the held time stays held for it',
        description:
          'Clears a release set when an earlier page of the wizard went away (a reload, a restored tab). 200 with when the hold ends; ' +
          '409 TIME_NO_LONGER_HELD when the time is no longer held (the hold or the release moment passed, or the booking was closed); 409 CONFLICT when the form was sent; 404 as for prefill.',
        // :id as the certificate's routes name the same segment (Fastify's router keeps one name per position).
        security,
        params: z.object({ id: idParam }),
        body: weddingWizardVisit,
        response: { 200: weddingWizardOpenResponse, ...errors },
      },
    },
    async (request, reply) =>
      openWeddingWizard({
        db,
        identity: await effectiveIdentity(request, reply),
        bookingId: request.params.id,
        visitId: request.body.visitId,
        now: new Date(),
      }),
  );

  app.put(
    '/user/form/wedding/:id/wizard-left',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The page of the wedding wizard went away (pagehide, decision 038): the time goes soon unless the wizard opens again',
        description:
          'Sent with keepalive when the page is hidden for good or reloaded. The held time is let go WEDDING_WIZARD_RETURN_SECONDS later unless wizard-open comes first. ' +
          '204 also when there is nothing to let go (the form was sent, the time is gone, or a newer page of the wizard opened); 404 as for prefill.',
        security,
        params: z.object({ id: idParam }),
        body: weddingWizardVisit,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      const identity = await effectiveIdentity(request, reply);
      await leaveWeddingWizard({
        db,
        identity,
        bookingId: request.params.id,
        visitId: request.body.visitId,
        now: new Date(),
        returnSeconds: app.config.weddingWizardReturnSeconds,
      });
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { archiveMessages } from '@lokaler/domain/archive-message';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { listArchiveMessages } from './list-archive-messages';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The booking's messages to the city's archive, beside its e-mails in the administrator's log (decision 056). */
export const archiveMessageRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/booking-log/:id/archive-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The booking's messages to the city's archive: waiting, sent, or failed and to be tried again, with the archive's answer",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: archiveMessages, ...errors },
      },
    },
    async (request) => listArchiveMessages({ db, user: currentUser(request), bookingId: request.params.id }),
  );
};

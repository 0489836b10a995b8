import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { invoiceBasisResponse } from '@lokaler/domain/invoice-basis';
import { currentUser } from '../../auth/index';
import { getInvoiceBasis } from './get-invoice-basis';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** The booking's invoice basis as its location's administrators see it (decision 058). */
export const invoiceBasisRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  app.get(
    '/admin/booking/:id/invoice-basis',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The booking's invoice basis: one line per price element and month, debits and credits, oldest first",
        security: [{ bearer: [] }],
        description:
          "For the administrators of the booking's location (403 for others, 404 when there is no such booking). Kept for every booking approved with a cost-based or market price.",
        params: idParams,
        response: { 200: invoiceBasisResponse, ...errors },
      },
    },
    async (request) => getInvoiceBasis({ db, user: currentUser(request), bookingId: request.params.id }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { userInvoicesResponse } from '@lokaler/domain/invoices';
import { applicantBooking } from '../../bookings';
import { effectiveIdentity } from '../../people';
import { sendInvoicePdf } from './invoice-pdf';
import { findUserInvoice, listUserInvoices } from './user-invoices';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];
const tags = ['mine bookinger'];

/** The citizen's invoices (decision 071): the effective user's own only, a person's or the organisation's they act for. */
export const userInvoiceRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const seller = app.config.invoicing.seller;

  app.get(
    '/user/invoices',
    {
      config: { access: 'citizen' },
      schema: {
        tags,
        security,
        response: { 200: userInvoicesResponse, ...errors },
        summary: 'The invoices and credit notes of the identity the caller acts as, newest first',
      },
    },
    async (request, reply) => listUserInvoices(db, await effectiveIdentity(request, reply), seller),
  );

  app.get(
    '/user/booking/:id/invoices',
    {
      config: { access: 'citizen' },
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: userInvoicesResponse, ...errors },
        summary: "One booking's invoices and credit notes, newest first",
        description: 'The same 404 for a booking that does not exist and one the identity does not see.',
      },
    },
    async (request, reply) => {
      const { identity, booking } = await applicantBooking(request, reply, request.params.id);
      return listUserInvoices(db, identity, seller, booking.id);
    },
  );

  app.get(
    '/user/invoices/:id/pdf',
    {
      config: { access: 'citizen' },
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: z.any().describe('The PDF'), ...errors },
        summary: "One of the identity's invoices or credit notes as PDF/A-2b (application/pdf), as it was sent",
        description: "The same 404 for an invoice that does not exist and another's.",
      },
    },
    async (request, reply) =>
      sendInvoicePdf(reply, await findUserInvoice(db, await effectiveIdentity(request, reply), request.params.id), seller),
  );
};

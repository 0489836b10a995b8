import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import {
  invoiceAdjustmentRequest,
  invoiceHoldRequest,
  invoiceMessages,
  invoiceRunRequest,
  invoiceRunResponse,
  invoiceSettings,
  invoicingPeriodQuery,
  invoicingPeriodResponse,
  invoicingSummaryQuery,
  invoicingSummaryResponse,
} from '@lokaler/domain/invoices';
import { currentUser } from '../../auth/index';
import {
  addInvoiceAdjustment,
  getInvoiceSettings,
  getInvoicingPeriod,
  getInvoicingSummary,
  putInvoiceSettings,
  setInvoiceHold,
} from './admin-invoicing';
import { runInvoices } from './run-invoices';
import { sendInvoicePdf } from './invoice-pdf';
import { findAdminInvoice, listInvoiceMessages } from './user-invoices';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];
const tags = ['admin'];
const forAdmins =
  "For the administrators of the location (the booking's location); 403 for others, 404 when there is no such location or booking.";

/** The case officer's invoicing (decision 071): the location's switch, Fakturagrunnlag, holds and adjustments, the run, the summary, the log. */
export const invoicingRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const organizations = app.config.invoicing.organizations;

  app.get(
    '/admin/location/:id/invoice-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: invoiceSettings, ...errors },
        summary: "The location's own invoicing switch and payment terms (off and 14 days until set)",
        description: "For the location's administrators and the city-wide administrators; 403 for others.",
      },
    },
    async (request) => getInvoiceSettings(db, currentUser(request), request.params.id),
  );

  app.put(
    '/admin/location/:id/invoice-settings',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        body: invoiceSettings,
        response: { 200: invoiceSettings, ...errors },
        summary: "Turns the location's invoicing on or off and sets the payment terms (7–60 days)",
        description:
          "For the location's administrators and the city-wide administrators; 400 with a Norwegian message for terms outside 7–60 days.",
      },
    },
    async (request) => putInvoiceSettings(db, currentUser(request), request.params.id, request.body),
  );

  app.get(
    '/admin/location/:id/invoicing',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        querystring: invoicingPeriodQuery,
        response: { 200: invoicingPeriodResponse, ...errors },
        summary:
          "Fakturagrunnlag: the month's bookings with their lines (and earlier months' open lines), holds, problems and the invoices made",
        description: `${forAdmins} 400 'Perioden må være en måned (ÅÅÅÅ-MM).' for a bad period.`,
      },
    },
    async (request) => getInvoicingPeriod(db, currentUser(request), request.params.id, request.query.period, organizations),
  );

  app.put(
    '/admin/booking/:id/invoice-basis/hold',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        body: invoiceHoldRequest,
        response: { 204: z.null().describe("Held or released (logged in the booking's change log)"), ...errors },
        summary: "Holds (with a reason) or releases the booking's lines of one element and month; the run leaves held lines",
        description: `${forAdmins} 400 'Skriv hvorfor linjen holdes tilbake.' without a reason.`,
      },
    },
    async (request, reply) => {
      await setInvoiceHold(db, currentUser(request), request.params.id, request.body);
      return reply.code(204).send(null);
    },
  );

  app.post(
    '/admin/booking/:id/invoice-basis/adjustments',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        body: invoiceAdjustmentRequest,
        response: { 201: z.object({ id: z.number().int() }), ...errors },
        summary: 'Adds a line by hand (JUSTERING or EKSTRA_RENHOLD) with its reason; logged; the reconciliation never touches it',
        description: `${forAdmins} 400 with a Norwegian message for a missing reason, an amount of 0 or a bad period.`,
      },
    },
    async (request, reply) => {
      const id = await addInvoiceAdjustment(db, currentUser(request), request.params.id, request.body);
      return reply.code(201).send({ id });
    },
  );

  app.post(
    '/admin/location/:id/invoicing/run',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        body: invoiceRunRequest,
        response: { 200: invoiceRunResponse, ...errors },
        summary:
          "Makes and queues the month's invoices and credit notes in one action: per booking its open, not held lines of the month and earlier months",
        description: `${forAdmins} Bookings left out are listed with the reason in Norwegian (0 kr, no invoice address, no cost category). Two runs never bill a line twice.`,
      },
    },
    async (request) =>
      runInvoices({
        db,
        user: currentUser(request),
        orgRegistry: app.orgRegistry,
        organizations,
        locationId: request.params.id,
        period: request.body.period,
      }),
  );

  app.get(
    '/admin/location/:id/invoicing/summary',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        querystring: invoicingSummaryQuery,
        response: { 200: invoicingSummaryResponse, ...errors },
        summary: "'Fakturert / kreditert / ikke fakturert' per month of [from, to] (at most 36 months)",
        description: forAdmins,
      },
    },
    async (request) => getInvoicingSummary(db, currentUser(request), request.params.id, request.query.from, request.query.to),
  );

  app.get(
    '/admin/invoices/:id/pdf',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: z.any().describe('The PDF'), ...errors },
        summary:
          'The invoice or credit note as PDF/A-2b (application/pdf, attachment faktura-{number}.pdf or kreditnota-{number}.pdf), as it was sent',
        description: "For the administrators of the invoice's location; 403 for others, 404 when there is no such invoice.",
      },
    },
    async (request, reply) =>
      sendInvoicePdf(reply, await findAdminInvoice(db, currentUser(request), request.params.id), app.config.invoicing.seller),
  );

  app.get(
    '/booking-log/:id/invoice-messages',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        params: idParams,
        response: { 200: invoiceMessages, ...errors },
        summary: "The booking's invoice deliveries (EHF documents, the ERP files holding its invoices): waiting, sent, retrying or refused",
        description: forAdmins,
      },
    },
    async (request) => listInvoiceMessages(db, currentUser(request), request.params.id),
  );
};

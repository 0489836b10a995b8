import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminFormParams, adminFormResponse } from '@lokaler/domain/admin-documents';
import { apiError } from '@lokaler/domain/api-error';
import { contractResponse } from '@lokaler/domain/contract';
import { idParams } from '@lokaler/domain/id-param';
import { vedtakResponse } from '@lokaler/domain/user-booking-documents';
import { currentUser } from '../../auth/guards';
import { sendDocumentPdf } from '../../bookings';
import { getAdminContract, getAdminContractPdf } from './get-admin-contract';
import { getAdminForm } from './get-admin-form';
import { getAdminVedtak, getAdminVedtakPdf } from './get-admin-vedtak';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/**
 * The administrator's reads of a booking's documents (spec 02 §7 admin side; decision 015).
 * Authenticated in onRequest (an anonymous call is 401 before anything else); then 404 for an
 * unknown booking, 403 when the caller does not administer its location.
 */
export const adminDocumentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/vedtak/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        params: idParams,
        response: { 200: vedtakResponse, ...errors },
        summary: 'The vedtak the applicant got (id = booking id): { vedtakHtml } exactly as approved; 404 when the booking has none',
      },
    },
    async (request) => getAdminVedtak({ db, user: currentUser(request), bookingId: request.params.id }),
  );

  app.get(
    '/contract/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        params: idParams,
        response: { 200: contractResponse, ...errors },
        summary:
          "The booking's contract as the applicant has it (id = booking id): the approved or signed HTML and whether, by whom and when it was signed",
        description: '404 when no contract was approved for the booking (or the approval was reverted).',
      },
    },
    async (request) => getAdminContract({ db, user: currentUser(request), bookingId: request.params.id }),
  );

  // The two stored documents as PDF/A-2b (decision 055), with the same access and 404 as their HTML.
  const pdfs = [
    {
      url: '/vedtak/:id/pdf',
      load: getAdminVedtakPdf,
      summary: 'The vedtak as PDF/A-2b (application/pdf, attachment vedtak-{caseNumber}.pdf), made from the stored HTML',
      description: '404 when the booking has none.',
    },
    {
      url: '/contract/:id/pdf',
      load: getAdminContractPdf,
      summary: 'The contract as PDF/A-2b (application/pdf, attachment kontrakt-{caseNumber}.pdf): once signed with signer, time and hash',
      description: '404 when no contract was approved for the booking (or the approval was reverted).',
    },
  ] as const;
  for (const pdf of pdfs) {
    app.get(
      pdf.url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          security,
          params: idParams,
          response: { 200: z.any().describe('The PDF'), ...errors },
          summary: pdf.summary,
          description: pdf.description,
        },
      },
      async (request, reply) => sendDocumentPdf(reply, await pdf.load({ db, user: currentUser(request), bookingId: request.params.id })),
    );
  }

  app.get(
    '/schema/:sub/:formId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        params: adminFormParams,
        response: { 200: adminFormResponse, ...errors },
        summary:
          'The form answers of a booking under its formDetailsSubRoute: /schema/vielse/{bookingId} (alias /schema/wedding/…) — the wedding form without the national identity number',
        description:
          'formId is the booking id. answers is null until the couple has sent the form. 404 for an unknown sub-route or a booking whose form is another.',
      },
    },
    async (request) => getAdminForm({ db, user: currentUser(request), sub: request.params.sub, formId: request.params.formId }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { vedtakResponse } from '@lokaler/domain/user-booking-documents';
import { applicantBooking } from '../user-bookings/booking-access';
import { sendDocumentPdf } from '../document-pdf/send-document-pdf';
import { getVedtak, getVedtakPdf } from './service';

/** The decision letter of a booking (spec 02 §7 GET /user/vedtak/{id}), and the same as PDF (decision 055). */
export const vedtakRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/user/vedtak/:id',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The vedtak (decision) as the administrator issued it: { vedtakHtml }; 404 when the booking has none',
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: vedtakResponse, 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      return getVedtak(app.database.db, booking.id);
    },
  );

  app.get(
    '/user/vedtak/:id/pdf',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The vedtak as PDF/A-2b (application/pdf, attachment vedtak-{caseNumber}.pdf), made from the issued HTML',
        description:
          "404 when the booking has none, and for a booking the caller does not see. A round's decision is its application's vedtak.",
        security: [{ bearer: [] }],
        params: idParams,
        response: { 200: z.any().describe('The PDF'), 400: apiError, 401: apiError, 403: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      return sendDocumentPdf(reply, await getVedtakPdf(app.database.db, booking.id));
    },
  );
};

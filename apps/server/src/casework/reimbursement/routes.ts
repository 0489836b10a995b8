import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { judgedByRoute } from '@lokaler/domain/scheduling/api-primitives';
import { reimbursementReport } from '@lokaler/domain/reimbursement';
import { currentUser } from '../../auth/guards';
import { getReimbursementReport } from './get-reimbursement-report';
import { sendReimbursementCsv } from './send-reimbursement-csv';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];
// Checked by the service after the access check (reimbursementQuery), so only their shape is here; required (decision 060).
const rangeQuery = z.object({
  fromDateInclusive: judgedByRoute(z.string().max(20)).describe('YYYY-MM-DD, Oslo date, inclusive'),
  toDateExclusive: judgedByRoute(z.string().max(20)).describe('YYYY-MM-DD, exclusive; at most 366 days after fromDateInclusive'),
});
const description =
  "Approved loans (applications and bookings on someone's behalf) with approved times on dates in [from, to), and loans whose invoice basis of the range's months is not 0. " +
  "A booking with an invoice basis (approved at cost or market price) has its basis lines of the range's months as the amount (debits less credits, invoiced or open, manual lines included; a month the range holds part of by the share of its approved hours), what its invoices and open lines say (decision 063). " +
  "Any other has the approval's price for the whole booking times the share of its approved hours in the range; FREE is 0. " +
  'For the administrators of the location and city-wide administrators (403 otherwise). 400 with a Norwegian userMsg for a missing, invalid or inverted range or one longer than 366 days.';

/** The reimbursement report of a location (spec 02 §7 GET /location/{id}/reimbursement; decision 015). */
export const reimbursementRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/location/:id/reimbursement',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        params: idParams,
        querystring: rangeQuery,
        response: { 200: reimbursementReport, ...errors },
        summary:
          'Per approved booking: who, cost category, hours in the range and amount (øre); totals per organisation or person and overall',
        description,
      },
    },
    async (request) => getReimbursementReport({ db, user: currentUser(request), locationId: request.params.id, query: request.query }),
  );

  // The two files of the report, each one CSV table for a Norwegian spreadsheet (decision 063).
  const files = [
    {
      url: '/location/:id/reimbursement.csv',
      part: 'bookings',
      summary:
        'The bookings of the report as one CSV table for a Norwegian spreadsheet (UTF-8 BOM, ";", decimal comma, CRLF), an attachment refusjon-{location}-{from}-{to}.csv',
      description: `${description} One table (decision 063): a header and one line per booking, with the location's company code (Firmakode); the sums are reimbursement-sums.csv.`,
    },
    {
      url: '/location/:id/reimbursement-sums.csv',
      part: 'sums',
      summary:
        'The sums of the report per organisation or person and the total as one CSV table (UTF-8 BOM, ";", decimal comma, CRLF), an attachment refusjon-summer-{location}-{from}-{to}.csv',
      description: `${description} One table (decision 063): a header, one line per organisation or person, and a last line 'Totalt' in the same columns.`,
    },
  ] as const;
  for (const file of files) {
    app.get(
      file.url,
      {
        config: { access: 'admin' },
        schema: {
          tags: ['admin'],
          security,
          params: idParams,
          querystring: rangeQuery,
          response: { 200: z.any().describe('text/csv; charset=utf-8'), ...errors },
          summary: file.summary,
          description: file.description,
        },
      },
      async (request, reply) => {
        const report = await getReimbursementReport({
          db,
          user: currentUser(request),
          locationId: request.params.id,
          query: request.query,
        });
        return sendReimbursementCsv(reply, report, file.part);
      },
    );
  }
};

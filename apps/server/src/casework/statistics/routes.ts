import { Readable } from 'node:stream';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { CSV_CONTENT_TYPE } from '@lokaler/domain/reimbursement-csv';
import { judgedByRoute } from '@lokaler/domain/scheduling/api-primitives';
import { statisticsFigures, statisticsReport, STATISTICS_MAX_DAYS } from '@lokaler/domain/statistics';
import { statisticsCsvFilename, statisticsCsvLines } from '@lokaler/domain/statistics-csv';
import { currentUser } from '../../auth/guards';
import { checkStatisticsQuery, getStatistics, statisticsOf } from './get-statistics';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];
// Checked by the service after the access check, so only their shape is here; from and to required (decision 060).
const query = {
  locationId: z
    .string()
    .max(12)
    .optional()
    .describe(
      "A location's id: its figures, for its administrators and city-wide administrators. Left out: the whole city, city-wide administrators only.",
    ),
  from: judgedByRoute(z.string().max(20)).describe('YYYY-MM-DD, Oslo date, included'),
  to: judgedByRoute(z.string().max(20)).describe(`YYYY-MM-DD, included; at most ${STATISTICS_MAX_DAYS} days from 'from'`),
};
const description =
  "Booked time is the active reservations (UNPROCESSED and APPROVED) of every purpose but a time made unavailable, on the dates of the period; open time is each room's opening hours on those dates, closed dates left out (decision 068). " +
  'With locationId: for the administrators of the location and city-wide administrators (403 otherwise); without: the whole city, for city-wide administrators (403 otherwise). ' +
  `400 with a Norwegian userMsg for a missing, invalid or inverted period or one longer than ${STATISTICS_MAX_DAYS} days.`;

/** The statistics page's figures and their CSV files (decision 068). */
export const statisticsRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/statistics',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        querystring: z.object(query),
        response: { 200: statisticsReport, ...errors },
        summary:
          'Utilisation per room and week (city-wide: per location and month), booked hours by purpose, age group and kind of applicant, demand against capacity by weekday and hour, handling times',
        description,
      },
    },
    async (request) => getStatistics({ db, user: currentUser(request), query: request.query }),
  );

  app.get(
    '/statistics/csv',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        security,
        querystring: z.object({
          ...query,
          figure: judgedByRoute(z.string().max(40)).describe(`Which figure: ${statisticsFigures.join(', ')}`),
        }),
        response: { 200: z.any().describe('text/csv; charset=utf-8'), ...errors },
        summary:
          'One figure of the statistics as one CSV table for a Norwegian spreadsheet (UTF-8 BOM, ";", decimal comma, CRLF), an attachment statistikk-{figure}-{location}-{from}-{to}.csv',
        description: `${description} One table per file: a header and the same columns on every line (decision 063's format).`,
      },
    },
    async (request, reply) => {
      // Access first, then the figure's name and the period; then only the statements that figure needs.
      const { locationId, period, figure } = checkStatisticsQuery(currentUser(request), request.query);
      const report = await statisticsOf(db, locationId, period, figure);
      return reply
        .header('content-type', CSV_CONTENT_TYPE)
        .header('content-disposition', `attachment; filename="${statisticsCsvFilename(report, figure!)}"`)
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(Readable.from(statisticsCsvLines(report, figure!), { objectMode: false }));
    },
  );
};

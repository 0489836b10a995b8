import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError, messages } from '@lokaler/domain/api-error';
import { freeTimesRange, OPEN_DATA_LICENSE, openDataCatalogue, openDataFreeTimes, openDataFreeTimesQuery } from '@lokaler/domain/open-data';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { AppError } from '../../errors';
import { errorAnswers } from '../../http/route-schema';
import { buildCatalogue } from './catalogue';
import { catalogueCsv } from './catalogue-csv';
import { buildFreeTimes } from './free-times';

/** Requests per client address and route per minute (decision 061; http/rate-limit.ts counts them in the database). */
export const OPEN_DATA_RATE_LIMIT = 60;
/** The catalogue changes when the city changes its setup: five minutes in any cache is fine, the ETag saves the bytes after. */
export const CATALOGUE_CACHE_CONTROL = 'public, max-age=300';
/** Free times change with every booking: a minute at most. */
export const FREE_TIMES_CACHE_CONTROL = 'public, max-age=60';

const config = { access: 'public' as const, rateLimit: { max: OPEN_DATA_RATE_LIMIT, timeWindow: '1 minute' } };
const tags = ['åpne data'];
const licenseLink = `<${OPEN_DATA_LICENSE.url}>; rel="license"`;

/** JSON.stringify's bytes as is (the answers are built with exactly their schema's fields; the tests parse them with it). */
function sendJson(reply: FastifyReply, body: unknown, cacheControl: string): FastifyReply {
  return reply
    .type('application/json; charset=utf-8')
    .header('cache-control', cacheControl)
    .header('link', licenseLink)
    .header('access-control-allow-origin', '*')
    .send(Buffer.from(JSON.stringify(body)));
}

/**
 * The open data (decision 061, docs/open-data.md): the catalogue of locations and rooms as JSON and as
 * CSV, and the rooms' free times per date. Public, no login, no personal data; ETag and 304 on
 * If-None-Match (http/etag.ts), Cache-Control, a licence (NLOD 2.0) in the JSON and a
 * `Link: rel="license"` header on every answer, and a rate limit per client address.
 */
export const openDataRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { publicUrl } = app.config;
  const today = () => osloClock(new Date()).today;

  app.get(
    '/open-data/catalogue.json',
    {
      config,
      schema: {
        tags,
        summary: 'The open catalogue as JSON, the published locations and their published rooms (NLOD 2.0)',
        description:
          'Name, address, coordinates, type, capacity, accessibility tags and opening hours; ETag and 304 on If-None-Match; ' +
          `Cache-Control: ${CATALOGUE_CACHE_CONTROL}; at most ${OPEN_DATA_RATE_LIMIT} requests a minute per client (429). See docs/open-data.md.`,
        security: [],
        response: { 200: openDataCatalogue, 429: apiError },
      },
    },
    async (_request, reply) => sendJson(reply, await buildCatalogue({ db, publicUrl, today: today() }), CATALOGUE_CACHE_CONTROL),
  );

  app.get(
    '/open-data/catalogue.csv',
    {
      config,
      schema: {
        tags,
        summary: 'The open catalogue as one CSV table, a row per room (RFC 4180, UTF-8, NLOD 2.0)',
        description: `One row per room with its location's cells; the columns are listed in docs/open-data.md. The licence is in the Link header (rel="license"). ETag and 304; Cache-Control: ${CATALOGUE_CACHE_CONTROL}.`,
        security: [],
        response: { 200: { description: 'The catalogue as CSV', content: { 'text/csv': { schema: z.string() } } }, 429: apiError },
      },
    },
    async (_request, reply) =>
      reply
        .type('text/csv; charset=utf-8; header=present')
        .header('cache-control', CATALOGUE_CACHE_CONTROL)
        .header('link', licenseLink)
        .header('access-control-allow-origin', '*')
        .header('content-disposition', 'inline; filename="lokaler-katalog.csv"')
        .send(catalogueCsv(await buildCatalogue({ db, publicUrl, today: today() }))),
  );

  app.get(
    '/open-data/free-times',
    {
      config,
      schema: {
        tags,
        summary: "The open free times of each room per date, as the portal's calendar shows them (at most 28 days)",
        description:
          'from defaults to today, to to from + 13 days; 400 naming querystring.to beyond 28 days or before from; 404 for a location ' +
          `not in the catalogue. ETag and 304; Cache-Control: ${FREE_TIMES_CACHE_CONTROL}.`,
        security: [],
        querystring: openDataFreeTimesQuery,
        response: { 200: openDataFreeTimes, ...errorAnswers(400, 404), 429: apiError },
      },
    },
    async (request, reply) => {
      const range = freeTimesRange(request.query, today());
      if ('problem' in range) {
        throw new AppError('VALIDATION', `Invalid querystring: querystring.to ${range.problem}`, messages.invalidInput, {
          fields: [{ path: 'querystring.to', message: range.problem }],
        });
      }
      const answer = await buildFreeTimes({ db, ...range, locationId: request.query.locationId });
      return sendJson(reply, answer, FREE_TIMES_CACHE_CONTROL);
    },
  );
};

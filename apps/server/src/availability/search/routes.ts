import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { availableTimeResponse, availableTimeSeriesResponse } from '@lokaler/domain/scheduling/search-query';
import {
  availableTimeParams,
  availableTimeSeriesParams,
  checkRecurringSearch,
  checkSingleDateSearch,
  searchAssetsParams,
  searchAssetsAnyResponse,
  searchAssetsRepeatingParams,
  searchLocationParams,
} from '@lokaler/domain/search-request';
import { searchResultParams } from '@lokaler/domain/search-filters';
import { getAvailableTime, getAvailableTimeSeries } from './available-time';
import { searchAssetsShapedJson } from './search-assets';
import { acceptedOrBadRequest } from './search-validation';

const errors = { 400: apiError, 404: apiError };

/**
 * Sends the search's answer as the JSON text searchAssetsJson writes (exactly JSON.stringify of the
 * schema's type) instead of the zod response encoding: for six thousand rooms the encoding took
 * longer than the search itself. The tests parse every answer with the schema. A kept answer's text
 * comes as the same Buffer each time (search-answer-cache.ts): compressed and hashed once.
 */
async function sendJson(reply: FastifyReply, text: Promise<string | Buffer>): Promise<FastifyReply> {
  return reply.type('application/json; charset=utf-8').send(await text);
}
// Additive (decision 019): the shape the screen uses and the result filters, on every search route.
const singleQuery = searchAssetsParams.extend(searchResultParams.shape);
const recurringQuery = searchAssetsRepeatingParams.extend(searchResultParams.shape);
const shapes = '; optional shape=page (limit, offset, list) or shape=markers, and the filters capacity, text, area (repeated)';
const single = "tagIds (repeated; all required, 'alle' ignored), date, duration (ISO, e.g. PT1H)";
const recurring = 'tagIds, from, to, duration, repetition (WEEKLYONWEEKDAY, BIWEEKLYONWEEKDAY, MONTHLYONWEEKDAY), daysOfWeek (repeated)';

/** The new portal's search (spec 01 §7), for anyone: no login, the public's rules. */
export const searchRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const today = () => osloClock(new Date()).today;

  app.get(
    '/search/assets',
    {
      config: { access: 'public' },
      schema: {
        tags: ['søk'],
        summary: `Every published room on one date: ${single}${shapes}`,
        querystring: singleQuery,
        response: { 200: searchAssetsAnyResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        searchAssetsShapedJson(
          {
            db,
            tagIds: request.query.tagIds,
            search: { kind: 'single', ...acceptedOrBadRequest(checkSingleDateSearch(request.query, today())) },
          },
          request.query,
        ),
      ),
  );

  app.get(
    '/search/assets/repeating',
    {
      config: { access: 'public' },
      schema: {
        tags: ['søk'],
        summary: `Every published room over a recurring pattern: ${recurring}${shapes}`,
        querystring: recurringQuery,
        response: { 200: searchAssetsAnyResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        searchAssetsShapedJson(
          {
            db,
            tagIds: request.query.tagIds,
            search: { kind: 'recurring', ...acceptedOrBadRequest(checkRecurringSearch(request.query, today())) },
          },
          request.query,
        ),
      ),
  );

  app.get(
    '/search/assets/:locationId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['søk'],
        summary: `The rooms of one published location on one date: ${single}${shapes}`,
        params: searchLocationParams,
        querystring: singleQuery,
        response: { 200: searchAssetsAnyResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        searchAssetsShapedJson(
          {
            db,
            locationId: request.params.locationId,
            tagIds: request.query.tagIds,
            search: { kind: 'single', ...acceptedOrBadRequest(checkSingleDateSearch(request.query, today())) },
          },
          request.query,
        ),
      ),
  );

  app.get(
    '/search/assets/:locationId/repeating',
    {
      config: { access: 'public' },
      schema: {
        tags: ['søk'],
        summary: `The rooms of one published location over a recurring pattern: ${recurring}${shapes}`,
        params: searchLocationParams,
        querystring: recurringQuery,
        response: { 200: searchAssetsAnyResponse, ...errors },
      },
    },
    async (request, reply) =>
      sendJson(
        reply,
        searchAssetsShapedJson(
          {
            db,
            locationId: request.params.locationId,
            tagIds: request.query.tagIds,
            search: { kind: 'recurring', ...acceptedOrBadRequest(checkRecurringSearch(request.query, today())) },
          },
          request.query,
        ),
      ),
  );

  app.get(
    '/bookableasset/availabletime',
    {
      config: { access: 'public' },
      schema: {
        tags: ['søk'],
        summary: 'The start times where the duration fits in one room on a date: bookableAssetId, date, duration',
        querystring: availableTimeParams,
        response: { 200: availableTimeResponse, ...errors },
      },
    },
    async (request) => getAvailableTime({ db, query: request.query }),
  );

  app.get(
    '/bookableasset/availabletimeseries',
    {
      config: { access: 'public' },
      schema: {
        tags: ['søk'],
        summary:
          "The times free on the pattern's dates in one room, by weekday: bookableAssetId, from, to, duration, repetition, daysOfWeek",
        querystring: availableTimeSeriesParams,
        response: { 200: availableTimeSeriesResponse, ...errors },
      },
    },
    async (request) => getAvailableTimeSeries({ db, query: request.query }),
  );
};

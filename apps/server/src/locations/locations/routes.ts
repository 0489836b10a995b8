import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { z } from 'zod';
import { idParams } from '@lokaler/domain/id-param';
import { location, locationList, locations, locationsQueryParams } from '@lokaler/domain/location';
import { publicLocationsQuery } from '@lokaler/domain/public-locations';
import { getLocation } from './get-location';
import { LocationsAnswerCache } from './locations-answer-cache';

/** Kept bytes as they are (the same JSON as the schema's encoding would write; tested). */
function sendBytes(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type('application/json; charset=utf-8').send(body);
}

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  const kept = new LocationsAnswerCache();
  app.get(
    '/location',
    {
      config: { access: 'public' },
      schema: {
        tags: ['lokaler'],
        summary:
          'Published locations shown in the portal, in Norwegian order; shape=list: only what the venue list shows (id, name, externalUrl, publicLocationType, geographicAreaId, geographicAreaName)',
        querystring: locationsQueryParams,
        response: { 200: z.union([locations, locationList]), 400: apiError },
      },
    },
    async (request, reply) => sendBytes(reply, await kept.body(app.database.db, request.query.shape ?? 'full')),
  );

  app.get(
    '/location/public',
    {
      config: { access: 'public' },
      schema: {
        tags: ['lokaler'],
        summary: 'Published locations shown in the portal of one source (public location type), in Norwegian order (spec 01 §7)',
        description:
          'The same list shape as GET /api/location, only the locations whose publicLocationType is locationSource. ' +
          'locationSource is required: 400 VALIDATION naming querystring.locationSource when it is missing or unknown (decision 061).',
        querystring: publicLocationsQuery,
        response: { 200: locations, 400: apiError },
      },
    },
    async (request, reply) => sendBytes(reply, await kept.body(app.database.db, request.query.locationSource)),
  );

  app.get(
    '/location/:id',
    {
      config: { access: 'public' },
      schema: {
        tags: ['lokaler'],
        summary: 'One location, with its status (UNPUBLISHED and DELETED included)',
        params: idParams,
        response: { 200: location, 400: apiError, 404: apiError },
      },
    },
    async (request) => getLocation({ db: app.database.db, id: request.params.id }),
  );
};

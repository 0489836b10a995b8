import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { location, locations } from '@lokaler/domain/location';
import { getLocation } from './get-location';
import { listLocations } from './list-locations';

export const locationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/location', {
    config: { access: 'public' },
    schema: { tags: ['lokaler'], summary: 'Published locations shown in the portal, in Norwegian order', response: { 200: locations } },
  }, async () => listLocations({ db: app.database.db }));

  app.get('/location/:id', {
    config: { access: 'public' },
    schema: {
      tags: ['lokaler'],
      summary: 'One location, with its status (UNPUBLISHED and DELETED included)',
      params: idParams,
      response: { 200: location, 400: apiError, 404: apiError },
    },
  }, async (request) => getLocation({ db: app.database.db, id: request.params.id }));
};

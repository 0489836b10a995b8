import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParam } from '@lokaler/domain/id-param';
import { locationAbout } from '@lokaler/domain/location';
import { getLocationAbout } from './get-location-about';

export const aboutRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/about/:locationId',
    {
      config: { access: 'public' },
      schema: {
        tags: ['lokaler'],
        summary: 'The "Om lån og leie" texts of a location',
        params: z.object({ locationId: idParam }),
        response: { 200: locationAbout, 400: apiError, 404: apiError },
      },
    },
    async (request) => getLocationAbout({ db: app.database.db, locationId: request.params.locationId }),
  );
};

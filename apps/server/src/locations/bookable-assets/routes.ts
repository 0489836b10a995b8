import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { bookableAsset, bookableAssetIdsQuery, bookableAssets } from '@lokaler/domain/bookable-asset';
import { bookingFlow } from '@lokaler/domain/booking-flow';
import { idParams } from '@lokaler/domain/id-param';
import { errorAnswers } from '../../http/route-schema';
import { getAsset } from './get-asset';
import { getBookingFlow } from './get-booking-flow';
import { listAssets } from './list-assets';
import { listAssetsOfLocation } from './list-assets-of-location';

const tags = ['lokaler'];

/** A public read by the id in the path: 404 when there is no such (published) thing. */
function byId<T extends z.ZodType>(summary: string, answer: T) {
  return {
    config: { access: 'public' as const },
    schema: { tags, summary, params: idParams, response: { 200: answer, ...errorAnswers(400, 404) } },
  };
}

export const bookableAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get('/location/:id/bookableassets', byId('The published rooms of a location', bookableAssets), async (request) =>
    listAssetsOfLocation({ db, locationId: request.params.id }),
  );

  app.get(
    '/bookableasset',
    {
      config: { access: 'public' },
      schema: {
        tags,
        summary: 'Rooms by id (?ids=1&ids=2); unknown or unpublished ids are left out',
        querystring: bookableAssetIdsQuery,
        response: { 200: bookableAssets, ...errorAnswers(400) },
      },
    },
    async (request) => listAssets({ db, ids: request.query.ids }),
  );

  app.get('/bookableasset/:id', byId('One published room', bookableAsset), async (request) => getAsset({ db, id: request.params.id }));

  app.get('/bookingflow/:id', byId('A booking flow (form theme and links)', bookingFlow), async (request) =>
    getBookingFlow({ db, id: request.params.id }),
  );
};

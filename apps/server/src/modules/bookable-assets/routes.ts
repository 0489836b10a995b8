import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { bookableAsset, bookableAssetIdsQuery, bookableAssets } from '@lokaler/domain/bookable-asset';
import { bookingFlow } from '@lokaler/domain/booking-flow';
import { idParams } from '@lokaler/domain/id-param';
import { getAsset } from './get-asset';
import { getBookingFlow } from './get-booking-flow';
import { listAssets } from './list-assets';
import { listAssetsOfLocation } from './list-assets-of-location';

export const bookableAssetRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/location/:id/bookableassets', {
    schema: {
      tags: ['lokaler'],
      summary: 'The published rooms of a location',
      params: idParams,
      response: { 200: bookableAssets, 400: apiError, 404: apiError },
    },
  }, async (request) => listAssetsOfLocation({ db: app.database.db, locationId: request.params.id }));

  app.get('/bookableasset', {
    schema: {
      tags: ['lokaler'],
      summary: 'Rooms by id (?ids=1&ids=2); unknown or unpublished ids are left out',
      querystring: bookableAssetIdsQuery,
      response: { 200: bookableAssets, 400: apiError },
    },
  }, async (request) => listAssets({ db: app.database.db, ids: request.query.ids }));

  app.get('/bookableasset/:id', {
    schema: {
      tags: ['lokaler'],
      summary: 'One published room',
      params: idParams,
      response: { 200: bookableAsset, 400: apiError, 404: apiError },
    },
  }, async (request) => getAsset({ db: app.database.db, id: request.params.id }));

  app.get('/bookingflow/:id', {
    schema: {
      tags: ['lokaler'],
      summary: 'A booking flow (form theme and links)',
      params: idParams,
      response: { 200: bookingFlow, 400: apiError, 404: apiError },
    },
  }, async (request) => getBookingFlow({ db: app.database.db, id: request.params.id }));
};

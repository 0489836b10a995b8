import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { assetTypes } from '@lokaler/domain/asset-type';
import { listAssetTypes } from './list-asset-types';

export const assetTypeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/preferences/options/assettypes',
    { config: { access: 'public' }, schema: { tags: ['lokaler'], summary: 'The kinds of rooms', response: { 200: assetTypes } } },
    async () => listAssetTypes({ db: app.database.db }),
  );
};

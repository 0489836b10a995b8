import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { geographicAreas } from '@lokaler/domain/geographic-area';
import { listGeographicAreas } from './list-geographic-areas';

export const geographicAreaRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/geographicareas',
    {
      config: { access: 'public' },
      schema: { tags: ['lokaler'], summary: 'The districts (bydeler), in Norwegian order', response: { 200: geographicAreas } },
    },
    async () => listGeographicAreas({ db: app.database.db }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { tags } from '@lokaler/domain/tag';
import { listTags } from './list-tags';

export const tagRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/tags',
    {
      config: { access: 'public' },
      schema: { tags: ['lokaler'], summary: 'Facility, accessibility (uu) and purpose tags of rooms', response: { 200: tags } },
    },
    async () => listTags({ db: app.database.db }),
  );
};

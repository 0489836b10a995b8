import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { settingQuery, settingResponse } from '@lokaler/domain/settings';
import { getSetting } from './get-setting';

export const settingsRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/settings',
    {
      config: { access: 'public' },
      schema: {
        tags: ['innstillinger'],
        summary: 'A server setting (CONTACT_US, PORTAL_2_BETA); value null when the server has no such setting',
        querystring: settingQuery,
        response: { 200: settingResponse, 400: apiError },
      },
    },
    async (request) => getSetting({ db: app.database.db, name: request.query.setting }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { locationAuditPage, locationAuditQuery } from '@lokaler/domain/location-audit';
import { currentUser } from '../../auth/index';
import { listLocationAudit } from './list-location-audit';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/** The audit log of a location's settings (decision 015). */
export const locationAuditRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/location/:id/auditlog',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Who changed which setting of the location, newest first (?page=0…)',
        security,
        params: idParams,
        querystring: locationAuditQuery,
        response: { 200: locationAuditPage, ...errors },
      },
    },
    async (request) => listLocationAudit({ db, user: currentUser(request), locationId: request.params.id, page: request.query.page }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { blockedTimesQuery, blockedTimesSchedule as scheduleSchema, putBlockedTimesBody } from '@lokaler/domain/admin-blocked-times';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser, requireAdmin } from '../../auth/index';
import { getBlockedTimesSchedule } from './get-blocked-times-schedule';
import { putBlockedTimes } from './put-blocked-times';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/** Blocking a room's times for the public (spec 02 §3 "Blocked times", §7). */
export const adminBlockedTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put('/bookableasset/:id/blockedtimes', {
    preHandler: requireAdmin,
    schema: {
      tags: ['admin'], summary: 'Block (blocked: true) or open (false) times of a room, per date; answers the dates\' blocked times', security,
      params: idParams, body: putBlockedTimesBody, response: { 200: scheduleSchema, ...errors },
    },
  }, async (request) => putBlockedTimes({ db: app.database.db, user: currentUser(request), assetId: request.params.id, body: request.body }));

  app.get('/bookableasset/:id/blockedtimes/schedule', {
    preHandler: requireAdmin,
    schema: {
      tags: ['admin'], summary: 'The room\'s slots with blocked and booked flags (at most 93 days)', security,
      params: idParams, querystring: blockedTimesQuery, response: { 200: scheduleSchema, ...errors },
    },
  }, async (request) => getBlockedTimesSchedule({ db: app.database.db, user: currentUser(request), assetId: request.params.id, ...request.query }));
};

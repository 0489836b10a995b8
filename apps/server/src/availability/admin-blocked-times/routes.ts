import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { blockedTimesQuery, blockedTimesSchedule as scheduleSchema, putBlockedTimesBody } from '@lokaler/domain/admin-blocked-times';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { getBlockedTimesSchedule } from './get-blocked-times-schedule';
import { putBlockedTimes } from './put-blocked-times';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** Blocking a room's times for the public (spec 02 §3 "Blocked times", §7); the location's administrators and city-wide ones (decision 015). */
export const adminBlockedTimeRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/bookableasset/:id/blockedtimes',
    adminOnly({
      tags: ['admin'],
      summary:
        "Block (blocked: true) or open (false) times of a room, per date; answers the dates' blocked times; 409 AFFECTED_BOOKINGS when new blocks hit bookings and no decision is given",
      params: idParams,
      body: putBlockedTimesBody,
      response: { 200: scheduleSchema, ...errors },
    }),
    async (request) => putBlockedTimes({ db: app.database.db, user: currentUser(request), assetId: request.params.id, body: request.body }),
  );

  app.get(
    '/bookableasset/:id/blockedtimes/schedule',
    adminOnly({
      tags: ['admin'],
      summary: "The room's slots with blocked and booked flags (at most 93 days)",
      params: idParams,
      querystring: blockedTimesQuery,
      response: { 200: scheduleSchema, ...errors },
    }),
    async (request) =>
      getBlockedTimesSchedule({ db: app.database.db, user: currentUser(request), assetId: request.params.id, ...request.query }),
  );
};

import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { roomCalendarPage, roomCalendarPageQuery } from '@lokaler/domain/scheduling/room-calendar-page';
import { bounds, firstAndLastBookableDateQuery, scheduleQuery, scheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { currentUser, optionalUser } from '../../auth/index';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { getBookableDateBounds } from './get-bookable-date-bounds';
import { roomCalendarPageJson } from './get-room-calendar-page';
import { getSchedule } from './get-schedule';
import { publicScheduleBody, ScheduleCache } from './schedule-cache';
import { scheduleVersionReader } from './schedule-versions-repository';

const JSON_TYPE = 'application/json; charset=utf-8';
const errors = errorAnswers(400, 401, 403, 404);

// Each public route has an administrator's twin that takes the same query and answers the same shape.
const scheduleSchema = { tags: ['kalender'], querystring: scheduleQuery, response: { 200: scheduleResponse, ...errors } };
const boundsSchema = { tags: ['kalender'], querystring: firstAndLastBookableDateQuery, response: { 200: bounds, ...errors } };

/**
 * Sends the schedule with plain JSON.stringify instead of the zod response encoding, which walked
 * every slot of every date (a room-week is ~700 slot objects) for more time than the rules took.
 * The answer's type is the schema's (checked by TypeScript), the slots are built with exactly its
 * fields, and the tests parse every answer with the schema. Fastify sets no content type when a
 * reply has its own serializer, so it is set here (before, these answers had none).
 */
function fastJson<T>(reply: FastifyReply, body: T): T {
  reply.serializer(JSON.stringify).type(JSON_TYPE);
  return body;
}

/** A kept answer as is: the same bytes and content type as fastJson's (tested). */
function sendBytes(reply: FastifyReply, body: Buffer): FastifyReply {
  return reply.type(JSON_TYPE).send(body);
}

/** The room calendar's data (spec 01 §7): schedules and the first/last bookable date, public and admin. */
export const scheduleRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  // The public answers kept per app (ADR 008): checked against versions kept by triggers, so every
  // process sees every writer's change in its next request.
  const cache = new ScheduleCache();
  const readVersions = scheduleVersionReader(app.database);

  app.get(
    '/schedule',
    {
      config: { access: 'public' },
      schema: {
        ...scheduleSchema,
        summary: "The 15-minute slots of the rooms (at most 20 rooms, 93 days); reservationIdsToIgnore needs the owner's token",
      },
    },
    async (request, reply) => {
      // Only a citizen's own reservations may be ignored, so the token matters only then: a stale
      // token never breaks the anonymous calendar.
      if (request.query.reservationIdsToIgnore?.length) {
        await optionalUser(request, reply);
        const citizen = request.user?.portal === 'PUBLIC' ? request.user : null;
        return fastJson(reply, await getSchedule({ db, query: request.query, access: { kind: 'public' }, citizen }));
      }
      return sendBytes(reply, await publicScheduleBody({ db, cache, query: request.query, readVersions }));
    },
  );

  app.get(
    '/bookableasset/calendar',
    {
      config: { access: 'public' },
      schema: {
        tags: ['kalender'],
        summary:
          "The room page in one request: the published rooms among bookableAssetIds (at most 20), their location, first and last bookable date, and the opening week's schedule",
        querystring: roomCalendarPageQuery,
        response: { 200: roomCalendarPage, ...errorAnswers(400) },
      },
    },
    async (request, reply) =>
      sendBytes(reply, Buffer.from(await roomCalendarPageJson({ db, cache, assetIds: request.query.bookableAssetIds, readVersions }))),
  );

  app.get(
    '/admin/schedule',
    adminOnly({
      ...scheduleSchema,
      summary: "The slots as an administrator of the rooms' locations sees them (allowedToBookBlockedSlots, any reservationIdsToIgnore)",
    }),
    async (request, reply) =>
      fastJson(
        reply,
        await getSchedule({
          db,
          query: request.query,
          access: {
            kind: 'admin',
            user: currentUser(request),
            allowedToBookBlockedSlots: request.query.allowedToBookBlockedSlots ?? false,
          },
        }),
      ),
  );

  app.get(
    '/bookableasset/firstandlastbookabledate',
    {
      config: { access: 'public' },
      schema: { ...boundsSchema, summary: 'Earliest first and latest last bookable date over the rooms, for the public' },
    },
    async (request) => getBookableDateBounds({ db, assetIds: request.query.bookableAssetIds, access: { kind: 'public' } }),
  );

  app.get(
    '/admin/bookableasset/firstandlastbookabledate',
    adminOnly({ ...boundsSchema, summary: 'Earliest first and latest last bookable date over the rooms, for their administrator' }),
    async (request) =>
      getBookableDateBounds({ db, assetIds: request.query.bookableAssetIds, access: { kind: 'admin', user: currentUser(request) } }),
  );
};

import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { calendarFeed, rotateUserCalendarFeedBody, userCalendarFeeds } from '@lokaler/domain/calendar-feed';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/guards';
import { listUserFeeds, locationFeed, renderFeedOfFile, rotateUserFeed } from './feeds';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };
const security = [{ bearer: [] }];

/**
 * Calendar feeds (decision 024). The feed itself is public: calendar apps
 * cannot log in, so the secret in its URL is the capability; a wrong, rotated or unknown one is 404.
 * Listing and rotating the URLs need a login (401 before the body).
 */
export const calendarFeedRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const { publicUrl, adminPublicUrl } = app.config;
  const links = { publicUrl, adminPublicUrl, uidDomain: new URL(publicUrl).hostname };

  app.get(
    '/calendar/:file',
    {
      config: { access: 'public' },
      schema: {
        tags: ['kalender'],
        summary: 'A secret iCalendar feed (text/calendar, RFC 5545): /api/calendar/{id}-{secret}.ics',
        description:
          '404 for a malformed, unknown or rotated URL, all alike (400 only for a NUL byte, refused before any route). ETag and 304 on If-None-Match.',
        // Not validated here: whatever the file is, a wrong one is the same 404 (never a 400 that says why).
        params: z.object({ file: z.string() }),
        response: { 200: z.any().describe('The iCalendar text'), 400: apiError, 404: apiError },
      },
    },
    async (request, reply) => {
      const body = await renderFeedOfFile(db, request.params.file, links);
      return (
        reply
          .type('text/calendar; charset=utf-8')
          // The URL is a secret: no shared cache keeps it, no search engine lists it; the ETag saves the bytes.
          .header('cache-control', 'private, no-cache')
          .header('x-robots-tag', 'noindex')
          .header('content-disposition', 'inline; filename="lokaler.ics"')
          .send(body)
      );
    },
  );

  app.get(
    '/user/calendar-feeds',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: "The secret feed URLs of the person's own bookings and of each organisation they represent",
        security,
        response: { 200: userCalendarFeeds, ...errors },
      },
    },
    async (request) => listUserFeeds({ db, user: currentUser(request), orgRegistry: app.orgRegistry, publicUrl }),
  );

  app.post(
    '/user/calendar-feeds/rotate',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'A new secret URL for one of the feeds; the old one answers 404 from now on',
        description: '403 for an organisation the caller does not represent.',
        security,
        body: rotateUserCalendarFeedBody,
        response: { 200: calendarFeed, ...errors },
      },
    },
    async (request) =>
      rotateUserFeed({ db, user: currentUser(request), orgRegistry: app.orgRegistry, publicUrl, body: request.body, now: new Date() }),
  );

  app.get(
    '/admin/location/:id/calendar-feed',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The secret feed URL of a location's reservations, for its administrators",
        security,
        params: idParams,
        response: { 200: calendarFeed, ...errors },
      },
    },
    async (request) =>
      locationFeed({ db, user: currentUser(request), locationId: request.params.id, publicUrl, rotate: false, now: new Date() }),
  );

  app.post(
    '/admin/location/:id/calendar-feed/rotate',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A new secret URL for the location's feed; the old one answers 404 from now on",
        security,
        params: idParams,
        response: { 200: calendarFeed, ...errors },
      },
    },
    async (request) =>
      locationFeed({ db, user: currentUser(request), locationId: request.params.id, publicUrl, rotate: true, now: new Date() }),
  );
};

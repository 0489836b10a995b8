import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import {
  closedDateRange,
  closedDateRangeBody,
  closedDateRangeParams,
  closedDateRanges,
  openingHoursBody,
  openingHoursResponse,
} from '@lokaler/domain/opening-hours';
import { currentUser } from '../../auth/index';
import { addClosedDates } from './add-closed-dates';
import { getOpeningHours } from './get-opening-hours';
import { rejectInvalidInput } from './invalid-input';
import { listClosedDates } from './list-closed-dates';
import { putOpeningHours } from './put-opening-hours';
import { removeClosedDates } from './remove-closed-dates';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const security = [{ bearer: [] }];
const tags = ['admin'];

/**
 * A location's opening hours (standard and seasonal) and closed dates (decision 015), for its
 * administrators and the city-wide administrators. Authentication comes first (onRequest: an
 * anonymous caller gets 401 before any body is read), then who manages the location, then the input.
 */
export const adminOpeningHoursRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/admin/location/:id/openinghours',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The standard opening hours and seasonal periods of a location',
        security,
        params: idParams,
        response: { 200: openingHoursResponse, ...errors },
      },
    },
    async (request) => getOpeningHours({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.put(
    '/admin/location/:id/openinghours',
    {
      config: { access: 'admin' },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Replace the standard opening hours and seasonal periods (HH:mm, 15-minute grid)',
        security,
        params: idParams,
        body: openingHoursBody,
        response: { 200: openingHoursResponse, ...errors },
      },
    },
    async (request) => {
      rejectInvalidInput(request);
      return putOpeningHours({ db, user: currentUser(request), locationId: request.params.id, body: request.body });
    },
  );

  app.get(
    '/admin/location/:id/closeddates',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'The closed date ranges of a location, earliest first',
        security,
        params: idParams,
        response: { 200: closedDateRanges, ...errors },
      },
    },
    async (request) => listClosedDates({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.post(
    '/admin/location/:id/closeddates',
    {
      config: { access: 'admin' },
      attachValidation: true,
      schema: {
        tags,
        summary: 'Close a range of dates (at most 366 days) with a reason; 409 when it overlaps another',
        security,
        params: idParams,
        body: closedDateRangeBody,
        response: { 201: closedDateRange, ...errors },
      },
    },
    async (request, reply) => {
      rejectInvalidInput(request);
      const range = await addClosedDates({ db, user: currentUser(request), locationId: request.params.id, body: request.body });
      return reply.status(201).send(range);
    },
  );

  app.delete(
    '/admin/location/:id/closeddates/:rangeId',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        summary: 'Open a closed date range again',
        security,
        params: closedDateRangeParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await removeClosedDates({ db, user: currentUser(request), locationId: request.params.id, rangeId: request.params.rangeId });
      return reply.status(204).send(null);
    },
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { selvkostCalculationResponse, selvkostPricesResponse } from '@lokaler/domain/admin-selvkost';
import { idParam } from '@lokaler/domain/id-param';
import { queryBoolean, repeatedParam } from '@lokaler/domain/scheduling/api-primitives';
import { daysOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { currentUser } from '../../auth/index';
import { getSelvkostCalculation } from './get-selvkost-calculation';
import { getSelvkostPrices } from './get-selvkost-prices';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError };

/** Cost-based prices ("selvkost") for the approval wizard (spec 02 §7). */
export const adminSelvkostRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/selvkost/prices/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The location\'s cost-based price list in øre; 404 "Could not find selvkost prices" when none',
        security: [{ bearer: [] }],
        params: z.object({ id: idParam }),
        response: { 200: selvkostPricesResponse, ...errors },
      },
    },
    async (request) => getSelvkostPrices({ db: app.database.db, user: currentUser(request), locationId: request.params.id }),
  );

  app.get(
    '/selvkost/calculation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The cost-based price of a booking's active times (øre), line by line",
        security: [{ bearer: [] }],
        querystring: z.object({
          locationId: idParam,
          bookingId: idParam,
          hasTilsynsvakt: queryBoolean.optional(),
          tilsynsvaktWeekdays: repeatedParam(z.enum(daysOfWeek)).optional(),
        }),
        response: { 200: selvkostCalculationResponse, ...errors },
      },
    },
    async (request) => getSelvkostCalculation({ db: app.database.db, user: currentUser(request), ...request.query }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  createRoundBody,
  openRoundOfLocation,
  roundDetail,
  roundList,
  roundSummary,
  updateRoundBody,
} from '@lokaler/domain/application-rounds';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { createRound } from './create-round';
import { getRound } from './get-round';
import { listRounds } from './list-rounds';
import { updateRound } from './update-round';
import { getOpenRoundOfLocation } from './open-round-of-location';

const tags = ['admin'];
const errors = errorAnswers(400, 401, 403, 404, 409, 422);

/** Semester rounds (decision 029): opening and reading them; the allocation lives in round-allocation. */
export const applicationRoundRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/admin/rounds',
    adminOnly({
      tags,
      summary: 'The rounds with at least one location the caller manages (every round, city-wide), newest semester first',
      response: { 200: roundList, ...errors },
    }),
    async (request) => listRounds({ db, user: currentUser(request) }),
  );

  app.post(
    '/admin/rounds',
    adminOnly({
      tags,
      summary:
        'Open a round for a semester: its locations, application period, deadline and semester; 409 ROUND_OVERLAPS when a location is in a round of an overlapping semester',
      body: createRoundBody,
      response: { 201: roundSummary, ...errors },
    }),
    async (request, reply) => reply.status(201).send(await createRound({ db, user: currentUser(request), body: request.body })),
  );

  app.get(
    '/admin/rounds/:id',
    adminOnly({
      tags,
      summary: 'One round with the rooms of its locations the caller manages, and their wishes, clashes and undecided wishes',
      params: idParams,
      response: { 200: roundDetail, ...errors },
    }),
    async (request) => getRound({ db, user: currentUser(request), roundId: request.params.id }),
  );

  app.patch(
    '/admin/rounds/:id',
    adminOnly({
      tags,
      summary: 'Change the name and dates of an OPEN round (all its locations managed); the semester only while it has no applications',
      params: idParams,
      body: updateRoundBody,
      response: { 200: roundSummary, ...errors },
    }),
    async (request) => updateRound({ db, user: currentUser(request), roundId: request.params.id, body: request.body }),
  );

  app.get(
    '/location/:id/round',
    {
      config: { access: 'public' },
      schema: {
        tags: ['lokaler'],
        summary: 'The semester round a semester application to the location enters today, or { round: null }',
        params: idParams,
        response: { 200: openRoundOfLocation, 400: apiError, 404: apiError },
      },
    },
    async (request) => getOpenRoundOfLocation({ db, locationId: request.params.id }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  closeRoundResponse,
  conflictsQuery,
  putAllocationsBody,
  putAllocationsResponse,
  roundConflicts,
  suggestionResponse,
} from '@lokaler/domain/application-rounds';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { closeRound } from './close-round';
import { computeSuggestion } from './compute-suggestion';
import { getRoundConflicts } from './get-round-conflicts';
import { putAllocations } from './put-allocations';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** A round's conflict view, allocation, suggestion and closing (decisions 029 and 031). */
export const roundAllocationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/admin/rounds/:id/conflicts',
    adminOnly({
      tags: ['admin'],
      summary: "One room's wishes over the semester, side by side, with opening hours and times taken outside the round",
      params: idParams,
      querystring: conflictsQuery,
      response: { 200: roundConflicts, ...errors },
    }),
    async (request) =>
      getRoundConflicts({ db: app.database.db, user: currentUser(request), roundId: request.params.id, roomId: request.query.roomId }),
  );

  app.put(
    '/admin/rounds/:id/allocations',
    adminOnly({
      tags: ['admin'],
      summary: 'Allocate wishes (all or none); each change carries the version it was read at',
      description:
        "409 ROUND_ALLOCATION_STALE when someone else changed a wish meanwhile, 409 ROUND_TIME_ALREADY_ALLOCATED when the time is another wish's, 409 ROUND_NOT_READY before the deadline, 409 ROUND_CLOSED when the round is closing or closed, 422 for a room or time the wish cannot get. Nothing is written unless 200.",
      params: idParams,
      body: putAllocationsBody,
      response: { 200: putAllocationsResponse, ...errors, ...errorAnswers(422) },
    }),
    async (request) => putAllocations({ db: app.database.db, user: currentUser(request), roundId: request.params.id, body: request.body }),
  );

  app.post(
    '/admin/rounds/:id/suggestion',
    adminOnly({
      tags: ['admin'],
      summary: "Decide every undecided wish of the caller's rooms by the fair rule (packages/domain/round-suggestion)",
      params: idParams,
      response: { 200: suggestionResponse, ...errors },
    }),
    async (request) => computeSuggestion({ db: app.database.db, user: currentUser(request), roundId: request.params.id }),
  );

  app.post(
    '/admin/rounds/:id/close',
    adminOnly({
      tags: ['admin'],
      summary: 'Answer every application of the round: approvals, partial approvals and rejections, one e-mail each',
      description:
        "Takes managing all the round's locations. 409 ROUND_NOT_READY before the deadline or with undecided wishes, 409 ROUND_CLOSED when already closed; a CLOSING round is finished (the re-run).",
      params: idParams,
      response: { 200: closeRoundResponse, ...errors },
    }),
    async (request) =>
      closeRound({ db: app.database.db, user: currentUser(request), roundId: request.params.id, publicUrl: app.config.publicUrl }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { adminRoom, adminRooms, roomFields } from '@lokaler/domain/admin-room';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { bearerSecurity, errorAnswers } from '../../http/route-schema';
import { createRoom } from './create-room';
import { deleteRoom } from './delete-room';
import { listAdminRooms } from './list-admin-rooms';
import { updateRoom } from './update-room';

const tags = ['admin'];
const security = bearerSecurity;
const errors = errorAnswers(400, 401, 403, 404, 409, 422);

/** A location's rooms as its administrators set them up (decision 015 "Rooms"). */
export const adminRoomRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  // onRequest: an anonymous caller gets 401 before the body is read or validated.
  app.get(
    '/admin/bookableasset/:id/bookableassets',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Every room of the location {id} that is not deleted (visible and hidden), with status and tag ids',
        params: idParams,
        response: { 200: adminRooms, ...errors },
      },
    },
    async (request) => listAdminRooms({ db, user: currentUser(request), locationId: request.params.id }),
  );

  app.post(
    '/admin/location/:id/bookableassets',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: "Add a room to the location (at the location's position); 422 for an unknown tag or room type",
        params: idParams,
        body: roomFields,
        response: { 201: adminRoom, ...errors },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await createRoom({ db, user: currentUser(request), locationId: request.params.id, fields: request.body })),
  );

  app.put(
    '/admin/bookableasset/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Change a room: its fields and tags replaced; visible: false hides it',
        params: idParams,
        body: roomFields,
        response: { 200: adminRoom, ...errors },
      },
    },
    async (request) => updateRoom({ db, user: currentUser(request), roomId: request.params.id, fields: request.body }),
  );

  app.delete(
    '/admin/bookableasset/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags,
        security,
        summary: 'Delete a room; 409 when it has future reservations (hide it instead)',
        params: idParams,
        response: { 204: z.null(), ...errors },
      },
    },
    async (request, reply) => {
      await deleteRoom({ db, user: currentUser(request), roomId: request.params.id });
      return reply.status(204).send(null);
    },
  );
};

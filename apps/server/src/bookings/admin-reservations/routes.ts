import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import {
  addReservationsBody,
  changeReservationBody,
  deleteReservationsQuery,
  reservationsChangedResponse,
} from '@lokaler/domain/admin-reservation-change';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { addReservations } from './add-reservations';
import { changeReservation } from './change-reservation';
import { deleteReservations } from './delete-reservations';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError, 422: apiError };
const security = [{ bearer: [] }];
const conflicts =
  '409 BOOKING_CONFLICT with `conflicts` (the taken times); 422 BOOKING_NOT_ALLOWED when a rule refuses a time; nothing is written unless 200.';

/** The administrator's changes to single times (spec 02 §3 "Reservation change", §7). */
export const adminReservationRoutes: FastifyPluginAsyncZod = async (app) => {
  app.put(
    '/reservation/:id',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Replace one time with new ones (the old one becomes REPLACED)',
        description: conflicts,
        security,
        params: idParams,
        body: changeReservationBody,
        response: { 200: reservationsChangedResponse, ...errors },
      },
    },
    async (request) =>
      changeReservation({
        db: app.database.db,
        user: currentUser(request),
        reservationId: request.params.id,
        body: request.body,
        publicUrl: app.config.publicUrl,
      }),
  );

  app.delete(
    '/reservation',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take single times of one booking out (ReservationRejection)',
        security,
        querystring: deleteReservationsQuery,
        response: { 200: reservationsChangedResponse, ...errors },
      },
    },
    async (request) =>
      deleteReservations({
        db: app.database.db,
        user: currentUser(request),
        ids: request.query.id,
        comment: request.query.comment,
        publicUrl: app.config.publicUrl,
      }),
  );

  app.post(
    '/booking/:id/reservations',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add times to a booking (ReservationAddition)',
        description: conflicts,
        security,
        params: idParams,
        body: addReservationsBody,
        response: { 200: reservationsChangedResponse, ...errors },
      },
    },
    async (request) =>
      addReservations({
        db: app.database.db,
        user: currentUser(request),
        bookingId: request.params.id,
        body: request.body,
        publicUrl: app.config.publicUrl,
      }),
  );
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { decisionResponse } from '@lokaler/domain/admin-approval';
import {
  rejectAssetBody,
  rejectAssetParams,
  rejectBookingBody,
  rejectionChoices,
  weddingRejectionChoices,
} from '@lokaler/domain/admin-rejection';
import { reservationsChangedResponse } from '@lokaler/domain/admin-reservation-change';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { rejectAsset } from './reject-asset';
import { rejectBooking } from './reject-booking';
import { listRejectionChoices } from './repository';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const security = [{ bearer: [] }];

/** Rejecting an application or one room of it (spec 02 §3 rejection choice, §7). */
export const adminRejectionRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/rejection-choices',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'The prepared reasons for a rejection (key, title, text)',
        security,
        response: { 200: rejectionChoices, 401: apiError, 403: apiError },
      },
    },
    async () => listRejectionChoices(app.database.db),
  );

  app.get(
    '/rejection-choices/wedding',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "The wedding rejection modal's reasons (key, title, text); the ones a wedding booking is rejected with",
        security,
        response: { 200: rejectionChoices, 401: apiError, 403: apiError },
      },
    },
    async () => [...weddingRejectionChoices],
  );

  app.put(
    '/booking/:id/reject',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Reject an application (or withdraw an approved one) with a prepared or written reason',
        security,
        params: idParams,
        body: rejectBookingBody,
        response: { 200: decisionResponse, ...errors },
      },
    },
    async (request) =>
      rejectBooking({
        db: app.database.db,
        user: currentUser(request),
        bookingId: request.params.id,
        body: request.body,
        publicUrl: app.config.publicUrl,
      }),
  );

  app.put(
    '/booking/:id/rejectasset/:assetId',
    {
      config: { access: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Take every active time of one room out of a booking (AssetRejection)',
        security,
        params: rejectAssetParams,
        body: rejectAssetBody,
        response: { 200: reservationsChangedResponse, ...errors },
      },
    },
    async (request) =>
      rejectAsset({
        db: app.database.db,
        user: currentUser(request),
        bookingId: request.params.id,
        assetId: request.params.assetId,
        comment: request.body.comment,
        publicUrl: app.config.publicUrl,
      }),
  );
};

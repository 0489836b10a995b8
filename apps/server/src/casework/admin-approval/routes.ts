import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveBookingBody,
  contractPreviewQuery,
  decisionResponse,
  documentPreview,
  vedtakPreviewQuery,
} from '@lokaler/domain/admin-approval';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { approveBooking } from './approve-booking';
import { previewContract, previewVedtak } from './previews';
import { unapproveBooking } from './unapprove-booking';

const errors = errorAnswers(400, 401, 403, 404, 409);

/** The approval wizard (spec 02 §3, §5, §7): previews with hashes, approve, and 'Angre godkjenning'. */
export const adminApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get(
    '/vedtak-preview/:id',
    adminOnly({
      tags: ['admin'],
      summary: 'The vedtak as the applicant would get it, and its SHA-256 to approve it by',
      params: idParams,
      querystring: vedtakPreviewQuery,
      response: { 200: documentPreview, ...errors },
    }),
    async (request) =>
      previewVedtak({ db: app.database.db, user: currentUser(request), bookingId: request.params.id, query: request.query }),
  );

  app.get(
    '/contract-preview/:id',
    adminOnly({
      tags: ['admin'],
      summary: 'The contract as the applicant would get it, and its SHA-256 to approve it by',
      params: idParams,
      querystring: contractPreviewQuery,
      response: { 200: documentPreview, ...errors },
    }),
    async (request) =>
      previewContract({ db: app.database.db, user: currentUser(request), bookingId: request.params.id, query: request.query }),
  );

  app.put(
    '/booking/:id/approve',
    adminOnly({
      tags: ['admin'],
      summary: 'Approve an unprocessed application',
      description:
        '409 CONFLICT when already processed or a document changed since its preview; 409 BOOKING_CONFLICT with `conflicts` when a time is blocked or taken. Nothing is written unless 200.',
      params: idParams,
      body: approveBookingBody,
      response: { 200: decisionResponse, ...errors },
    }),
    async (request) =>
      approveBooking({
        db: app.database.db,
        user: currentUser(request),
        bookingId: request.params.id,
        body: request.body,
        publicUrl: app.config.publicUrl,
      }),
  );

  app.put(
    '/booking/:id/unapprove',
    adminOnly({
      tags: ['admin'],
      summary: "'Angre godkjenning': an approved booking back to unprocessed",
      params: idParams,
      response: { 200: decisionResponse, ...errors },
    }),
    async (request) =>
      unapproveBooking({ db: app.database.db, user: currentUser(request), bookingId: request.params.id, publicUrl: app.config.publicUrl }),
  );
};

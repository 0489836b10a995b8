import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import { approveBookingBody, contractPreviewQuery, decisionResponse, documentPreview, vedtakPreviewQuery } from '@lokaler/domain/admin-approval';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser, requireAdmin } from '../../auth/index';
import { approveBooking } from './approve-booking';
import { previewContract, previewVedtak } from './previews';
import { unapproveBooking } from './unapprove-booking';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const security = [{ bearer: [] }];

/** The approval wizard (spec 02 §3, §5, §7): previews with hashes, approve, and 'Angre godkjenning'. */
export const adminApprovalRoutes: FastifyPluginAsyncZod = async (app) => {
  app.get('/vedtak-preview/:id', {
    preHandler: requireAdmin,
    schema: {
      tags: ['admin'], summary: 'The vedtak as the applicant would get it, and its SHA-256 to approve it by', security,
      params: idParams, querystring: vedtakPreviewQuery, response: { 200: documentPreview, ...errors },
    },
  }, async (request) => previewVedtak({ db: app.database.db, user: currentUser(request), bookingId: request.params.id, query: request.query }));

  app.get('/contract-preview/:id', {
    preHandler: requireAdmin,
    schema: {
      tags: ['admin'], summary: 'The contract as the applicant would get it, and its SHA-256 to approve it by', security,
      params: idParams, querystring: contractPreviewQuery, response: { 200: documentPreview, ...errors },
    },
  }, async (request) => previewContract({ db: app.database.db, user: currentUser(request), bookingId: request.params.id, query: request.query }));

  app.put('/booking/:id/approve', {
    preHandler: requireAdmin,
    schema: {
      tags: ['admin'], summary: 'Approve an unprocessed application',
      description: '409 CONFLICT when already processed or a document changed since its preview; 409 BOOKING_CONFLICT with `conflicts` when a time is blocked or taken. Nothing is written unless 200.',
      security, params: idParams, body: approveBookingBody, response: { 200: decisionResponse, ...errors },
    },
  }, async (request) => approveBooking({ db: app.database.db, user: currentUser(request), bookingId: request.params.id, body: request.body, publicUrl: app.config.publicUrl }));

  app.put('/booking/:id/unapprove', {
    preHandler: requireAdmin,
    schema: {
      tags: ['admin'], summary: '\'Angre godkjenning\': an approved booking back to unprocessed', security,
      params: idParams, response: { 200: decisionResponse, ...errors },
    },
  }, async (request) => unapproveBooking({ db: app.database.db, user: currentUser(request), bookingId: request.params.id, publicUrl: app.config.publicUrl }));
};

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  approveBookingBody,
  contractPreviewQuery,
  decisionResponse,
  documentPreview,
  vedtakPreviewQuery,
} from '@lokaler/domain/admin-approval';
import { approvalCheck } from '@lokaler/domain/admin-approval-check';
import { batchApprovalBody, batchApprovalResponse } from '@lokaler/domain/admin-batch-approval';
import { idParams } from '@lokaler/domain/id-param';
import { currentUser } from '../../auth/index';
import { adminOnly, errorAnswers } from '../../http/route-schema';
import { approvalCheckOf } from './approval-check';
import { approveBatch } from './approve-batch';
import { approveBooking } from './approve-booking';
import { previewContract, previewVedtak } from './previews';
import { unapproveBooking } from './unapprove-booking';

const errors = errorAnswers(400, 401, 403, 404, 409);

/**
 * The approval wizard (spec 02 §3, §5, §7): previews with hashes, the times still free, approve, and
 * 'Angre godkjenning'; approving several free applications at once (decision 066).
 */
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

  app.post(
    '/booking/approve-batch',
    adminOnly({
      tags: ['admin'],
      summary: 'Approve several unprocessed applications of a location free of charge, each on its own',
      description:
        'Decision 066. 403 unless the caller administers `locationId`. Each application is approved in a transaction of its own, as the single approval with cost category FREE, its own vedtak, change-log entry and e-mail; one that cannot be (not of this location, already processed, a wedding, in a round, a location that requires a contract, a time blocked or taken) is answered with `approved: false` and a Norwegian `message`, and does not undo the others. 200 with one result per asked id, in the asked order.',
      body: batchApprovalBody,
      response: { 200: batchApprovalResponse, ...errorAnswers(400, 401, 403) },
    }),
    async (request) =>
      approveBatch({
        db: app.database.db,
        user: currentUser(request),
        body: request.body,
        publicUrl: app.config.publicUrl,
        log: request.log,
      }),
  );

  app.get(
    '/booking/:id/approval-check',
    adminOnly({
      tags: ['admin'],
      summary: 'The times an approval would approve, each with whether it is still free',
      params: idParams,
      response: { 200: approvalCheck, ...errorAnswers(400, 401, 403, 404) },
    }),
    async (request) => approvalCheckOf({ db: app.database.db, user: currentUser(request), bookingId: request.params.id }),
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

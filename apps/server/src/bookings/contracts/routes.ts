import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { contractResponse } from '@lokaler/domain/contract';
import { idParams } from '@lokaler/domain/id-param';
import { RETROACTIVE_CONTRACT_CACHE_SECONDS, retroactiveContractResponse } from '@lokaler/domain/user-booking-documents';
import { effectiveIdentity } from '../../people';
import { applicantBooking } from '../user-bookings/booking-access';
import { retroactiveContractNote } from './retroactive-contract';
import { sendDocumentPdf } from '../document-pdf/send-document-pdf';
import { getContract, getContractPdf, signContract } from './service';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 409: apiError };
const security = [{ bearer: [] }];

/** The contract and the retroactive-booking note (spec 02 §7). */
export const contractRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/user/contract/:id',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The contract of a booking (HTML) and whether, by whom and when it was signed',
        description:
          'The contract exactly as the administrator approved it (or as signed). 404 when the booking has no contract; 409 DOCUMENT_NOT_APPROVED when it needs one that no administrator has approved yet.',
        security,
        params: idParams,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      return getContract(db, booking);
    },
  );

  app.get(
    '/user/contract/:id/pdf',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The contract as PDF/A-2b (application/pdf, attachment kontrakt-{caseNumber}.pdf)',
        description:
          'Made from the same approved (or signed) HTML as GET /user/contract/{id}; once signed with the signer, the time and the SHA-256 of the approved text. ' +
          'The same 404 and 409 DOCUMENT_NOT_APPROVED as that call; 404 for a booking the caller does not see.',
        security,
        params: idParams,
        response: { 200: z.any().describe('The PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      return sendDocumentPdf(reply, await getContractPdf(db, booking));
    },
  );

  app.post(
    '/user/contract/confirm/:id',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'Sign the contract (only the person who sent the application)',
        description:
          "401 with the spec's userMsg when the caller did not create the booking; 409 when already signed, not approved, the booking has more than one contract requirement or location, or no approved contract (DOCUMENT_NOT_APPROVED).",
        security,
        params: idParams,
        response: { 200: contractResponse, ...errors },
      },
    },
    async (request, reply) =>
      signContract({ db, identity: await effectiveIdentity(request, reply), bookingId: request.params.id, now: new Date() }),
  );

  app.get(
    '/user/retroactive-contract/:id',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The retroactive-booking note: { text }, empty when there is none; cached 5 minutes',
        security,
        params: idParams,
        response: { 200: retroactiveContractResponse, ...errors },
      },
    },
    async (request, reply) => {
      const { booking } = await applicantBooking(request, reply, request.params.id);
      const note = await retroactiveContractNote(db, booking);
      // Private: the answer is about one person's booking; shared caches must not keep it.
      reply.header('cache-control', `private, max-age=${RETROACTIVE_CONTRACT_CACHE_SECONDS}`);
      return note;
    },
  );
};

import type { FastifyPluginAsyncZod, ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { apiError } from '@lokaler/domain/api-error';
import { idParams } from '@lokaler/domain/id-param';
import { weddingFormResponse } from '@lokaler/domain/wedding-application-answers';
import { proevingsattestUpload } from '@lokaler/domain/wedding-certificate';
import { effectiveIdentity } from '../../people';
import { downloadProevingsattest } from './download-proevingsattest';
import { getWeddingForm } from './get-wedding-form';
import { sendProevingsattest } from './send-proevingsattest';
import { certificateBodyOptions } from './upload-body-limit';
import { parseCertificateBody, streamedCertificateOf } from './stream-certificate-body';
import { uploadProevingsattest } from './upload-proevingsattest';

const errors = { 400: apiError, 401: apiError, 403: apiError, 404: apiError, 413: apiError };
const security = [{ bearer: [] }];

/** The wedding form read model and the prøvingsattest upload (spec 02 §3, §5, §7). */
export const weddingCertificateRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;

  app.get(
    '/user/form/wedding/:id',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: 'The wedding form of a booking: the uploaded prøvingsattest (name, type, size; no bytes)',
        security,
        params: idParams,
        response: { 200: weddingFormResponse, ...errors },
      },
    },
    async (request, reply) => getWeddingForm(db, await effectiveIdentity(request, reply), request.params.id),
  );

  app.get(
    '/user/form/wedding/:id/proevingsattest',
    {
      config: { access: 'citizen' },
      schema: {
        tags: ['mine bookinger'],
        summary: "Download the couple's prøvingsattest (application/pdf, as an attachment with the uploaded name)",
        security,
        description:
          "404 'Fant ikke bookingen' for a booking the caller does not see, the same as for a missing one; 404 when no certificate is on file. " +
          "403 for an administrator's token (the office downloads through /admin/booking/{id}/proevingsattest).",
        params: idParams,
        response: { 200: z.any().describe('The PDF'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await downloadProevingsattest({ db, identity: await effectiveIdentity(request, reply), bookingId: request.params.id });
      return sendProevingsattest(reply, file);
    },
  );

  // The upload's own scope: its JSON body parser decodes the data URL from the stream (never holding
  // the 14 MB body or its base64 string) and keeps the bodyLimit itself.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<ZodTypeProvider>();
    scope.removeContentTypeParser('application/json');
    scope.addContentTypeParser('application/json', parseCertificateBody);
    scope.put(
      '/user/form/wedding/:id/proevingsattest',
      {
        // onRequest: an anonymous call is 401 before its body is read; the body is bounded by the data URL of 10 MB.
        config: { access: 'citizen' },
        ...certificateBodyOptions,
        schema: {
          tags: ['mine bookinger'],
          summary: 'Upload the prøvingsattest (PDF, at most 10 MB) as a data URL or {bytes (base64), contentType, filename, size}',
          description:
            "Fulfils the WEDDING_CERTIFICATE requirement. 413 'Filen kan ikke være større enn 10 MB' for a body longer than a 10 MB file's data URL and its envelope. " +
            '404 for a booking the caller does not see and for a booking that is not a wedding.',
          security,
          params: idParams,
          body: proevingsattestUpload,
          response: { 200: weddingFormResponse, ...errors },
        },
      },
      async (request, reply) =>
        uploadProevingsattest({
          db,
          identity: await effectiveIdentity(request, reply),
          bookingId: request.params.id,
          upload: request.body,
          now: new Date(),
          streamed: streamedCertificateOf(request),
        }),
    );
  });
};

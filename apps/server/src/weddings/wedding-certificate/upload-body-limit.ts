import type { FastifyError, FastifyReply, FastifyRequest } from 'fastify';
import type { ApiError } from '@lokaler/domain/api-error';
import { PROEVINGSATTEST_REQUEST_MAX_BYTES, tooLargeMessage } from '@lokaler/domain/wedding-certificate';

/**
 * Route options of every call that may carry a prøvingsattest (the upload, the wedding form): the body
 * may be the data URL of a 10 MB file and its envelope, no more (Fastify answers 413 from the
 * Content-Length, or stops reading at the limit), and that 413 speaks the spec's words
 * 'Filen kan ikke være større enn 10 MB'. Any other error goes on to the app's error handler.
 */
export const certificateBodyOptions = {
  bodyLimit: PROEVINGSATTEST_REQUEST_MAX_BYTES,
  errorHandler(error: FastifyError, _request: FastifyRequest, reply: FastifyReply) {
    if (error.statusCode !== 413) throw error;
    return reply.status(413).send({ code: 'PAYLOAD_TOO_LARGE', msg: error.message, userMsg: tooLargeMessage } satisfies ApiError);
  },
};

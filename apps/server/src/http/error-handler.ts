import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { messages, type ApiError } from '@lokaler/domain/api-error';
import { isConnectionLost, isRetryableConflict, sqlState } from '../db/database-errors';
import { DATABASE_RETRY_AFTER_SECONDS, databaseBusy, databaseUnavailable } from '../db/write-transaction';
import { AppError } from '../errors';

export { sqlState } from '../db/database-errors';

export function registerErrorHandling(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | AppError | Error, request, reply) => {
    // A read outside a transaction whose connection broke (or a lone statement chosen as a
    // deadlock victim) is the same 503 the write transaction gives after its retries.
    if (!(error instanceof AppError)) {
      if (isConnectionLost(error)) error = databaseUnavailable(error);
      else if (isRetryableConflict(error)) error = databaseBusy(error);
    }
    if (error instanceof AppError) {
      if (error.status === 503) {
        request.log.warn({ err: error.cause ?? error }, error.message);
        void reply.header('retry-after', String(DATABASE_RETRY_AFTER_SECONDS));
      }
      return reply.status(error.status).send(error.toJSON());
    }
    if (hasZodFastifySchemaValidationErrors(error)) {
      const fields = error.validation.map((v) => ({
        path: [error.validationContext, ...String(v.instancePath).split('/').filter(Boolean)].join('.'),
        message: v.message ?? 'Ugyldig verdi',
      }));
      const body: ApiError = {
        code: 'VALIDATION',
        msg: `Invalid ${error.validationContext ?? 'request'}: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`,
        userMsg: messages.invalidInput,
        fields,
      };
      return reply.status(400).send(body);
    }
    const state = sqlState(error);
    if (state === '23P01') {
      return reply
        .status(409)
        .send({ code: 'BOOKING_CONFLICT', msg: 'The time is taken', userMsg: 'Tidspunktet er ikke lenger ledig.' } satisfies ApiError);
    }
    const status = (error as FastifyError).statusCode;
    if (status && status >= 400 && status < 500) {
      const code = status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 429 ? 'RATE_LIMITED' : status === 404 ? 'NOT_FOUND' : 'BAD_REQUEST';
      return reply
        .status(status)
        .send({
          code,
          msg: error.message,
          userMsg: status === 429 ? 'For mange forespørsler. Vent litt og prøv igjen.' : messages.invalidInput,
        } satisfies ApiError);
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.status(500).send({ code: 'INTERNAL', msg: 'Internal server error', userMsg: messages.technical } satisfies ApiError);
  });

  app.setNotFoundHandler((request, reply) => {
    // Unknown API paths answer JSON; everything else is the SPAs' business (see platform/spa-hosting/static.ts).
    return reply
      .status(404)
      .send({
        code: 'NOT_FOUND',
        msg: `No route ${request.method} ${request.url.split('?')[0]}`,
        userMsg: messages.notFound,
      } satisfies ApiError);
  });
}

import type { FastifySchema } from 'fastify';
import { apiError } from '@lokaler/domain/api-error';

/** The OpenAPI security of a route that takes a bearer token (the scheme is declared in openapi.ts). */
export const bearerSecurity = [{ bearer: [] }];

type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 422;

/** The error answers a route documents, each in the one error shape of every non-2xx answer. */
export function errorAnswers<const S extends ErrorStatus>(...statuses: S[]): Record<S, typeof apiError> {
  return Object.fromEntries(statuses.map((status) => [status, apiError])) as Record<S, typeof apiError>;
}

/**
 * The options of a route only an administrator may call: access 'admin' (route-access.ts puts
 * requireAdmin first in onRequest, so an anonymous caller gets 401 before the body or query is read
 * and the answer tells nothing of the schema), and the bearer scheme in the docs.
 */
export function adminOnly<S extends FastifySchema>(
  schema: S,
): { config: { access: 'admin' }; schema: S & { security: typeof bearerSecurity } } {
  return { config: { access: 'admin' }, schema: { ...schema, security: bearerSecurity } };
}

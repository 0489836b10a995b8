import type { RouteOptions } from 'fastify';
import { jsonSchemaTransform } from 'fastify-type-provider-zod';
import { apiError } from '@lokaler/domain/api-error';
import type { RouteAccess } from './route-access';
import { bearerSecurity } from './route-schema';

type Transform = typeof jsonSchemaTransform;
type TransformInput = Parameters<Transform>[0];
type RouteSchema = Record<string, unknown> & { response?: Record<string, unknown> };

/** The access levels whose guard answers 403 to a valid token without the role (route-access.ts). */
const ROLE_ACCESS: ReadonlySet<RouteAccess> = new Set(['adminClient', 'admin', 'cityAdmin']);

const errorDescriptions = {
  400: 'Bad input: the `fields` name what is wrong (also a NUL character anywhere in the request, refuse-nul.ts)',
  401: 'No valid bearer token (checked before the input is read)',
  403: 'The token does not give the role this operation needs',
  404: 'No such resource (or not one the caller may see)',
  429: 'Too many requests from this client; try again later',
} as const;

/**
 * The operationId of an operation (decision 059): the HTTP method in lower case, then every path
 * segment after /api in PascalCase (split at anything not a letter or digit), a path parameter as
 * `By<Name>`. GET /api/booking/:id → getBookingById, PUT /api/booking/:id/approve → putBookingByIdApprove,
 * GET /api/client-settings/idporten.json → getClientSettingsIdportenJson. Stable as long as the
 * method and path are; a route may set its own with `schema.operationId`.
 */
export function operationIdOf(method: string, url: string): string {
  const words = url
    .replace(/^\/api(?=\/|$)/, '')
    .split('/')
    .filter((segment) => segment !== '')
    .map((segment) => (segment.startsWith(':') ? `By${pascal(segment.slice(1))}` : pascal(segment)));
  return method.toLowerCase() + words.join('');
}

function pascal(text: string): string {
  return text
    .split(/[^A-Za-z0-9]+/)
    .filter((word) => word !== '')
    .map((word) => word[0]!.toUpperCase() + word.slice(1))
    .join('');
}

/**
 * A one-line summary from a route's description (decision 059): its first clause, cut before the
 * first ': ', '; ', '. ', ' (' or ' — ', at most 80 characters (at a word boundary).
 */
export function summaryOf(description: string | undefined, method: string, url: string): string {
  if (!description) return `${method.toUpperCase()} ${url}`;
  const clause = description
    .split(/: |; |\. | \(| — /)[0]!
    .trim()
    .replace(/\.$/, '');
  if (clause.length <= 80) return clause;
  const cut = clause.slice(0, 80);
  return `${cut.slice(0, cut.lastIndexOf(' '))} …`;
}

/** The OpenAPI security of an access level: none for public, optional bearer for optionalUser, bearer otherwise. */
export function securityOf(access: RouteAccess | undefined): Record<string, string[]>[] {
  if (access === 'public') return [];
  if (access === 'optionalUser') return [{}, ...bearerSecurity];
  return bearerSecurity;
}

/** The 4xx answers an operation documents besides its own, each in the shared error shape (ApiError). */
export function errorStatusesOf(
  route: Pick<RouteOptions, 'url' | 'config'>,
  access: RouteAccess | undefined,
): (keyof typeof errorDescriptions)[] {
  const statuses: (keyof typeof errorDescriptions)[] = [400];
  if (access !== undefined && access !== 'public') statuses.push(401);
  if (access !== undefined && ROLE_ACCESS.has(access)) statuses.push(403);
  if (route.url.includes(':')) statuses.push(404);
  if ((route.config as { rateLimit?: unknown } | undefined)?.rateLimit) statuses.push(429);
  return statuses;
}

/**
 * The swagger transform of every route (decision 059): routes outside /api (the SPAs) are hidden; each
 * operation gets its operationId, summary, area tag, security by its declared access and its 4xx
 * answers in the shared error schema; then fastify-type-provider-zod turns the zod schemas into JSON
 * Schema, registered ones as $ref to components.schemas.
 */
export function createOperationTransform(areas: ReadonlyMap<string, string>): Transform {
  return (input: TransformInput) => {
    const { url, route } = input as TransformInput & { route: RouteOptions };
    const schema = (input.schema ?? {}) as RouteSchema;
    if (!(url === '/api' || url.startsWith('/api/')) || schema.hide) return { schema: { hide: true }, url };
    const access = route.config?.access;
    const method = [route.method].flat()[0]!;
    const response: Record<string, unknown> = { ...schema.response };
    for (const status of errorStatusesOf(route, access)) {
      response[status] ??= { description: errorDescriptions[status], content: { 'application/json': { schema: apiError } } };
    }
    // A long summary becomes the description, and its first clause the summary.
    const text = [schema.summary, schema.description].find((t): t is string => typeof t === 'string');
    const summary = summaryOf(text, method, route.url);
    const area = areas.get(`${method} ${route.url}`);
    const documented: RouteSchema = {
      ...schema,
      operationId: schema.operationId ?? operationIdOf(method, route.url),
      summary,
      ...(text !== undefined && text !== summary && schema.description === undefined ? { description: text } : {}),
      ...(area ? { tags: [area] } : {}),
      ...(route.config?.deprecation ? { deprecated: true } : {}),
      security: access === undefined ? (schema.security ?? []) : securityOf(access),
      response,
    };
    return jsonSchemaTransform({ ...input, schema: documented } as TransformInput);
  };
}

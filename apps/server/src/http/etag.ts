import { createHash } from 'node:crypto';
import type { FastifyInstance } from 'fastify';

/**
 * The public reads whose answer is the same for every caller at a given version of the data: the
 * search and schedule (their rooms and answers kept in the process, ADR 007 and 008), the venue list
 * (738 KiB at city scale) and the other lists the portal loads on every visit. Route patterns as
 * registered, with the /api prefix.
 */
export const PUBLIC_READS: ReadonlySet<string> = new Set([
  '/api/location',
  '/api/location/public',
  '/api/location/:id',
  '/api/location/:id/bookableassets',
  '/api/about/:locationId',
  '/api/bookableasset',
  '/api/bookableasset/:id',
  '/api/bookingflow/:id',
  '/api/bookableasset/firstandlastbookabledate',
  '/api/bookableasset/calendar',
  '/api/schedule',
  '/api/search/assets',
  '/api/search/assets/repeating',
  '/api/search/assets/:locationId',
  '/api/search/assets/:locationId/repeating',
  '/api/geographicareas',
  '/api/tags',
  '/api/preferences/options/assettypes',
  '/api/settings',
  '/api/client-settings/map.json',
  '/api/client-settings/idporten.json',
  // A calendar feed (decision 024): the same for every caller holding its secret URL; apps poll it hourly.
  '/api/calendar/:file',
  // The open data (decision 061): the same for every caller; harvesters poll it.
  '/api/open-data/catalogue.json',
  '/api/open-data/catalogue.csv',
  '/api/open-data/free-times',
]);

// The schedule cache sends the same Buffer for every request of a room-week: its tag is hashed once.
const tagsOfKeptBytes = new WeakMap<Buffer, string>();

/** A strong validator: the SHA-1 of the exact bytes sent (before compression, which adds Vary). */
export function strongEtag(body: string | Buffer): string {
  if (Buffer.isBuffer(body)) {
    const known = tagsOfKeptBytes.get(body);
    if (known) return known;
    const tag = `"${createHash('sha1').update(body).digest('base64url')}"`;
    tagsOfKeptBytes.set(body, tag);
    return tag;
  }
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
}

/** If-None-Match holds the tag (a list, or `*`); weak comparison, as RFC 9110 §13.1.2 asks for GET. */
function matches(ifNoneMatch: string | undefined, tag: string): boolean {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === '*') return true;
  return ifNoneMatch.split(',').some((candidate) => candidate.trim().replace(/^W\//, '') === tag);
}

/**
 * ETag and 304 on the public reads: a browser asking again with If-None-Match gets 304 and no body
 * when the answer has not changed. The tag is of the answer itself, so it changes exactly when the
 * answer does, in every process. `no-cache` makes the browser ask each time, never use a stale copy.
 * Registered before compression, so a 304 is never compressed and the tag names the plain bytes.
 */
export function registerEtags(app: FastifyInstance): void {
  app.addHook('onSend', async (request, reply, payload) => {
    if ((request.method !== 'GET' && request.method !== 'HEAD') || reply.statusCode !== 200) return payload;
    if (!PUBLIC_READS.has(request.routeOptions.url ?? '')) return payload;
    if (typeof payload !== 'string' && !Buffer.isBuffer(payload)) return payload;
    const tag = strongEtag(payload);
    reply.header('etag', tag);
    if (!reply.hasHeader('cache-control')) reply.header('cache-control', 'no-cache');
    if (!matches(request.headers['if-none-match'], tag)) return payload;
    reply.code(304);
    reply.removeHeader('content-type');
    reply.removeHeader('content-length');
    return '';
  });
}

import type { onSendHookHandler, RouteOptions } from 'fastify';

/** A deprecated route's dates (decision 062): deprecated since `since`, gone after `sunset` (ISO dates, UTC). */
export interface RouteDeprecation {
  since: string;
  sunset: string;
}

declare module 'fastify' {
  interface FastifyContextConfig {
    /** The route is deprecated (decision 062): documented `deprecated: true`, answered with Deprecation and Sunset. */
    deprecation?: RouteDeprecation;
  }
}

/** Where a client reads why and what instead: the API document's page (the changelog is linked from its description). */
export const DEPRECATION_LINK = '</api/docs>; rel="deprecation"; type="text/html"';

/**
 * The headers of a deprecated route's every answer: `Deprecation: @<seconds>` (RFC 9745, a structured
 * field date), `Sunset: <HTTP date>` (RFC 8594) and a Link to where the replacement is described.
 */
export function deprecationHeaders(deprecation: RouteDeprecation): Record<string, string> {
  const since = Date.parse(`${deprecation.since}T00:00:00Z`);
  const sunset = Date.parse(`${deprecation.sunset}T00:00:00Z`);
  if (Number.isNaN(since) || Number.isNaN(sunset) || sunset <= since) {
    throw new Error(`deprecation needs ISO dates with sunset after since: ${JSON.stringify(deprecation)}`);
  }
  return { deprecation: `@${since / 1000}`, sunset: new Date(sunset).toUTCString(), link: DEPRECATION_LINK };
}

/** Adds the deprecation headers to a route that declares `config.deprecation` (route-access.ts calls it for every route). */
export function addDeprecationHeaders(route: RouteOptions): void {
  const deprecation = route.config?.deprecation;
  if (!deprecation) return;
  const headers = deprecationHeaders(deprecation);
  const onSend: onSendHookHandler = async (_request, reply, payload) => {
    for (const [name, value] of Object.entries(headers)) {
      const existing = reply.getHeader(name);
      reply.header(name, name === 'link' && existing ? `${String(existing)}, ${value}` : value);
    }
    return payload;
  };
  route.onSend = [...(route.onSend === undefined ? [] : [route.onSend].flat()), onSend] as RouteOptions['onSend'];
}

import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { context, propagation, trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { redactText } from '../http/redact-personal-data';

/** W3C Trace Context: version-traceid-parentid-flags; version ff and all-zero ids are invalid. */
const TRACEPARENT = /^(?!ff)[0-9a-f]{2}-(?!0{32})([0-9a-f]{32})-(?!0{16})[0-9a-f]{16}-[0-9a-f]{2}(?:-.*)?$/;
/** Semantic conventions' name (ATTR_HTTP_ROUTE), written out: that package is large and only the SDK needs it. */
const ATTR_HTTP_ROUTE = 'http.route';
/** What a load balancer's id looks like (UUIDs, AWS' Root=1-…, hex): bounded, nothing that breaks a log line or header. */
const SANE_REQUEST_ID = /^[\w.:=+/-]{1,128}$/;

function header(headers: IncomingHttpHeaders, name: string): string | undefined {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/**
 * The id of a request, the `reqId` of each of its log lines and its answer's X-Request-Id:
 * - with tracing on, the trace id of the request's span (which continues a traceparent sent to us),
 *   so a log line leads to its trace;
 * - else the trace id of a valid W3C `traceparent`, so the id the caller's trace has is the one we log;
 * - else a sane `X-Request-Id` (a load balancer's), unless it looks like personal data;
 * - else a new UUID.
 */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const spanContext = trace.getSpanContext(context.active());
  if (spanContext && trace.isSpanContextValid(spanContext)) return spanContext.traceId;
  const traceparent = TRACEPARENT.exec(header(headers, 'traceparent')?.trim().toLowerCase() ?? '');
  if (traceparent) return traceparent[1]!;
  const sent = header(headers, 'x-request-id')?.trim();
  // An id a caller made from an e-mail address or a national identity number would put it in every line.
  if (sent && SANE_REQUEST_ID.test(sent) && redactText(sent) === sent) return sent;
  return randomUUID();
}

/** Fastify's options for request ids: our generator, never Fastify's own header lookup. */
export const requestIdOptions = {
  requestIdHeader: false,
  genReqId: (request: { headers: IncomingHttpHeaders }) => requestIdOf(request.headers),
} as const;

/**
 * Every answer carries its request's id (X-Request-Id), and with tracing on its span's `traceparent`,
 * set first thing so an early refusal (401, 413, 429) has them too. The HTTP instrumentation cannot
 * know Fastify's route: the span gets its pattern (`POST /api/booking`), never the raw URL.
 */
export function registerRequestIdHeaders(app: FastifyInstance): void {
  app.addHook('onRequest', async (request, reply) => {
    void reply.header('x-request-id', request.id);
    const span = trace.getSpan(context.active());
    if (!span?.isRecording()) return;
    const route = request.routeOptions.url ?? 'unmatched';
    span.setAttribute(ATTR_HTTP_ROUTE, route);
    span.updateName(`${request.method} ${route}`);
    const carrier: Record<string, string> = {};
    propagation.inject(context.active(), carrier);
    if (carrier.traceparent) void reply.header('traceparent', carrier.traceparent);
  });
}

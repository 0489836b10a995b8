import type { FastifyServerOptions } from 'fastify';
import type { Config } from '../config';

/**
 * The limits a request meets at the wire, before any route runs (decision 016):
 *
 * - bodyLimit: a declared Content-Length over it is answered 413 without reading the body, a body that
 *   grows past it is cut off. Routes that need more (the prøvingsattest upload) set their own.
 * - requestTimeout / headersTimeout: a request whose headers or body trickle in (slow loris) is answered
 *   408 and its connection closed. Node checks them every connectionsCheckingInterval (30 s unless set),
 *   so that interval follows the headers timeout.
 * - keepAliveTimeout: idle keep-alive connections are closed; longer than a load balancer's idle timeout
 *   so the balancer, not this server, closes first.
 * - connectionTimeout: a socket with no traffic at all is closed.
 *
 * And how connections end at shutdown (http/shutdown.ts, decision 035):
 * - return503OnClosing off: a request arriving on a busy keep-alive connection after close() began is
 *   served (with Connection: close), not answered 503, which a load balancer would pass on as an error.
 * - forceCloseConnections 'idle': close() ends idle keep-alive connections in an orderly way (FIN)
 *   and lets busy ones finish their request; `true` would cut requests in flight.
 */
export function serverLimits(
  config: Config,
): Pick<
  FastifyServerOptions,
  'bodyLimit' | 'requestTimeout' | 'keepAliveTimeout' | 'connectionTimeout' | 'return503OnClosing' | 'forceCloseConnections'
> & { http: { headersTimeout: number; requestTimeout: number; connectionsCheckingInterval: number } } {
  const limits = config.http;
  return {
    bodyLimit: limits.bodyLimitBytes,
    requestTimeout: limits.requestTimeoutMs,
    keepAliveTimeout: limits.keepAliveTimeoutMs,
    connectionTimeout: limits.connectionTimeoutMs,
    return503OnClosing: false,
    forceCloseConnections: 'idle',
    http: {
      headersTimeout: limits.headersTimeoutMs,
      requestTimeout: limits.requestTimeoutMs,
      connectionsCheckingInterval: Math.max(25, Math.min(1000, Math.floor(limits.headersTimeoutMs / 4))),
    },
  };
}

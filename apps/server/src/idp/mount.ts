import type { IncomingMessage } from 'node:http';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type Provider from 'oidc-provider';
import { IDP_PATH } from './clients';

/**
 * Hands every other /idp request to oidc-provider (a Koa app) without a middleware layer: the reply
 * is hijacked and the raw request goes to provider.callback(). oidc-provider works out its mount
 * path from `originalUrl` minus `url` (as under Express), so the prefix is moved from one to the other.
 */
export function providerRoutes(provider: Provider) {
  const callback = provider.callback();

  return async function routes(app: FastifyInstance): Promise<void> {
    // oidc-provider reads its own (urlencoded or JSON) bodies: leave the stream untouched.
    app.removeAllContentTypeParsers();
    app.addContentTypeParser('*', (_request, _payload, done) => done(null));

    const forward = async (request: FastifyRequest, reply: FastifyReply): Promise<void> => {
      reply.hijack();
      const raw = request.raw as IncomingMessage & { originalUrl?: string };
      const url = raw.url ?? IDP_PATH;
      raw.originalUrl = url;
      const rest = url.slice(IDP_PATH.length);
      raw.url = rest.startsWith('/') ? rest : `/${rest}`;
      await callback(raw, reply.raw);
    };
    // Kept out of /api/docs: this is the provider's protocol, not the API.
    app.all(IDP_PATH, { schema: { hide: true } }, forward);
    app.all(`${IDP_PATH}/*`, { schema: { hide: true } }, forward);
  };
}

import type { FastifyInstance } from 'fastify';
import helmet from '@fastify/helmet';
import type { Config } from '../config';

/**
 * The browser features no page of ours uses: the portal finds places by name and map, never by the
 * device's position (no navigator.geolocation), and nothing records or pays. Only features every
 * browser knows: an unknown one is a console error on every page.
 */
export const PERMISSIONS_POLICY = ['camera=()', 'microphone=()', 'geolocation=()', 'payment=()', 'usb=()', 'display-capture=()'].join(', ');

/** The origin of a URL or Leaflet tile template; a {s} subdomain becomes a wildcard host. */
function originOf(url: string): string | null {
  const template = url.replace('{s}.', 'subdomain-placeholder.');
  try {
    const origin = new URL(template.replace(/\{[^}]*\}/g, '0')).origin;
    return origin.replace('subdomain-placeholder.', '*.');
  } catch {
    return null;
  }
}

/**
 * The Content-Security-Policy of every answer (SPAs, IdP pages, API): scripts and styles only from
 * files this server serves (the SPAs' builds and the IdP's /idp/assets have no inline code), map
 * tiles from the configured tile host, API and token calls to this origin and the configured
 * identity providers, and no framing by anyone.
 */
export function contentSecurityPolicy(config: Config): Record<string, string[]> {
  const own = originOf(config.publicUrl);
  const providers = [...new Set([config.oidc.issuer, config.oidc.adminIssuer].map(originOf))].filter(
    (origin): origin is string => origin !== null && origin !== own,
  );
  const tiles = config.map.tileUrl ? originOf(config.map.tileUrl) : null;
  const directives: Record<string, string[]> = {
    'default-src': ["'self'"],
    'base-uri': ["'self'"],
    'script-src': ["'self'"],
    'script-src-attr': ["'none'"],
    'style-src': ["'self'"],
    // data: for Leaflet's and the UI's small inline images; blob: for previews of files being uploaded.
    'img-src': ["'self'", 'data:', 'blob:', ...(tiles ? [tiles] : [])],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...providers],
    // oidc-client-ts falls back to a hidden frame at the provider when it has no refresh token.
    'frame-src': ["'self'", ...providers],
    'frame-ancestors': ["'none'"],
    // The IdP's login and logout forms post here and are redirected on to the SPAs (same origin,
    // or the public address when the browser came in by another name).
    'form-action': ["'self'", ...(own ? [own] : []), ...providers],
    'object-src': ["'none'"],
    'manifest-src': ["'self'"],
    'worker-src': ["'self'"],
  };
  if (config.http.hsts) directives['upgrade-insecure-requests'] = [];
  return directives;
}

/**
 * Security headers on every answer (decision 016), by @fastify/helmet, plus Permissions-Policy, which
 * helmet does not set. Helmet writes on the raw response, so the IdP's pages that oidc-provider
 * writes itself (the reply is hijacked, idp/mount.ts) carry them too; oidc-provider adds the hash of
 * its own form_post script to this script-src.
 */
export async function registerSecurityHeaders(app: FastifyInstance): Promise<void> {
  const { config } = app;
  await app.register(helmet, {
    global: true,
    contentSecurityPolicy: { useDefaults: false, directives: contentSecurityPolicy(config) },
    strictTransportSecurity: config.http.hsts ? { maxAge: 63_072_000, includeSubDomains: true } : false,
    frameguard: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    // Cross-origin isolation would stop the map's tiles (no CORP header on them) from loading.
    crossOriginEmbedderPolicy: false,
  });
  app.addHook('onRequest', async (_request, reply) => {
    reply.raw.setHeader('permissions-policy', PERMISSIONS_POLICY);
  });
}

// zod/mini: every page's first download parses this (the app shell's calls), and the mini API keeps
// the rest of zod out of it (decision 021; docs/architecture.md, "Code split by route").
import { z } from 'zod/mini';

/**
 * Where a SPA logs in: GET /api/client-settings/idporten.json (portal, ID-porten) and
 * GET /api/client-settings/admin.json (admin app, the organisation's provider).
 * The SPA runs authorisation code + PKCE (S256) with oidc-client-ts against `authority`.
 */
export const clientSettings = z.object({
  /** The OIDC issuer, e.g. http://localhost:3000/idp in the embedded default. */
  authority: z.string(),
  clientId: z.string(),
  scope: z.string(),
  /** Resource indicator (RFC 8707) whose audience the API checks. */
  resource: z.string(),
  /** ID-porten's level of assurance asked for. */
  acrValues: z.string(),
  /** Absolute URL the provider redirects back to with the code. */
  redirectUri: z.string(),
  postLogoutRedirectUri: z.string(),
});
export type ClientSettings = z.infer<typeof clientSettings>;

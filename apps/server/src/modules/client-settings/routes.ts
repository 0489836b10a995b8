import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientSettings, type ClientSettings } from '@lokaler/domain/client-settings';
import type { Config } from '../../config';

/** What the SPAs ask for: openid + the profile and e-mail claims of the ID token. */
const SCOPE = 'openid profile email';

/** Where each SPA logs in (spec 01 §7: GET /client-settings/idporten.json). Public, no token. */
export const clientSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = clientSettingsFor(app.config);

  app.get('/client-settings/idporten.json', {
    schema: { tags: ['innlogging'], summary: "The portal's login configuration (ID-porten)", response: { 200: clientSettings } },
  }, async () => settings.portal);

  app.get('/client-settings/admin.json', {
    schema: { tags: ['innlogging'], summary: "The admin app's login configuration", response: { 200: clientSettings } },
  }, async () => settings.admin);
};

export function clientSettingsFor(config: Config): { portal: ClientSettings; admin: ClientSettings } {
  const { publicUrl, oidc } = config;
  return {
    portal: {
      authority: oidc.issuer,
      clientId: oidc.portalClientId,
      scope: SCOPE,
      resource: oidc.audience,
      acrValues: 'idporten-loa-substantial',
      redirectUri: `${publicUrl}/auth/callback`,
      postLogoutRedirectUri: `${publicUrl}/`,
    },
    admin: {
      authority: oidc.adminIssuer,
      clientId: oidc.adminClientId,
      scope: SCOPE,
      resource: oidc.audience,
      // The organisation's provider has no ID-porten levels; empty means none is asked for.
      acrValues: '',
      redirectUri: `${publicUrl}/admin/auth/callback`,
      postLogoutRedirectUri: `${publicUrl}/admin/`,
    },
  };
}

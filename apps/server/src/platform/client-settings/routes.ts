import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { clientSettings, type ClientSettings } from '@lokaler/domain/client-settings';
import { mapSettings, type MapSettings } from '@lokaler/domain/map-settings';
import type { Config } from '../../config';

/** Where each SPA logs in (spec 01 §7: GET /client-settings/idporten.json) and where the portal's map takes its tiles. Public, no token. */
export const clientSettingsRoutes: FastifyPluginAsyncZod = async (app) => {
  const settings = clientSettingsFor(app.config);

  app.get(
    '/client-settings/idporten.json',
    {
      config: { access: 'public' },
      schema: { tags: ['innlogging'], summary: "The portal's login configuration (ID-porten)", response: { 200: clientSettings } },
    },
    async () => settings.portal,
  );

  app.get(
    '/client-settings/admin.json',
    {
      config: { access: 'public' },
      schema: { tags: ['innlogging'], summary: "The admin app's login configuration", response: { 200: clientSettings } },
    },
    async () => settings.admin,
  );

  const map = mapSettingsFor(app.config);
  app.get(
    '/client-settings/map.json',
    {
      config: { access: 'public' },
      schema: {
        tags: ['innstillinger'],
        summary: "The new portal's map background (MAP_TILE_URL, MAP_TILE_ATTRIBUTION)",
        response: { 200: mapSettings },
      },
    },
    async () => map,
  );
};

/** The tiles the portal's map draws under its markers (decision 005); null tileUrl: none. */
export function mapSettingsFor(config: Config): MapSettings {
  return { tileUrl: config.map.tileUrl, tileAttribution: config.map.tileAttribution };
}

export function clientSettingsFor(config: Config): { portal: ClientSettings; admin: ClientSettings } {
  const { publicUrl, oidc } = config;
  return {
    portal: {
      authority: oidc.issuer,
      clientId: oidc.portalClientId,
      // OIDC_SCOPES: ID-porten gives the name with profile; the e-mail comes from the person register.
      scope: oidc.portalScope,
      resource: oidc.portalResource,
      acrValues: oidc.portalAcrValues,
      redirectUri: `${publicUrl}/auth/callback`,
      postLogoutRedirectUri: `${publicUrl}/`,
    },
    admin: {
      authority: oidc.adminIssuer,
      clientId: oidc.adminClientId,
      // Entra ID needs the API's own scope here (api://…/…) and no resource: ADMIN_OIDC_SCOPES, ADMIN_OIDC_RESOURCE=''.
      scope: oidc.adminScope,
      resource: oidc.adminResource,
      // The organisation's provider has no ID-porten levels; empty means none is asked for.
      acrValues: oidc.adminAcrValues,
      redirectUri: `${publicUrl}/admin/auth/callback`,
      postLogoutRedirectUri: `${publicUrl}/admin/`,
    },
  };
}

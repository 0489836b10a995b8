import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { clientSettings } from '@lokaler/domain/client-settings';
import { mapSettings } from '@lokaler/domain/map-settings';
import { createTestApp, type TestContext, useTestApp } from '../../../test/test-app';

describe('GET /api/client-settings/*.json', () => {
  const ctx = useTestApp();

  it('tells the portal to log in at the local provider with PKCE, for the API, at substantial level', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-settings/idporten.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      authority: 'http://localhost:3000/idp',
      clientId: 'lokaler-portal',
      // As at ID-porten: the name with profile; the e-mail from the person register.
      scope: 'openid profile',
      resource: 'http://localhost:3000/api',
      acrValues: 'idporten-loa-substantial',
      redirectUri: 'http://localhost:3000/auth/callback',
      postLogoutRedirectUri: 'http://localhost:3000/',
    });
  });

  it('gives the admin app its own client and callback under /admin/', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-settings/admin.json' });
    expect(res.statusCode).toBe(200);
    expect(clientSettings.parse(res.json())).toMatchObject({
      authority: 'http://localhost:3000/idp',
      clientId: 'lokaler-admin',
      resource: 'http://localhost:3000/api/admin',
      redirectUri: 'http://localhost:3000/admin/auth/callback',
      postLogoutRedirectUri: 'http://localhost:3000/admin/',
    });
  });

  it('points at a provider that really is there: its discovery names the same issuer', async () => {
    const { authority } = (await ctx.app.inject({ method: 'GET', url: '/api/client-settings/idporten.json' })).json<{
      authority: string;
    }>();
    const discovery = await ctx.app.inject({ method: 'GET', url: `${new URL(authority).pathname}/.well-known/openid-configuration` });
    expect(discovery.statusCode).toBe(200);
    expect(discovery.json()).toMatchObject({ issuer: authority });
  });

  it("gives the portal's map OpenStreetMap's standard tiles with a Norwegian attribution by default, without a token", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-settings/map.json' });
    expect(res.statusCode).toBe(200);
    expect(mapSettings.parse(res.json())).toEqual({
      tileUrl: 'https://tile.openstreetmap.org/{z}/{x}/{y}.png',
      tileAttribution: '© OpenStreetMap-bidragsytere',
    });
  });
});

describe('client settings of external providers, from configuration only', () => {
  let ctx: TestContext;
  const entra = 'https://login.microsoftonline.com/0b5d2c3e-1111-4222-8333-944445555666/v2.0';
  beforeAll(async () => {
    ctx = await createTestApp({
      PUBLIC_URL: 'https://lokaler.example.no',
      OIDC_ISSUER: 'https://test.idporten.no',
      OIDC_CLIENT_ID: '4c0a7b2e-9d1f-4e55-a3b6-0d2c9f8e7a61',
      ADMIN_OIDC_ISSUER: entra,
      ADMIN_OIDC_CLIENT_ID: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      ADMIN_OIDC_SCOPES: 'openid profile email api://lokaler-api/Lokaler.Admin',
      ADMIN_OIDC_AUDIENCE: 'api://lokaler-api',
      ADMIN_OIDC_RESOURCE: '',
    });
  });
  afterAll(() => ctx.close());

  it('sends the portal to ID-porten with its client id, the API as resource and substantial level', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-settings/idporten.json' });
    expect(res.json()).toMatchObject({
      authority: 'https://test.idporten.no',
      clientId: '4c0a7b2e-9d1f-4e55-a3b6-0d2c9f8e7a61',
      scope: 'openid profile',
      resource: 'https://lokaler.example.no/api',
      acrValues: 'idporten-loa-substantial',
      redirectUri: 'https://lokaler.example.no/auth/callback',
    });
  });

  it("sends the admin app to Entra ID with the API's scope and no resource parameter", async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-settings/admin.json' });
    expect(res.json()).toMatchObject({
      authority: entra,
      clientId: '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d',
      scope: 'openid profile email api://lokaler-api/Lokaler.Admin',
      resource: '',
      acrValues: '',
      redirectUri: 'https://lokaler.example.no/admin/auth/callback',
    });
  });
});

describe('map settings with MAP_TILE_URL empty', () => {
  const ctx = useTestApp({ MAP_TILE_URL: '', MAP_TILE_ATTRIBUTION: '© Kartverket' });

  it('tells the portal to draw no tiles at all, and passes the configured attribution', async () => {
    const res = await ctx.app.inject({ method: 'GET', url: '/api/client-settings/map.json' });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ tileUrl: null, tileAttribution: '© Kartverket' });
  });
});
describe('client settings with an external ID-porten', () => {
  const ctx = useTestApp({ OIDC_ISSUER: 'https://test.idporten.no', PUBLIC_URL: 'https://lokaler.example.no' });

  it('sends the portal to that issuer and runs no local provider', async () => {
    const settings = (await ctx.app.inject({ method: 'GET', url: '/api/client-settings/idporten.json' })).json();
    expect(settings).toMatchObject({
      authority: 'https://test.idporten.no',
      redirectUri: 'https://lokaler.example.no/auth/callback',
      resource: 'https://lokaler.example.no/api',
    });
    const idp = await ctx.app.inject({ method: 'GET', url: '/idp/.well-known/openid-configuration' });
    expect(idp.statusCode).toBe(404);
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { QueryClient } from '@tanstack/react-query';
import { BOOT_DATA_ELEMENT_ID, bootDataJson, type BootData } from '@lokaler/domain/boot-data';
import { readBootData, resetBootDataForTests } from './boot-data';
import { getClientSettings } from './client-settings';
import { seedSettingsFromBootData, settingQuery } from './settings';

const login = {
  authority: 'https://idp.example',
  clientId: 'portal',
  scope: 'openid',
  resource: 'api',
  acrValues: '',
  redirectUri: 'https://x/auth/callback',
  postLogoutRedirectUri: 'https://x/',
};

function writeBoot(text: string) {
  const element = document.createElement('script');
  element.type = 'application/json';
  element.id = BOOT_DATA_ELEMENT_ID;
  element.textContent = text;
  document.head.append(element);
}
const boot = (data: BootData) => writeBoot(bootDataJson(data));

beforeEach(() => resetBootDataForTests());
afterEach(() => {
  document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
  resetBootDataForTests();
  vi.unstubAllGlobals();
});

describe('boot data from index.html (decision 026)', () => {
  it('gives the login configuration without a request', async () => {
    const fetch = vi.fn();
    vi.stubGlobal('fetch', fetch);
    boot({ clientSettings: { kind: 'idporten', settings: login }, settings: {} });
    await expect(getClientSettings('idporten')).resolves.toEqual(login);
    expect(fetch).not.toHaveBeenCalled();
  });

  it("asks the API for the other app's configuration, and when there is no boot data", async () => {
    const fetch = vi.fn(async () => new Response(JSON.stringify(login), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    boot({ clientSettings: { kind: 'idporten', settings: login }, settings: {} });
    await getClientSettings('admin');
    expect(fetch).toHaveBeenCalledTimes(1);
    expect(String((fetch.mock.calls[0] as unknown[])[0])).toContain('/api/client-settings/admin.json');
  });

  it('puts the settings in the cache as fresh answers: ENABLED is on, anything else off', () => {
    boot({ settings: { PORTAL_2_BETA: 'ENABLED', CONTACT_US: null } });
    const client = new QueryClient();
    seedSettingsFromBootData(client);
    expect(client.getQueryData(settingQuery('PORTAL_2_BETA').queryKey)).toBe(true);
    expect(client.getQueryData(settingQuery('CONTACT_US').queryKey)).toBe(false);
    expect(client.getQueryState(settingQuery('CONTACT_US').queryKey)?.isInvalidated).toBe(false);
  });

  it('leaves out what the server did not send (the app asks /api/settings for it)', () => {
    boot({ settings: {} });
    const client = new QueryClient();
    seedSettingsFromBootData(client);
    expect(client.getQueryData(settingQuery('PORTAL_2_BETA').queryKey)).toBeUndefined();
  });

  it('ignores boot data that does not parse or does not fit the schema', () => {
    writeBoot('{not json');
    expect(readBootData()).toBeNull();
    resetBootDataForTests();
    document.getElementById(BOOT_DATA_ELEMENT_ID)?.remove();
    writeBoot(JSON.stringify({ settings: { CONTACT_US: 42 } }));
    expect(readBootData()).toBeNull();
  });
});

describe("a page's first answers from index.html", () => {
  it('are taken once by an anonymous GET of the same path, checked by its schema; the next call asks the API', async () => {
    const { apiFetch } = await import('./api-fetch');
    const { z } = await import('zod/mini');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 2 }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    boot({ settings: {}, answers: { '/api/location/1': { id: 1 } } });
    const schema = z.object({ id: z.number() });
    await expect(apiFetch('/api/location/1', { schema })).resolves.toEqual({ id: 1 });
    expect(fetch).not.toHaveBeenCalled();
    await expect(apiFetch('/api/location/1', { schema })).resolves.toEqual({ id: 2 });
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it('are not taken by a call with a token (a logged-in person may be answered differently)', async () => {
    const { apiFetch, configureApiClient } = await import('./api-fetch');
    const fetch = vi.fn(async () => new Response(JSON.stringify({ id: 2 }), { headers: { 'content-type': 'application/json' } }));
    vi.stubGlobal('fetch', fetch);
    boot({ settings: {}, answers: { '/api/location/1': { id: 1 } } });
    const restore = configureApiClient({ getAccessToken: async () => 'token' });
    try {
      await expect(apiFetch('/api/location/1')).resolves.toEqual({ id: 2 });
    } finally {
      restore();
    }
  });

  it('fail like an API answer when they do not match the schema', async () => {
    const { apiFetch } = await import('./api-fetch');
    const { z } = await import('zod/mini');
    boot({ settings: {}, answers: { '/api/location/1': { id: 'one' } } });
    await expect(apiFetch('/api/location/1', { schema: z.object({ id: z.number() }) })).rejects.toMatchObject({ kind: 'invalid-response' });
  });
});

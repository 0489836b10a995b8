import { describe, expect, it, vi } from 'vitest';
import type { AuthClient } from './auth-client';
import { createFakeAuthClient } from './fake-auth-client';
import { onPublicOrigin, publicOriginHref } from './public-origin';

const settings = {
  authority: 'http://localhost:3000/idp',
  clientId: 'lokaler-portal',
  redirectUri: 'http://localhost:3000/auth/callback',
  postLogoutRedirectUri: 'http://localhost:3000/',
  scope: 'openid profile',
  resource: 'http://localhost:3000/api',
  acrValues: 'idporten-loa-substantial',
};

const at = (href: string) => {
  const url = new URL(href);
  return { origin: url.origin, pathname: url.pathname, search: url.search, hash: url.hash, replace: vi.fn() } as unknown as Location & {
    replace: ReturnType<typeof vi.fn>;
  };
};

describe('publicOriginHref (the login works only on the configured public origin)', () => {
  it('moves a page opened on another host name to the same page on the public origin', () => {
    expect(publicOriginHref(settings.redirectUri, at('http://127.0.0.1:3000/oversikt?kategorier=skoler#treff'))).toBe(
      'http://localhost:3000/oversikt?kategorier=skoler#treff',
    );
    expect(publicOriginHref(settings.redirectUri, at('http://localhost:4000/'))).toBe('http://localhost:3000/');
  });

  it('leaves a page on the public origin where it is', () => {
    expect(publicOriginHref(settings.redirectUri, at('http://localhost:3000/bookinger'))).toBeNull();
  });
});

describe('onPublicOrigin', () => {
  it('creates the login client on the public origin', async () => {
    const client = createFakeAuthClient(null);
    const here = at('http://localhost:3000/');
    await expect(onPublicOrigin(settings, () => client, here)).resolves.toBe(client);
    expect(here.replace).not.toHaveBeenCalled();
  });

  it('replaces the page elsewhere and creates no client (its login state would be on the wrong origin)', async () => {
    const create = vi.fn<() => AuthClient>();
    const here = at('http://127.0.0.1:3000/sted/2');
    const pending = onPublicOrigin(settings, create, here);
    expect(here.replace).toHaveBeenCalledWith('http://localhost:3000/sted/2');
    expect(create).not.toHaveBeenCalled();
    const settled = await Promise.race([pending.then(() => 'settled'), new Promise((r) => setTimeout(() => r('pending'), 20))]);
    expect(settled).toBe('pending');
  });
});

import type { AuthClient } from './auth-client';
import type { ClientSettings } from '@lokaler/domain/client-settings';

type Here = Pick<Location, 'origin' | 'pathname' | 'search' | 'hash'>;

/**
 * The same page on the public origin (PUBLIC_URL, which the login's redirect URI names), or null when
 * the page is there already.
 *
 * Why move rather than log in where the page is: the login keeps its state (PKCE verifier, nonce) in
 * sessionStorage, which belongs to one origin, and the provider sends the browser back to the one
 * redirect URI registered for the client. A page opened as http://127.0.0.1:3000 would send the
 * person back to http://localhost:3000/auth/callback, where no state waits: the login never ends.
 * Building the redirect URI from the address the browser used instead would need every host name
 * registered at the provider and would trust a Host header any caller can set; one origin, the
 * configured one, keeps the provider's exact-match check meaningful.
 */
export function publicOriginHref(redirectUri: string, here: Here): string | null {
  const publicOrigin = new URL(redirectUri).origin;
  if (publicOrigin === here.origin) return null;
  return `${publicOrigin}${here.pathname}${here.search}${here.hash}`;
}

/**
 * The login client for these settings — after moving the page to the public origin when it was opened
 * on another address (the promise then never settles: the page is going away).
 */
export function onPublicOrigin(
  settings: ClientSettings,
  create: (settings: ClientSettings) => AuthClient,
  location: Location = window.location,
): Promise<AuthClient> {
  const href = publicOriginHref(settings.redirectUri, location);
  if (href === null) return Promise.resolve(create(settings));
  location.replace(href);
  return new Promise<AuthClient>(() => {});
}

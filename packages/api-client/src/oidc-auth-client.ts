import { UserManager, WebStorageStateStore, type User, type UserManagerSettings } from 'oidc-client-ts';
import type { ClientSettings } from '@lokaler/domain/client-settings';
import { safeReturnTo, type AuthClient, type AuthUser } from './auth-client';
import { sendIdTokenToApi } from './id-token';
import { OIDC_STORAGE_PREFIX } from './oidc-storage';

/** Spec 01 §6 / §9: the token is refreshed when it is valid for less than 30 seconds. */
export const TOKEN_REFRESH_THRESHOLD_SECONDS = 30;

/**
 * oidc-client-ts settings from the server's client settings: authorisation code + PKCE (S256, the
 * library's only method), resource and acr_values on the authorisation request, tokens and login
 * state in sessionStorage (never localStorage: ARCHITECTURE.md), silent renew with the refresh token.
 */
export function oidcSettings(settings: ClientSettings, storage: Storage = window.sessionStorage): UserManagerSettings {
  return {
    authority: settings.authority,
    client_id: settings.clientId,
    redirect_uri: settings.redirectUri,
    post_logout_redirect_uri: settings.postLogoutRedirectUri,
    response_type: 'code',
    scope: settings.scope,
    // Empty (Entra ID, where the API's scope names the audience) is left out, not sent as resource=.
    resource: settings.resource || undefined,
    // An empty value (the admin provider has no ID-porten levels) is left out, not sent as acr_values=.
    acr_values: settings.acrValues || undefined,
    disablePKCE: false,
    userStore: new WebStorageStateStore({ store: storage, prefix: OIDC_STORAGE_PREFIX }),
    stateStore: new WebStorageStateStore({ store: storage, prefix: OIDC_STORAGE_PREFIX }),
    automaticSilentRenew: true,
    accessTokenExpiringNotificationTimeInSeconds: TOKEN_REFRESH_THRESHOLD_SECONDS,
    // JWT access tokens for the API are refused by /userinfo; the names come from the ID token.
    loadUserInfo: false,
    monitorSession: false,
  };
}

export function toAuthUser(user: User): AuthUser {
  const { profile } = user;
  const fullName = [profile.given_name, profile.family_name].filter(Boolean).join(' ');
  return { sub: profile.sub, name: profile.name ?? (fullName || 'Innlogget bruker') };
}

/** 128 random bits, base64url. */
function randomNonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replaceAll('+', '-')
    .replaceAll('/', '_')
    .replace(/=+$/, '');
}

interface ReturnState {
  returnTo: string;
}

export interface OidcAuthClientOptions {
  /** Gives the server the login's ID token (default: PUT /api/currentuser/id-token). */
  sendIdToken?: (idToken: string, accessToken: string) => Promise<void>;
  storage?: Storage;
}

/** The AuthClient of both SPAs, on oidc-client-ts. */
export function createOidcAuthClient(
  settings: ClientSettings,
  userManager = new UserManager(oidcSettings(settings)),
  options: OidcAuthClientOptions = {},
): AuthClient {
  const listeners = new Set<(user: AuthUser | null) => void>();
  const sendIdToken = options.sendIdToken ?? sendIdTokenToApi;
  const storage = options.storage ?? window.sessionStorage;
  // Whose ID token the server has in this tab: sent once per login, and again after a renewal only
  // when the last attempt failed (the server would otherwise not know the person's name).
  const sentKey = `lokaler.idTokenSent:${settings.clientId}`;
  let sharing: Promise<void> | undefined;
  const shareProfile = (user: User): Promise<void> => {
    if (!user.id_token || user.expired || storage.getItem(sentKey) === user.profile.sub) return Promise.resolve();
    sharing ??= sendIdToken(user.id_token, user.access_token)
      .then(() => storage.setItem(sentKey, user.profile.sub))
      // Not fatal: the forms still ask for name and e-mail, and the next renewal tries again.
      .catch(() => undefined)
      .finally(() => {
        sharing = undefined;
      });
    return sharing;
  };
  const notify = (user: User | null) => {
    const authUser = user && !user.expired ? toAuthUser(user) : null;
    for (const listener of listeners) listener(authUser);
  };
  userManager.events.addUserLoaded((user) => {
    notify(user);
    void shareProfile(user);
  });
  userManager.events.addUserUnloaded(() => notify(null));
  // A token that could not be renewed in time ends the session in this tab.
  userManager.events.addAccessTokenExpired(() => void userManager.removeUser());

  let refreshing: Promise<User | null> | undefined;
  const refresh = () => {
    refreshing ??= userManager
      .signinSilent()
      .catch(() => null)
      .finally(() => {
        refreshing = undefined;
      });
    return refreshing;
  };

  // React StrictMode runs effects twice; the code in the callback URL may be redeemed only once.
  let completing: Promise<{ user: AuthUser; returnTo: string }> | undefined;

  return {
    async getUser() {
      const user = await userManager.getUser();
      return user && !user.expired ? toAuthUser(user) : null;
    },
    async login(returnTo) {
      // The coming login's ID token is sent again, whoever logged in before in this tab.
      storage.removeItem(sentKey);
      // oidc-client-ts sends a nonce only when given one; it keeps it with the state and refuses an
      // ID token that does not carry it (ID-porten requires one, against replayed ID tokens).
      await userManager.signinRedirect({ state: { returnTo: safeReturnTo(returnTo) } satisfies ReturnState, nonce: randomNonce() });
    },
    completeLogin() {
      completing ??= userManager.signinRedirectCallback().then(async (user) => {
        // A new login: its ID token goes to the server before the app asks who is logged in.
        await shareProfile(user);
        return { user: toAuthUser(user), returnTo: safeReturnTo((user.state as Partial<ReturnState> | undefined)?.returnTo) };
      });
      return completing;
    },
    async logout() {
      const user = await userManager.getUser();
      try {
        await userManager.signoutRedirect({ id_token_hint: user?.id_token });
      } catch {
        // A provider without end-session support: end the session here and go to the root anyway.
        await userManager.removeUser();
        window.location.assign(settings.postLogoutRedirectUri);
      }
    },
    async removeUser() {
      storage.removeItem(sentKey);
      await userManager.removeUser();
    },
    async getAccessToken() {
      let user = await userManager.getUser();
      if (!user) return null;
      if ((user.expires_in ?? Number.POSITIVE_INFINITY) < TOKEN_REFRESH_THRESHOLD_SECONDS) {
        user = (await refresh()) ?? user;
      }
      if (user.expired) {
        await userManager.removeUser();
        return null;
      }
      return user.access_token;
    },
    subscribe(listener) {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
  };
}

/** The logged-in person as the SPAs see them. */
export interface AuthUser {
  /** Stable key of the person at the identity provider. */
  sub: string;
  /** Full name from the ID token (given and family name). */
  name: string;
}

/**
 * Login and tokens as the SPAs use them. The OIDC implementation is createOidcAuthClient; tests
 * give the AuthProvider a fake, so no test needs a network or an identity provider.
 */
export interface AuthClient {
  /** The user from this tab's session, or null. */
  getUser(): Promise<AuthUser | null>;
  /** Goes to the identity provider; afterwards completeLogin brings the user back to returnTo. */
  login(returnTo: string): Promise<void>;
  /** Finishes the login on the callback route; returns the in-app path to go back to. */
  completeLogin(): Promise<{ user: AuthUser; returnTo: string }>;
  /** Ends the session here and at the provider, which sends the browser to the app's root. */
  logout(): Promise<void>;
  /** Forgets the session in this tab only (after the server said 401). */
  removeUser(): Promise<void>;
  /** The access token, refreshed first when it has less than 30 s left; null when logged out. */
  getAccessToken(): Promise<string | null>;
  /** Called whenever the user logs in, is refreshed or goes away. Returns an unsubscribe function. */
  subscribe(listener: (user: AuthUser | null) => void): () => void;
}

/**
 * Only in-app paths may be returned to after login (never another site, never protocol-relative //).
 */
export function safeReturnTo(value: unknown, fallback = '/'): string {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\')) return fallback;
  return value;
}

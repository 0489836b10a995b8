import { createContext, use, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import type { AuthClient, AuthUser } from '../auth-client';
import { configureApiClient, type UnauthorizedInfo } from '../api-fetch';

export interface AuthContextValue {
  user: AuthUser | null;
  isLoggedIn: boolean;
  /** Goes to the identity provider; after login the browser comes back to returnTo (an in-app path). */
  login(returnTo: string): Promise<void>;
  logout(): Promise<void>;
  /** For the /auth/callback route. */
  completeLogin(): Promise<{ user: AuthUser; returnTo: string }>;
}

const AuthContext = createContext<AuthContextValue | null>(null);

type SetupState =
  | { status: 'initializing' }
  | { status: 'failed'; error: unknown }
  | { status: 'ready'; client: AuthClient; user: AuthUser | null; logout: () => Promise<void> };

export interface AuthProviderProps {
  /** Builds the client (the apps: client settings from the server, then createOnDemandAuthClient). */
  loadClient: () => Promise<AuthClient>;
  /** Shown while the login configuration loads. */
  loading: ReactNode;
  /** Shown when it cannot be loaded (spec 01 §8 "Auth setup failure"). */
  failed: ReactNode;
  /**
   * The session ended without the person logging out: the server answered 401 to a call with a token,
   * or the token expired and could not be renewed (inactivity). The app tells the person why.
   */
  onSessionEnded?: (info: UnauthorizedInfo) => void;
  /** Reports a failed setup (the apps send it to the client log). */
  onSetupError?: (error: unknown) => void;
  children: ReactNode;
}

/**
 * Sets up login for the whole app: initializing → ready, or failed. Children render only when ready,
 * so useAuth always has a client. Also gives the API client its token source and 401 handling.
 */
export function AuthProvider({ loadClient, loading, failed, onSessionEnded, onSetupError, children }: AuthProviderProps) {
  const [state, setState] = useState<SetupState>({ status: 'initializing' });
  const onSessionEndedRef = useRef(onSessionEnded);
  useEffect(() => {
    onSessionEndedRef.current = onSessionEnded;
  }, [onSessionEnded]);

  useEffect(() => {
    let active = true;
    let cleanup = () => {};
    loadClient()
      .then(async (client) => {
        const user = await client.getUser();
        if (!active) return;
        /** Set while the app itself ends the session (logout, or a 401 already reported): no second message. */
        let endingOnPurpose = false;
        const logout = () => {
          endingOnPurpose = true;
          return client.logout();
        };
        // Before the first render of the children: their first calls must already carry the token.
        const restoreApiClient = configureApiClient({
          getAccessToken: () => client.getAccessToken(),
          onUnauthorized: (info) => {
            endingOnPurpose = true;
            void client.removeUser();
            onSessionEndedRef.current?.(info);
          },
        });
        let current = user;
        const unsubscribe = client.subscribe((next) => {
          // Logged in, then out without asking: the token ran out unrenewed — the same news as a 401.
          if (current && !next && !endingOnPurpose) onSessionEndedRef.current?.({});
          if (!next) endingOnPurpose = false;
          current = next;
          setState({ status: 'ready', client, user: next, logout });
        });
        cleanup = () => {
          unsubscribe();
          restoreApiClient();
        };
        setState({ status: 'ready', client, user, logout });
      })
      .catch((error: unknown) => {
        if (!active) return;
        onSetupError?.(error);
        setState({ status: 'failed', error });
      });
    return () => {
      active = false;
      cleanup();
    };
    // The client is built once per mount; later identities of the callbacks do not matter.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const client = state.status === 'ready' ? state.client : undefined;
  const user = state.status === 'ready' ? state.user : null;
  const logout = state.status === 'ready' ? state.logout : undefined;
  const value = useMemo<AuthContextValue | null>(
    () =>
      client && logout
        ? {
            user,
            isLoggedIn: user !== null,
            login: (returnTo) => client.login(returnTo),
            logout,
            completeLogin: () => client.completeLogin(),
          }
        : null,
    [client, user, logout],
  );

  if (state.status === 'initializing') return loading;
  if (state.status === 'failed' || !value) return failed;
  return <AuthContext value={value}>{children}</AuthContext>;
}

export function useAuth(): AuthContextValue {
  const value = use(AuthContext);
  if (!value) throw new Error('useAuth must be used inside <AuthProvider>');
  return value;
}

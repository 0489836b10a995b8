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
  | { status: 'ready'; client: AuthClient; user: AuthUser | null };

export interface AuthProviderProps {
  /** Builds the client (the apps: client settings from the server, then createOnDemandAuthClient). */
  loadClient: () => Promise<AuthClient>;
  /** Shown while the login configuration loads. */
  loading: ReactNode;
  /** Shown when it cannot be loaded (spec 01 §8 "Auth setup failure"). */
  failed: ReactNode;
  /** The server answered 401 to a call with a token: the session is over (the app tells the user). */
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
        // Before the first render of the children: their first calls must already carry the token.
        const restoreApiClient = configureApiClient({
          getAccessToken: () => client.getAccessToken(),
          onUnauthorized: (info) => {
            void client.removeUser();
            onSessionEndedRef.current?.(info);
          },
        });
        const unsubscribe = client.subscribe((next) => setState({ status: 'ready', client, user: next }));
        cleanup = () => {
          unsubscribe();
          restoreApiClient();
        };
        setState({ status: 'ready', client, user });
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
  const value = useMemo<AuthContextValue | null>(
    () =>
      client
        ? {
            user,
            isLoggedIn: user !== null,
            login: (returnTo) => client.login(returnTo),
            logout: () => client.logout(),
            completeLogin: () => client.completeLogin(),
          }
        : null,
    [client, user],
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

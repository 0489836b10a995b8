import { useCallback, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { messages } from '@lokaler/domain/api-error';
import type { UnauthorizedInfo } from '@lokaler/api-client/api-fetch';
import type { AuthClient } from '@lokaler/api-client/auth-client';
import { getClientSettings } from '@lokaler/api-client/client-settings';
import { describeError, logFrontendError } from '@lokaler/api-client/frontend-error-log';
import { clearImpersonationCookie } from '@lokaler/api-client/impersonation';
import { createOnDemandAuthClient } from '@lokaler/api-client/on-demand-auth-client';
import { onPublicOrigin } from '@lokaler/api-client/public-origin';
import { createQueryClient } from '@lokaler/api-client/query-client';
import { seedSettingsFromBootData } from '@lokaler/api-client/settings';
import { AuthProvider } from '@lokaler/api-client/react/auth-provider';
import { FullPageState } from '@lokaler/ui/app-shell';
import { CrashBoundary } from '@lokaler/ui/crash-boundary';
import { ErrorPage } from '@lokaler/ui/error-page';
import { Loading } from '@lokaler/ui/loading';
import { StartingShell } from '@lokaler/ui/starting-shell';
import { ToastProvider, useToasts } from '@lokaler/ui/toasts';
import { reportCrash } from './report-error';
import { withImpersonationLogout } from './session-end';
import { prefetchFirstData } from './prefetch-first-data';

/**
 * The portal logs in with ID-porten's client settings. One client per page load: React's
 * StrictMode mounts twice in development, and two clients would both renew the same refresh token.
 * Opened on another address than PUBLIC_URL, the page first moves there (public-origin.ts).
 */
let authClient: Promise<AuthClient> | undefined;
const loadPortalAuthClient = (): Promise<AuthClient> =>
  (authClient ??= getClientSettings('idporten').then((settings) => onPublicOrigin(settings, createOnDemandAuthClient)));

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass a fake client and their own QueryClient. */
  loadAuthClient?: () => Promise<AuthClient>;
  queryClient?: QueryClient;
  /** The address the app starts on (tests; the browser's own otherwise): its public data is asked for at once. */
  initialUrl?: string;
}

export function AppProvider({ children, loadAuthClient = loadPortalAuthClient, queryClient, initialUrl }: AppProviderProps) {
  const [client] = useState(() => {
    const created = queryClient ?? createQueryClient();
    seedSettingsFromBootData(created);
    prefetchFirstData(created, initialUrl ?? window.location.href);
    return created;
  });
  return (
    <CrashBoundary onError={reportCrash} homeHref="/">
      <QueryClientProvider client={client}>
        <ToastProvider>
          <PortalAuth loadAuthClient={loadAuthClient}>{children}</PortalAuth>
        </ToastProvider>
      </QueryClientProvider>
    </CrashBoundary>
  );
}

function PortalAuth({ children, loadAuthClient }: { children: ReactNode; loadAuthClient: () => Promise<AuthClient> }) {
  const { showToast } = useToasts();
  /*
   * Spec 01/02 §8 "HTTP 401" — the one place of the portal that handles it. api-fetch calls this at most
   * once per 3 s; the AuthProvider has already ended the session in this tab. The message is an
   * assertive toast (role=alert: announced at once; it stays until closed or the next page), with the signing text when
   * the 401 came from signing a contract. The impersonation cookie goes too, as at any logout. The
   * identity provider's own session is not ended: its end-session redirect would take the person away
   * from the message; the next login asks the provider again.
   */
  const onSessionEnded = useCallback(
    (info: UnauthorizedInfo) => {
      showToast({ type: 'danger', msg: info.message ?? messages.unauthorized, assertive: true });
      void clearImpersonationCookie();
    },
    [showToast],
  );
  const loadClient = useCallback(() => loadAuthClient().then(withImpersonationLogout), [loadAuthClient]);
  return (
    <AuthProvider
      loadClient={loadClient}
      onSessionEnded={onSessionEnded}
      onSetupError={(error) => void logFrontendError(`Innlogging kunne ikke settes opp: ${describeError(error)}`)}
      loading={
        <StartingShell appName="Lokaler" homeHref="/">
          <Loading label="Laster Lokaler" />
        </StartingShell>
      }
      failed={
        <FullPageState>
          <ErrorPage homeHref="/" />
        </FullPageState>
      }
    >
      {children}
    </AuthProvider>
  );
}

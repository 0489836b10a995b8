import { useCallback, useState, type ReactNode } from 'react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { messages } from '@lokaler/domain/api-error';
import type { AuthClient } from '@lokaler/api-client/auth-client';
import { getClientSettings } from '@lokaler/api-client/client-settings';
import { describeError, logFrontendError } from '@lokaler/api-client/frontend-error-log';
import { createOnDemandAuthClient } from '@lokaler/api-client/on-demand-auth-client';
import { onPublicOrigin } from '@lokaler/api-client/public-origin';
import { createQueryClient } from '@lokaler/api-client/query-client';
import { AuthProvider } from '@lokaler/api-client/react/auth-provider';
import { FullPageState } from '@lokaler/ui/app-shell';
import { CrashBoundary } from '@lokaler/ui/crash-boundary';
import { ErrorPage } from '@lokaler/ui/error-page';
import { Loading } from '@lokaler/ui/loading';
import { StartingShell } from '@lokaler/ui/starting-shell';
import { ToastProvider, useToasts } from '@lokaler/ui/toasts';
import { adminHomeHref } from '../config/paths';
import { reportCrash } from './report-error';

/**
 * The admin app logs in with its own client (the organisation's provider). One client per page load: React's
 * StrictMode mounts twice in development, and two clients would both renew the same refresh token.
 */
let authClient: Promise<AuthClient> | undefined;
const loadAdminAuthClient = (): Promise<AuthClient> =>
  (authClient ??= getClientSettings('admin').then((settings) => onPublicOrigin(settings, createOnDemandAuthClient)));

export interface AppProviderProps {
  children: ReactNode;
  /** Tests pass a fake client and their own QueryClient. */
  loadAuthClient?: () => Promise<AuthClient>;
  queryClient?: QueryClient;
}

export function AppProvider({ children, loadAuthClient = loadAdminAuthClient, queryClient }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <CrashBoundary onError={reportCrash} homeHref={adminHomeHref}>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <AdminAuth loadAuthClient={loadAuthClient}>{children}</AdminAuth>
        </ToastProvider>
      </QueryClientProvider>
    </CrashBoundary>
  );
}

function AdminAuth({ children, loadAuthClient }: { children: ReactNode; loadAuthClient: () => Promise<AuthClient> }) {
  const { showToast } = useToasts();
  // Spec 02 §8 "HTTP 401": tell the admin, who is then logged out (api-fetch suppresses repeats for 3 s).
  const onSessionEnded = useCallback(() => showToast({ type: 'danger', msg: messages.unauthorized }), [showToast]);
  return (
    <AuthProvider
      loadClient={loadAuthClient}
      onSessionEnded={onSessionEnded}
      onSetupError={(error) => void logFrontendError(`Innlogging (admin) kunne ikke settes opp: ${describeError(error)}`)}
      loading={
        <StartingShell appName="Lokaler" subtitle="administrasjon" homeHref="/admin/">
          <Loading label="Laster Lokaler administrasjon" />
        </StartingShell>
      }
      failed={
        <FullPageState>
          <ErrorPage homeHref={adminHomeHref} />
        </FullPageState>
      }
    >
      {children}
    </AuthProvider>
  );
}

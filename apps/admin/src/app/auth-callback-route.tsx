import { describeError, logFrontendError } from '@lokaler/api-client/frontend-error-log';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { AuthCallbackPage } from '@lokaler/ui/auth-callback-page';
import { adminHomeHref } from '../config/paths';

const reportLoginFailure = (error: unknown) => void logFrontendError(`Innlogging (admin) feilet: ${describeError(error)}`, 'warn');

/** /admin/auth/callback: the provider sends the browser back here with the code. */
export function AuthCallbackRoute() {
  const { completeLogin, isLoggedIn } = useAuth();
  return <AuthCallbackPage completeLogin={completeLogin} isLoggedIn={isLoggedIn} homeHref={adminHomeHref} onError={reportLoginFailure} />;
}

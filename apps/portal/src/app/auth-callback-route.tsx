import { describeError, logFrontendError } from '@lokaler/api-client/frontend-error-log';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { AuthCallbackPage } from '@lokaler/ui/auth-callback-page';

const reportLoginFailure = (error: unknown) => void logFrontendError(`Innlogging feilet: ${describeError(error)}`, 'warn');

/** /auth/callback: ID-porten sends the browser back here with the code. */
export function AuthCallbackRoute() {
  const { completeLogin, isLoggedIn } = useAuth();
  return <AuthCallbackPage completeLogin={completeLogin} isLoggedIn={isLoggedIn} homeHref="/" onError={reportLoginFailure} />;
}

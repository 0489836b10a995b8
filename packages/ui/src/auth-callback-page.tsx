import { useEffect, useState } from 'react';
import { Heading } from '@digdir/designsystemet-react';
import { useNavigate } from 'react-router';
import { ErrorPage } from './error-page';
import { Loading } from './loading';
import { usePageTitle } from './page-title';

export interface AuthCallbackPageProps {
  /** Finishes the login (useAuth().completeLogin); resolves with the in-app path to return to. */
  completeLogin: () => Promise<{ returnTo: string }>;
  isLoggedIn: boolean;
  homeHref: string;
  /** Reports a failed login (the apps send it to the client log). */
  onError: (error: unknown) => void;
}

/**
 * The route the identity provider sends the browser back to with the code: finishes the login and
 * returns to the page the user was on, or shows the error page.
 */
export function AuthCallbackPage({ completeLogin, isLoggedIn, homeHref, onError }: AuthCallbackPageProps) {
  const navigate = useNavigate();
  const [failed, setFailed] = useState(false);
  usePageTitle('Logger deg inn');

  useEffect(() => {
    let active = true;
    completeLogin()
      .then(({ returnTo }) => {
        if (active) void navigate(returnTo, { replace: true });
      })
      .catch((error: unknown) => {
        if (!active) return;
        // The back button to an old callback URL while logged in: nothing to finish, go home.
        if (isLoggedIn) {
          void navigate('/', { replace: true });
          return;
        }
        onError(error);
        setFailed(true);
      });
    return () => {
      active = false;
    };
    // Runs once per visit of the callback URL; the code in it can be redeemed only once.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  if (failed) return <ErrorPage homeHref={homeHref} />;
  return (
    <>
      <Heading level={1} data-size="md">
        Logger deg inn
      </Heading>
      <Loading label="Logger deg inn" />
    </>
  );
}

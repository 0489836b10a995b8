import type { ReactNode } from 'react';
import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useLocation } from 'react-router';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { usePageTitle } from '@lokaler/ui/page-title';

/**
 * Spec 02 §6: booking data is fetched only for a logged-in public user. Logged out, the page asks
 * for login and comes back to the same address afterwards.
 */
export function LoginGate({ children }: { children: (user: AuthUser) => ReactNode }) {
  const { user, login } = useAuth();
  const location = useLocation();
  if (user) return children(user);
  return <LoginRequired onLogin={() => void login(`${location.pathname}${location.search}`)} />;
}

function LoginRequired({ onLogin }: { onLogin: () => void }) {
  usePageTitle('Logg inn');
  return (
    <section className="lk-stack" aria-labelledby="lk-login-gate-title">
      <Heading level={1} data-size="lg" id="lk-login-gate-title">
        Logg inn for å se bookingene dine
      </Heading>
      <Paragraph>Du må logge inn med ID-porten for å se søknadene og bookingene dine.</Paragraph>
      <div>
        <Button onClick={onLogin}>Logg inn</Button>
      </div>
    </section>
  );
}

import type { ReactNode } from 'react';
import { Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useLocation } from 'react-router';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { usePageTitle } from '@lokaler/ui/page-title';

/**
 * Pages that show a location's data need the administrator logged in; a link opened while logged out
 * offers 'Logg inn' and comes back to the same page afterwards.
 */
export function RequireLogin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  return user ? children : <LoginNeeded />;
}

function LoginNeeded() {
  const { login } = useAuth();
  const location = useLocation();
  usePageTitle('Logg inn');
  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Lokaler administrasjon
      </Heading>
      <Paragraph>Du må logge inn for å se denne siden.</Paragraph>
      <div>
        <Button onClick={() => void login(`${location.pathname}${location.search}`)}>Logg inn</Button>
      </div>
    </div>
  );
}

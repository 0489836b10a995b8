import { Button } from '@digdir/designsystemet-react';
import { useLocation } from 'react-router';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { Brand } from '@lokaler/ui/brand';
import { UserMenu } from './lazy-user-menu';

/** Spec 01 §2: the brand, and 'Mine bookinger' (login) or the user menu after login. */
export function Header() {
  const { user, login } = useAuth();
  const location = useLocation();

  return (
    <header className="lk-header" data-color-scheme="dark">
      <div className="lk-container lk-header__inner">
        <Brand appName="Lokaler" />
        <nav aria-label="Brukermeny" className="lk-header__actions">
          {user ? (
            <UserMenu name={user.name} />
          ) : (
            <Button onClick={() => void login(`${location.pathname}${location.search}`)}>Mine bookinger</Button>
          )}
        </nav>
      </div>
    </header>
  );
}

import { Button } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { effectiveUserQuery } from '@lokaler/api-client/impersonation';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { Brand } from '@lokaler/ui/brand';
import { UserMenu } from './lazy-user-menu';

/**
 * Spec 01 §2: the brand, and 'Mine bookinger' (login) or the user menu after login. A person acting for
 * an organisation (spec 01 §6) sees it there, 'Kari Nordmann for Bjølsen IL': whatever they send goes in
 * the organisation's name. The server keeps acting for it (the cookie) whether or not the orgLogin
 * switch is on, so the question is asked whenever someone is logged in.
 */
export function Header() {
  const { user, login } = useAuth();
  const location = useLocation();
  const effective = useQuery({ ...effectiveUserQuery(user?.sub ?? ''), enabled: Boolean(user) });
  const organization = effective.data?.impersonationId ? effective.data.name : null;

  return (
    <header className="lk-header" data-color-scheme="dark">
      <div className="lk-container lk-header__inner">
        <Brand appName="Lokaler" />
        <nav aria-label="Brukermeny" className="lk-header__actions">
          {user ? (
            <UserMenu name={organization ? `${user.name} for ${organization}` : user.name} />
          ) : (
            <Button onClick={() => void login(`${location.pathname}${location.search}`)}>Mine bookinger</Button>
          )}
        </nav>
      </div>
    </header>
  );
}

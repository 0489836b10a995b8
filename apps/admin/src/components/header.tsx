import { Button, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { Brand } from '@lokaler/ui/brand';
import { paths } from '../config/paths';

/** The brand, and after login the settings, the semester rounds (and 'Nye lokaler' for a city-wide administrator), the name and 'Logg ut'. */
export function Header() {
  const { user, logout } = useAuth();
  const roles = useCurrentUserRoles(user?.sub);
  const cityAdmin = roles.data?.roles.includes('CITY_ADMIN') ?? false;
  return (
    <header className="lk-header" data-color-scheme="dark">
      <div className="lk-container lk-header__inner">
        <Brand appName="Lokaler" subtitle="administrasjon" />
        {user && (
          <div className="lk-header__actions">
            <nav aria-label="Administrasjon" className="lk-header__actions">
              <Button variant="tertiary" asChild>
                <RouterLink to={paths.locationSettings.getHref()}>Innstillinger</RouterLink>
              </Button>
              <Button variant="tertiary" asChild>
                <RouterLink to={paths.rounds.getHref()}>Søknadsrunder</RouterLink>
              </Button>
              {cityAdmin && (
                <Button variant="tertiary" asChild>
                  <RouterLink to={paths.newLocations.getHref()}>Nye lokaler</RouterLink>
                </Button>
              )}
            </nav>
            <Paragraph className="lk-header__name" data-size="sm">
              {user.name}
            </Paragraph>
            <Button variant="secondary" onClick={() => void logout()}>
              Logg ut
            </Button>
          </div>
        )}
      </div>
    </header>
  );
}

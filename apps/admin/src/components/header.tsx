import { Button, Paragraph } from '@digdir/designsystemet-react';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { Brand } from '@lokaler/ui/brand';

/** The brand, and after login the administrator's name with 'Logg ut'. */
export function Header() {
  const { user, logout } = useAuth();
  return (
    <header className="lk-header" data-color-scheme="dark">
      <div className="lk-container lk-header__inner">
        <Brand appName="Lokaler" subtitle="administrasjon" />
        {user && (
          <div className="lk-header__actions">
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

import { Button, Heading, Link, List, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useAdminLocations, useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { adminStartIntro } from '@lokaler/domain/portal-intro-texts';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';

/** '/': the landing page with 'Logg inn', or after login the locations the administrator manages. */
export function StartPage() {
  const { user } = useAuth();
  return user ? <AdminLocations sub={user.sub} /> : <Landing />;
}

function Landing() {
  const { login } = useAuth();
  const location = useLocation();
  usePageTitle(undefined);
  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Lokaler administrasjon
      </Heading>
      {/* The same introduction is in the starting shell (apps/server/src/platform/spa-hosting/spa-index.ts). */}
      <Paragraph data-size="lg">{adminStartIntro}</Paragraph>
      <div>
        <Button onClick={() => void login(`${location.pathname}${location.search}`)}>Logg inn</Button>
      </div>
    </div>
  );
}

function AdminLocations({ sub }: { sub: string }) {
  usePageTitle('Mine lokaler');
  const locations = useAdminLocations(sub);
  const roles = useCurrentUserRoles(sub);
  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Mine lokaler
      </Heading>
      <Paragraph data-size="lg">{adminStartIntro}</Paragraph>
      <QueryLoader query={locations} loadingLabel="Henter lokalene dine" describeFailure={loadFailureMessage}>
        {(data) =>
          data.length === 0 ? (
            <Paragraph>Du administrerer ingen lokaler ennå.</Paragraph>
          ) : (
            <List.Unordered aria-label="Lokaler du administrerer">
              {[...data]
                .sort((a, b) => a.name.localeCompare(b.name, 'nb'))
                .map((location) => (
                  <List.Item key={location.id}>
                    <Link asChild>
                      <RouterLink to={paths.locationRequests.getHref(location.id)}>{location.name}</RouterLink>
                    </Link>
                  </List.Item>
                ))}
            </List.Unordered>
          )
        }
      </QueryLoader>
      {locations.data && locations.data.length > 0 && (
        <Paragraph>
          <Link asChild>
            <RouterLink to={paths.locationSettings.getHref()}>Innstillinger for lokalene</RouterLink>
          </Link>
          {': informasjon, åpningstider, rom, tilganger og tekster.'}
        </Paragraph>
      )}
      {roles.data?.roles.includes('CITY_ADMIN') && (
        <Paragraph>
          {'Som byadministrator oppretter du nye lokaler og inviterer administratorene deres under '}
          <Link asChild>
            <RouterLink to={paths.newLocations.getHref()}>Nye lokaler</RouterLink>
          </Link>
          .
        </Paragraph>
      )}
      {roles.data?.roles.includes('CITY_ADMIN') && (
        <Paragraph>
          {'Bruken av alle byens lokaler i tall: '}
          <Link asChild>
            <RouterLink to={paths.cityStatistics.getHref()}>Statistikk for hele byen</RouterLink>
          </Link>
          .
        </Paragraph>
      )}
    </div>
  );
}

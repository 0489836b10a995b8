import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Outlet, useLocation, useNavigate, useSearchParams } from 'react-router';
import { adminLocationDetailsQuery } from '@lokaler/api-client/admin-location-setup';
import { useAdminLocations, useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { AdminLocation } from '@lokaler/domain/current-user';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { SelectField } from './form-parts';
import { settingsSections } from './settings-sections';
import type { SettingsOutletContext } from './use-settings-location';
import './location-settings.css';

/**
 * /innstillinger/lokalet/{section}?lokale={id}: the location chooser (the locations the caller
 * administers; without ?lokale= the first), the sections' navigation, and the section. A city-wide
 * administrator may open any location by its ?lokale=; with none of their own they are pointed to
 * 'Nye lokaler'.
 */
export function SettingsLayout() {
  const { user } = useAuth();
  const locations = useAdminLocations(user?.sub);
  usePageTitle('Innstillinger for lokalet');
  return (
    <div className="lk-stack">
      <QueryLoader query={locations} loadingLabel="Henter lokalene dine" describeFailure={loadFailureMessage}>
        {(list) => <Settings locations={[...list].sort((a, b) => a.name.localeCompare(b.name, 'nb'))} />}
      </QueryLoader>
    </div>
  );
}

function Settings({ locations }: { locations: readonly AdminLocation[] }) {
  const [search] = useSearchParams();
  const { pathname } = useLocation();
  const navigate = useNavigate();
  const asked = Number(search.get('lokale'));
  const locationId = Number.isInteger(asked) && asked > 0 ? asked : locations[0]?.id;
  if (locationId === undefined) return <NoLocations />;
  return (
    <SettingsOf
      locationId={locationId}
      locations={locations}
      pathname={pathname}
      onChoose={(id) => void navigate(`${pathname}?lokale=${id}`)}
    />
  );
}

function SettingsOf({
  locationId,
  locations,
  pathname,
  onChoose,
}: {
  locationId: number;
  locations: readonly AdminLocation[];
  pathname: string;
  onChoose: (id: string) => void;
}) {
  const own = locations.find((l) => l.id === locationId);
  // A city-wide administrator may open a location that is not theirs (?lokale=): its name comes from its details.
  const details = useQuery({ ...adminLocationDetailsQuery(locationId), enabled: !own });
  const name = own?.name ?? details.data?.name;
  const context: SettingsOutletContext = { locationId };

  return (
    <>
      <Heading level={1} data-size="lg">
        {name ? `Innstillinger for ${name}` : 'Innstillinger for lokalet'}
      </Heading>
      <div className="lk-settings-layout">
        <div className="lk-stack">
          {locations.length > 1 || !own ? (
            <SelectField id="lk-settings-location" label="Lokale" value={String(locationId)} onChange={(e) => onChoose(e.target.value)}>
              {!own && <option value={String(locationId)}>{name ?? `Lokale nr. ${locationId}`}</option>}
              {locations.map((l) => (
                <option key={l.id} value={String(l.id)}>
                  {l.name}
                </option>
              ))}
            </SelectField>
          ) : null}
          <nav aria-label="Innstillinger" className="lk-settings-nav">
            <ul>
              {settingsSections
                .filter((s) => s.enabled)
                .map((section) => (
                  <li key={section.match}>
                    <RouterLink to={section.href(locationId)} aria-current={pathname.startsWith(section.match) ? 'page' : undefined}>
                      {section.label}
                    </RouterLink>
                  </li>
                ))}
            </ul>
          </nav>
        </div>
        {/* A new location is a new form: nothing typed for one location is kept for another. */}
        <div key={locationId} className="lk-stack" style={{ minWidth: 0 }}>
          <Outlet context={context} />
        </div>
      </div>
    </>
  );
}

function NoLocations() {
  const { user } = useAuth();
  const roles = useCurrentUserRoles(user?.sub);
  const cityAdmin = roles.data?.roles.includes('CITY_ADMIN') ?? false;
  return (
    <>
      <Heading level={1} data-size="lg">
        Innstillinger for lokalet
      </Heading>
      <Paragraph>Du administrerer ingen lokaler ennå.</Paragraph>
      {cityAdmin && (
        <Paragraph>
          {'Som byadministrator oppretter du nye lokaler og inviterer administratorene deres under '}
          <Link asChild>
            <RouterLink to={paths.newLocations.getHref()}>Nye lokaler</RouterLink>
          </Link>
          .
        </Paragraph>
      )}
    </>
  );
}

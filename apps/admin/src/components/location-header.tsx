import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { NavLink, Link as RouterLink } from 'react-router';
import { useAdminLocations } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { usePageTitle } from '@lokaler/ui/page-title';
import { paths } from '../config/paths';
import './location-header.css';

/**
 * The top of a location's pages (the request list, the calendar, the statistics, the invoicing): the way back to
 * 'Mine lokaler', the location's name as the page's h1 and the switch between those views. The name
 * comes from the admin's own locations; the server still checks access on every call.
 */
export function LocationHeader({ locationId, view }: { locationId: number; view: 'Søknader' | 'Kalender' | 'Statistikk' | 'Faktura' }) {
  const { user } = useAuth();
  const { data: locations } = useAdminLocations(user?.sub);
  const name = locations?.find((l) => l.id === locationId)?.name;
  usePageTitle(name ? `${view} – ${name}` : view);
  return (
    <div className="lk-location-header">
      <Paragraph data-size="sm">
        <Link asChild>
          <RouterLink to={paths.home.getHref()}>Mine lokaler</RouterLink>
        </Link>
      </Paragraph>
      <Heading level={1} data-size="lg">
        {name ?? 'Lokale'}
      </Heading>
      <nav aria-label="Visning" className="lk-view-nav">
        <NavLink to={paths.locationRequests.getHref(locationId)} className="lk-view-nav__link" end>
          Søknader
        </NavLink>
        <NavLink to={paths.locationCalendar.getHref(locationId)} className="lk-view-nav__link" end>
          Kalender
        </NavLink>
        <NavLink to={paths.locationStatistics.getHref(locationId)} className="lk-view-nav__link" end>
          Statistikk
        </NavLink>
        <NavLink to={paths.locationInvoicing.getHref(locationId)} className="lk-view-nav__link" end>
          Faktura
        </NavLink>
      </nav>
    </div>
  );
}

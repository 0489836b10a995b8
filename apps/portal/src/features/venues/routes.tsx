import { Navigate, useLocation, useParams, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** /location/:locationId (deprecated) → /sted/:locationId, keeping the query (chosen rooms). */
function LocationRedirect() {
  const { locationId = '' } = useParams();
  const { search } = useLocation();
  return <Navigate to={`${paths.venue.getHref(locationId)}${search}`} replace />;
}

const toVenueList = <Navigate to={paths.venues.getHref()} replace />;

/** The venue list and venue pages, and the old addresses that lead to them (spec 01 §2 route table). */
export const venueRoutes: RouteObject[] = [
  { path: paths.venues.path, lazy: () => import('./venue-list-page').then((m) => ({ Component: m.VenueListPage })) },
  { path: paths.venue.path, lazy: () => import('./venue-page').then((m) => ({ Component: m.VenuePage })) },
  { path: paths.deprecatedLocation.path, element: <LocationRedirect /> },
  { path: paths.legacyLocationList.path, element: toVenueList },
  { path: paths.legacyLanding.path, element: toVenueList },
  { path: paths.legacyList.path, element: toVenueList },
];

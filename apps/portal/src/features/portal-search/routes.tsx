import { Navigate, useLocation, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** /kart (spec 01 §2 route table, 'map'): the new search's map view, with whatever search the link carries. */
function MapRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('searchType', 'map');
  return <Navigate to={`${paths.portalLanding.path}?${params.toString()}`} replace />;
}

/** The new portal (spec 01 §2 "New-portal search"): /portal (entry page, list view, map view by ?searchType), /lokale/:locationId and /kart. */
export const portalRoutes: RouteObject[] = [
  { path: paths.portalLanding.path, lazy: () => import('./portal-search-page').then((m) => ({ Component: m.PortalSearchPage })) },
  { path: paths.portalLocation.path, lazy: () => import('./location/location-page').then((m) => ({ Component: m.PortalLocationPage })) },
  { path: paths.map.path, element: <MapRedirect /> },
];

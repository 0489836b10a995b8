import { Navigate, useLocation, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** /kart (spec 01 §2 route table, 'map'): the new search's map view, with whatever search the link carries. */
function MapRedirect() {
  const { search } = useLocation();
  const params = new URLSearchParams(search);
  params.set('searchType', 'map');
  return <Navigate to={`${paths.portalLanding.path}?${params.toString()}`} replace />;
}

/**
 * Decision 050, third step: a search page's modules are evaluated in three tasks instead of one long one —
 * zod's classic API (with `id-param`, the smallest module built on it), the search's schemas (built as
 * their modules are evaluated), then the page's own. All three are among the page's static imports, so
 * the server preloads them with the page (`portalRoutePreloads`): the steps cost no round trip.
 */
function afterSearchSchemas<T>(page: () => Promise<T>): () => Promise<T> {
  return () => import('@lokaler/domain/id-param').then(() => import('@lokaler/api-client/search')).then(page);
}

/** The new portal (spec 01 §2 "New-portal search"): /portal (entry page, list view, map view by ?searchType), /lokale/:locationId and /kart. */
export const portalRoutes: RouteObject[] = [
  {
    path: paths.portalLanding.path,
    lazy: afterSearchSchemas(() => import('./portal-search-page').then((m) => ({ Component: m.PortalSearchPage }))),
  },
  {
    path: paths.portalLocation.path,
    lazy: afterSearchSchemas(() => import('./location/location-page').then((m) => ({ Component: m.PortalLocationPage }))),
  },
  { path: paths.map.path, element: <MapRedirect /> },
];

import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** The new portal (issue #4): /portal (entry page, list view, map view by ?searchType) and /lokale/:locationId. */
export const portalRoutes: RouteObject[] = [
  { path: paths.portalLanding.path, lazy: () => import('./portal-search-page').then((m) => ({ Component: m.PortalSearchPage })) },
  { path: paths.portalLocation.path, lazy: () => import('./location/location-page').then((m) => ({ Component: m.PortalLocationPage })) },
];

import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { PortalLocationPage } from './location/location-page';
import { PortalSearchPage } from './portal-search-page';

/** The new portal (issue #4): /portal (entry page, list view, map view by ?searchType) and /lokale/:locationId. */
export const portalRoutes: RouteObject[] = [
  { path: paths.portalLanding.path, element: <PortalSearchPage /> },
  { path: paths.portalLocation.path, element: <PortalLocationPage /> },
];

import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

export const contactRoutes: RouteObject[] = [
  { path: paths.contactUs.path, lazy: () => import('./contact-page').then((m) => ({ Component: m.ContactPage })) },
];

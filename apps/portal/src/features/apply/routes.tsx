import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** The application form and the booking registration page (spec 01 §2). */
export const applyRoutes: RouteObject[] = [
  { path: paths.send.path, lazy: () => import('./application-page').then((m) => ({ Component: m.ApplicationPage })) },
  { path: paths.bookingRegistration.path, lazy: () => import('./registration-page').then((m) => ({ Component: m.RegistrationPage })) },
];

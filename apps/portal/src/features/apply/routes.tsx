import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { ApplicationPage } from './application-page';
import { RegistrationPage } from './registration-page';

/** The application form and the booking registration page (spec 01 §2). */
export const applyRoutes: RouteObject[] = [
  { path: paths.send.path, element: <ApplicationPage /> },
  { path: paths.bookingRegistration.path, element: <RegistrationPage /> },
];

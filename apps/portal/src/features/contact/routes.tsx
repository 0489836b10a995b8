import type { RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { ContactPage } from './contact-page';

export const contactRoutes: RouteObject[] = [{ path: paths.contactUs.path, element: <ContactPage /> }];

import { Navigate, type RouteObject } from 'react-router';
import { FullPageState } from '@lokaler/ui/app-shell';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { RouteErrorElement } from '@lokaler/ui/route-error-element';
import { paths } from '../config/paths';
import { AccessibilityStatementPage } from '../features/accessibility/accessibility-statement-page';
import { bookingRoutes } from '../features/bookings/routes';
import { ClaimPage } from '../features/claim/claim-page';
import { applyRoutes } from '../features/apply/routes';
import { calendarRoutes } from '../features/calendar/routes';
import { contactRoutes } from '../features/contact/routes';
import { HomePage } from '../features/home/home-page';
import { portalRoutes } from '../features/portal-search/routes';
import { venueRoutes } from '../features/venues/routes';
import { AuthCallbackRoute } from './auth-callback-route';
import { LeaveForAdmin } from './leave-for-admin';
import { reportCrash } from './report-error';
import { RootLayout } from './root-layout';

/**
 * The portal's routes. Screens of later issues are added here; until then their paths fall through
 * to the catch-all, which redirects to /404.
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      // The layout itself failed: the crash page without header and footer.
      errorElement: (
        <FullPageState>
          <RouteErrorElement onError={reportCrash} homeHref="/" />
        </FullPageState>
      ),
      children: [
        {
          // A page that fails keeps the header and footer around the crash page.
          errorElement: <RouteErrorElement onError={reportCrash} homeHref="/" />,
          children: [
            { path: paths.home.path, element: <HomePage /> },
            ...venueRoutes,
            ...portalRoutes,
            ...calendarRoutes,
            ...applyRoutes,
            ...contactRoutes,
            ...bookingRoutes,
            { path: paths.claim.path, element: <ClaimPage /> },
            { path: paths.accessibilityStatement.path, element: <AccessibilityStatementPage /> },
            { path: paths.authCallback.path, element: <AuthCallbackRoute /> },
            { path: paths.admin.path, element: <LeaveForAdmin /> },
            { path: paths.notFound.path, element: <NotFoundPage /> },
            { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
          ],
        },
      ],
    },
  ];
}

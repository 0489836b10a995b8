import { Navigate, type RouteObject } from 'react-router';
import { FullPageState } from '@lokaler/ui/app-shell';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { RouteErrorElement } from '@lokaler/ui/route-error-element';
import { RouteLoading } from '@lokaler/ui/route-loading';
import { paths } from '../config/paths';
import { bookingRoutes } from '../features/bookings/routes';
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
 * to the catch-all, which redirects to /404. Every page but the home page loads its code when first
 * opened (React Router's `lazy`, in each feature's routes.tsx): the paths are all here from the
 * start, so an address is never taken for the 404 while its page loads (docs/architecture.md,
 * "Code split by route").
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
          // The first page opened waits for its code here, inside the header and footer.
          hydrateFallbackElement: <RouteLoading />,
          children: [
            // The first page is in the entry chunk: it shows without a second round trip.
            { path: paths.home.path, element: <HomePage /> },
            ...venueRoutes,
            ...portalRoutes,
            ...calendarRoutes,
            ...applyRoutes,
            ...contactRoutes,
            ...bookingRoutes,
            { path: paths.claim.path, lazy: () => import('../features/claim/claim-page').then((m) => ({ Component: m.ClaimPage })) },
            {
              path: paths.accessibilityStatement.path,
              lazy: () =>
                import('../features/accessibility/accessibility-statement-page').then((m) => ({ Component: m.AccessibilityStatementPage })),
            },
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

import { Navigate, Outlet, useLocation, type RouteObject } from 'react-router';
import { FullPageState } from '@lokaler/ui/app-shell';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { RouteErrorElement } from '@lokaler/ui/route-error-element';
import { RouteLoading } from '@lokaler/ui/route-loading';
import { adminHomeHref, paths } from '../config/paths';
import { StartPage } from '../features/start/start-page';
import { AuthCallbackRoute } from './auth-callback-route';
import { reportCrash } from './report-error';
import { RequireLogin } from './require-login';
import { RootLayout } from './root-layout';

/** The settings' sections share one module (and chunk): the forms they show. */
const settingsSections = () => import('../features/location-settings/settings-sections-pages');

/**
 * The admin app's routes, below the basename /admin. Every page but the start page loads its code
 * when first opened (React Router's `lazy`); until the first one has loaded, the shell shows
 * RouteLoading where the page goes (docs/architecture.md, "Code split by route").
 */
export function createRoutes(): RouteObject[] {
  return [
    {
      element: <RootLayout />,
      errorElement: (
        <FullPageState>
          <RouteErrorElement onError={reportCrash} homeHref={adminHomeHref} />
        </FullPageState>
      ),
      children: [
        {
          errorElement: <RouteErrorElement onError={reportCrash} homeHref={adminHomeHref} />,
          hydrateFallbackElement: <RouteLoading />,
          children: [
            // The first page is in the entry chunk: it shows without a second round trip.
            { path: paths.home.path, element: <StartPage /> },
            { path: paths.authCallback.path, element: <AuthCallbackRoute /> },
            {
              // Pages that show a location's data; each page's code loads when it is first opened.
              element: (
                <RequireLogin>
                  <Outlet />
                </RequireLogin>
              ),
              children: [
                {
                  path: paths.locationRequests.path,
                  lazy: () => import('../features/requests/request-list-page').then((m) => ({ Component: m.RequestListPage })),
                },
                {
                  path: paths.locationCalendar.path,
                  lazy: () => import('../features/requests/calendar-page').then((m) => ({ Component: m.CalendarPage })),
                },
                {
                  path: paths.locationStatistics.path,
                  lazy: () => import('../features/statistics/statistics-page').then((m) => ({ Component: m.LocationStatisticsPage })),
                },
                {
                  path: paths.locationInvoicing.path,
                  lazy: () => import('../features/invoicing/invoicing-page').then((m) => ({ Component: m.InvoicingPage })),
                },
                {
                  path: paths.cityStatistics.path,
                  lazy: () => import('../features/statistics/statistics-page').then((m) => ({ Component: m.CityStatisticsPage })),
                },
                {
                  path: paths.booking.path,
                  lazy: () => import('../features/booking/booking-page').then((m) => ({ Component: m.BookingPage })),
                },
                {
                  path: paths.approveBooking.path,
                  lazy: () => import('../features/approval/approval-page').then((m) => ({ Component: m.ApprovalPage })),
                },
                {
                  path: paths.addBookingTimes.path,
                  lazy: () => import('../features/admin-booking-create/add-times-page').then((m) => ({ Component: m.AddTimesPage })),
                },
                {
                  path: paths.newAdminBooking.path,
                  lazy: () => import('../features/admin-booking-create/new-booking-page').then((m) => ({ Component: m.NewBookingPage })),
                },
                {
                  path: paths.newLocation.path,
                  lazy: () => import('./new-location-route').then((m) => ({ Component: m.NewLocationRoute })),
                },
                {
                  path: paths.locationSettings.path,
                  lazy: () => import('../features/location-settings/settings-layout').then((m) => ({ Component: m.SettingsLayout })),
                  children: [
                    { index: true, element: <KeepSearch to={paths.locationInfoSettings.path} /> },
                    {
                      path: paths.locationInfoSettings.path,
                      lazy: () => settingsSections().then((m) => ({ Component: m.LocationInfoSection })),
                    },
                    {
                      path: '/innstillinger/lokalet/apningstider',
                      element: <KeepSearch to={paths.openingHoursSettings.getHref('apningstider')} />,
                    },
                    {
                      path: paths.openingHoursSettings.path,
                      lazy: () => settingsSections().then((m) => ({ Component: m.OpeningHoursSection })),
                    },
                    { path: paths.roomsSettings.path, lazy: () => settingsSections().then((m) => ({ Component: m.RoomsSection })) },
                    { path: paths.adminsSettings.path, lazy: () => settingsSections().then((m) => ({ Component: m.AdminsSection })) },
                    {
                      path: paths.preferencesSettings.path,
                      lazy: () => settingsSections().then((m) => ({ Component: m.PreferencesSection })),
                    },
                    { path: paths.aboutSettings.path, lazy: () => settingsSections().then((m) => ({ Component: m.AboutSection })) },
                  ],
                },
                // A page of its own (its heading, its location from ?lokale), reached from the settings' menu.
                {
                  path: paths.reimbursementSettings.path,
                  lazy: () => import('../features/reimbursement/reimbursement-page').then((m) => ({ Component: m.ReimbursementPage })),
                },
                {
                  path: paths.newLocations.path,
                  lazy: () => import('../features/new-locations/new-locations-page').then((m) => ({ Component: m.NewLocationsPage })),
                },
                {
                  path: paths.blockedTimes.path,
                  lazy: () => import('../features/blocked-times/blocked-times-page').then((m) => ({ Component: m.BlockedTimesPage })),
                },
                {
                  path: paths.rounds.path,
                  lazy: () => import('../features/rounds/rounds-page').then((m) => ({ Component: m.RoundsPage })),
                },
                {
                  path: paths.newRound.path,
                  lazy: () => import('../features/rounds/new-round-page').then((m) => ({ Component: m.NewRoundPage })),
                },
                { path: paths.round.path, lazy: () => import('../features/rounds/round-page').then((m) => ({ Component: m.RoundPage })) },
                {
                  path: paths.editRound.path,
                  lazy: () => import('../features/rounds/edit-round-page').then((m) => ({ Component: m.EditRoundPage })),
                },
                {
                  path: paths.roundRoom.path,
                  lazy: () => import('../features/rounds/conflict-page').then((m) => ({ Component: m.ConflictPage })),
                },
                {
                  path: paths.auditLog.path,
                  lazy: () => import('../features/audit-log/audit-log-page').then((m) => ({ Component: m.AuditLogPage })),
                },
              ],
            },
            { path: paths.notFound.path, element: <NotFoundPage /> },
            { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
          ],
        },
      ],
    },
  ];
}

/** A redirect that keeps the query (?lokale=). */
function KeepSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** The router's basename: the admin app is served under /admin/. */
export const basename = '/admin';

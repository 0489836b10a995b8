import { Navigate, type RouteObject } from 'react-router';
import { FullPageState } from '@lokaler/ui/app-shell';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { RouteErrorElement } from '@lokaler/ui/route-error-element';
import { adminHomeHref, paths } from '../config/paths';
import { AddTimesPage } from '../features/admin-booking-create/add-times-page';
import { NewBookingPage } from '../features/admin-booking-create/new-booking-page';
import { ApprovalPage } from '../features/approval/approval-page';
import { AuditLogPage } from '../features/audit-log/audit-log-page';
import { BlockedTimesPage } from '../features/blocked-times/blocked-times-page';
import { BookingPage } from '../features/booking/booking-page';
import { CalendarPage } from '../features/requests/calendar-page';
import { RequestListPage } from '../features/requests/request-list-page';
import { StartPage } from '../features/start/start-page';
import { AuthCallbackRoute } from './auth-callback-route';
import { reportCrash } from './report-error';
import { RequireLogin } from './require-login';
import { RootLayout } from './root-layout';

/** The admin app's routes, below the basename /admin. */
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
          children: [
            { path: paths.home.path, element: <StartPage /> },
            { path: paths.authCallback.path, element: <AuthCallbackRoute /> },
            { path: paths.locationRequests.path, element: <RequireLogin><RequestListPage /></RequireLogin> },
            { path: paths.locationCalendar.path, element: <RequireLogin><CalendarPage /></RequireLogin> },
            { path: paths.booking.path, element: <RequireLogin><BookingPage /></RequireLogin> },
            { path: paths.approveBooking.path, element: <RequireLogin><ApprovalPage /></RequireLogin> },
            { path: paths.addBookingTimes.path, element: <RequireLogin><AddTimesPage /></RequireLogin> },
            { path: paths.newAdminBooking.path, element: <RequireLogin><NewBookingPage /></RequireLogin> },
            { path: paths.blockedTimes.path, element: <RequireLogin><BlockedTimesPage /></RequireLogin> },
            { path: paths.auditLog.path, element: <RequireLogin><AuditLogPage /></RequireLogin> },
            { path: paths.notFound.path, element: <NotFoundPage /> },
            { path: '*', element: <Navigate to={paths.notFound.getHref()} replace /> },
          ],
        },
      ],
    },
  ];
}

/** The router's basename: the admin app is served under /admin/. */
export const basename = '/admin';

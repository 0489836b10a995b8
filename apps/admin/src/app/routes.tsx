import { Navigate, useLocation, type RouteObject } from 'react-router';
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
import { AboutForm } from '../features/location-settings/about-form';
import { AdminsForm } from '../features/location-settings/admins-form';
import { ClosedDatesForm } from '../features/location-settings/closed-dates-form';
import { LocationInfoForm } from '../features/location-settings/location-info-form';
import { OpeningHoursForm } from '../features/location-settings/opening-hours-form';
import { PreferencesForm } from '../features/location-settings/preferences-form';
import { RoomsEditor } from '../features/location-settings/rooms-editor';
import { SettingsLayout } from '../features/location-settings/settings-layout';
import { AboutSection, AdminsSection, LocationInfoSection, OpeningHoursSection, PreferencesSection, RoomsSection } from '../features/location-settings/settings-sections-pages';
import { NewLocationPage } from '../features/new-location/new-location-page';
import type { WizardStepForms } from '../features/new-location/wizard-steps';
import { NewLocationsPage } from '../features/new-locations/new-locations-page';
import { CalendarPage } from '../features/requests/calendar-page';
import { ReimbursementPage } from '../features/reimbursement/reimbursement-page';
import { RequestListPage } from '../features/requests/request-list-page';
import { StartPage } from '../features/start/start-page';
import { AuthCallbackRoute } from './auth-callback-route';
import { reportCrash } from './report-error';
import { RequireLogin } from './require-login';
import { RootLayout } from './root-layout';

/** The wizard's steps are the settings' forms (decision 015); the app joins the two features here. */
const wizardStepForms: WizardStepForms = {
  'informasjon-om-lokalet': LocationInfoForm,
  tilganger: AdminsForm,
  innstillinger: PreferencesForm,
  apningstider: OpeningHoursForm,
  'stengte-datoer': ClosedDatesForm,
  'legg-til-rom': RoomsEditor,
  'om-lan-og-leie': AboutForm,
};

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
            { path: paths.newLocation.path, element: <RequireLogin><NewLocationPage stepForms={wizardStepForms} /></RequireLogin> },
            {
              path: paths.locationSettings.path,
              element: <RequireLogin><SettingsLayout /></RequireLogin>,
              children: [
                { index: true, element: <KeepSearch to={paths.locationInfoSettings.path} /> },
                { path: paths.locationInfoSettings.path, element: <LocationInfoSection /> },
                { path: '/innstillinger/lokalet/apningstider', element: <KeepSearch to={paths.openingHoursSettings.getHref('apningstider')} /> },
                { path: paths.openingHoursSettings.path, element: <OpeningHoursSection /> },
                { path: paths.roomsSettings.path, element: <RoomsSection /> },
                { path: paths.adminsSettings.path, element: <AdminsSection /> },
                { path: paths.preferencesSettings.path, element: <PreferencesSection /> },
                { path: paths.aboutSettings.path, element: <AboutSection /> },
              ],
            },
            // A page of its own (its heading, its location from ?lokale), reached from the settings' menu.
            { path: paths.reimbursementSettings.path, element: <RequireLogin><ReimbursementPage /></RequireLogin> },
            { path: paths.newLocations.path, element: <RequireLogin><NewLocationsPage /></RequireLogin> },
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

/** A redirect that keeps the query (?lokale=). */
function KeepSearch({ to }: { to: string }) {
  const { search } = useLocation();
  return <Navigate to={`${to}${search}`} replace />;
}

/** The router's basename: the admin app is served under /admin/. */
export const basename = '/admin';

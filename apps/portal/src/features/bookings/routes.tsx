import { Navigate, useParams, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';

/** Spec 02 §2: the deprecated /kontrakt/:bookingId and /vedtak/:bookingId go to the new addresses. */
function RedirectToBooking({ to }: { to: (bookingId: string) => string }) {
  const { bookingId = '' } = useParams();
  return <Navigate to={to(bookingId)} replace />;
}

/** The applicant's booking pages (spec 02 §2 "Applicant routes"). */
export const bookingRoutes: RouteObject[] = [
  { path: paths.bookings.path, lazy: () => import('./list/bookings-page').then((m) => ({ Component: m.BookingsPage })) },
  {
    path: paths.freeSlotAlerts.path,
    lazy: () => import('./alerts/free-slot-alerts-page').then((m) => ({ Component: m.FreeSlotAlertsPage })),
  },
  {
    path: paths.freeSlotAlertUnsubscribe.path,
    lazy: () => import('./alerts/unsubscribe-page').then((m) => ({ Component: m.UnsubscribePage })),
  },
  {
    path: paths.calendarFeeds.path,
    lazy: () => import('./calendar-feeds/calendar-feeds-page').then((m) => ({ Component: m.CalendarFeedsPage })),
  },
  { path: paths.myData.path, lazy: () => import('./my-data/my-data-page').then((m) => ({ Component: m.MyDataPage })) },
  { path: paths.invoices.path, lazy: () => import('./invoices/invoices-page').then((m) => ({ Component: m.InvoicesPage })) },
  { path: paths.booking.path, lazy: () => import('./detail/booking-page').then((m) => ({ Component: m.BookingPage })) },
  { path: paths.bookingContract.path, lazy: () => import('./contract/contract-page').then((m) => ({ Component: m.ContractPage })) },
  { path: paths.bookingDecision.path, lazy: () => import('./documents/vedtak-page').then((m) => ({ Component: m.VedtakPage })) },
  { path: paths.bookingChangeNote.path, lazy: () => import('./documents/change-note-page').then((m) => ({ Component: m.ChangeNotePage })) },
  { path: paths.bookingCancel.path, lazy: () => import('./cancel/cancel-page').then((m) => ({ Component: m.CancelPage })) },
  // One route for the wizard and its steps: moving between steps keeps the form (and the held time).
  {
    path: paths.newWeddingBooking.path,
    lazy: () => import('./wedding/wedding-wizard-page').then((m) => ({ Component: m.WeddingWizardPage })),
    children: [{ index: true }, { path: ':step' }],
  },
  { path: paths.deprecatedContract.path, element: <RedirectToBooking to={paths.bookingContract.getHref} /> },
  { path: paths.deprecatedDecision.path, element: <RedirectToBooking to={paths.bookingDecision.getHref} /> },
];

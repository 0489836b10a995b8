import { Navigate, useParams, type RouteObject } from 'react-router';
import { paths } from '../../config/paths';
import { CancelPage } from './cancel/cancel-page';
import { ContractPage } from './contract/contract-page';
import { BookingPage } from './detail/booking-page';
import { ChangeNotePage } from './documents/change-note-page';
import { VedtakPage } from './documents/vedtak-page';
import { BookingsPage } from './list/bookings-page';
import { WeddingWizardPage } from './wedding/wedding-wizard-page';

/** Spec 02 §2: the deprecated /kontrakt/:bookingId and /vedtak/:bookingId go to the new addresses. */
function RedirectToBooking({ to }: { to: (bookingId: string) => string }) {
  const { bookingId = '' } = useParams();
  return <Navigate to={to(bookingId)} replace />;
}

/** The applicant's booking pages (spec 02 §2 "Applicant routes"). */
export const bookingRoutes: RouteObject[] = [
  { path: paths.bookings.path, element: <BookingsPage /> },
  { path: paths.booking.path, element: <BookingPage /> },
  { path: paths.bookingContract.path, element: <ContractPage /> },
  { path: paths.bookingDecision.path, element: <VedtakPage /> },
  { path: paths.bookingChangeNote.path, element: <ChangeNotePage /> },
  { path: paths.bookingCancel.path, element: <CancelPage /> },
  // One route for the wizard and its steps: moving between steps keeps the form (and the held time).
  { path: paths.newWeddingBooking.path, element: <WeddingWizardPage />, children: [{ index: true }, { path: ':step' }] },
  { path: paths.deprecatedContract.path, element: <RedirectToBooking to={paths.bookingContract.getHref} /> },
  { path: paths.deprecatedDecision.path, element: <RedirectToBooking to={paths.bookingDecision.getHref} /> },
];

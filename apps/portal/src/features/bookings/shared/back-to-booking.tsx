import { Link } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { paths } from '../../../config/paths';

/** The way back from a sub-page (contract, decision, note, cancel) to the booking. */
export function BackToBooking({ bookingId }: { bookingId: number }) {
  return (
    <Link asChild>
      <RouterLink to={paths.booking.getHref(bookingId)}>Tilbake til bookingen</RouterLink>
    </Link>
  );
}

import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { weddingCancellationDays, weddingOfficeTexts } from '@lokaler/domain/admin-wedding';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { cancellationRefusedMessage } from '@lokaler/domain/user-booking-rules';
import { paths } from '../../../config/paths';
import { formatInstant } from '../format';

/**
 * Spec 02 §2/§4: a link to the cancel page while the booking is cancellable, else the text that says
 * whom to contact (the wedding office for weddings). Closed bookings have nothing to cancel.
 */
export function CancellationSection({ booking }: { booking: UserBooking }) {
  if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED') return null;
  // Spec 02 §9: a wedding's deadline reads as days before the ceremony.
  const weddingDays = booking.sourceForm === 'wedding' ? weddingCancellationDays(booking) : null;
  return (
    <section className="lk-booking-section" aria-labelledby="lk-cancel-title">
      <Heading level={2} data-size="sm" id="lk-cancel-title">
        Kansellering
      </Heading>
      {weddingDays !== null && <Paragraph>{weddingOfficeTexts.cancellationDays(weddingDays)}</Paragraph>}
      {booking.isCancellable ? (
        <>
          <Paragraph>
            {booking.status === 'APPROVED' && booking.cancellationDeadline
              ? `Du kan kansellere bookingen her fram til ${formatInstant(booking.cancellationDeadline)}.`
              : 'Du kan kansellere søknaden her så lenge den ikke er behandlet.'}
          </Paragraph>
          <Paragraph>
            <Link asChild>
              <RouterLink to={paths.bookingCancel.getHref(booking.bookingId)}>Kanseller bookingen</RouterLink>
            </Link>
          </Paragraph>
        </>
      ) : (
        <Paragraph>
          {cancellationRefusedMessage({
            status: booking.status,
            sourceForm: booking.sourceForm,
            locationName: booking.location.name,
            contactEmail: booking.location.contactEmail,
          })}
        </Paragraph>
      )}
    </section>
  );
}

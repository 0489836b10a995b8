import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { fireProcedureFormHref } from '@lokaler/domain/fire-procedure';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { reservationsInOverview } from '@lokaler/domain/user-booking-rules';

/**
 * Spec 02 §2/§9: for the ten locations with a fire-procedure form only, a link to it with the
 * property code, the date or period and the rooms of the booking's counted times.
 */
export function FireProcedureSection({ booking }: { booking: UserBooking }) {
  if (booking.status === 'REJECTED' || booking.status === 'AUTOREJECTED' || booking.status === 'CANCELLED') return null;
  const times = reservationsInOverview(booking.reservations).map((r) => ({ date: r.date, roomName: r.displayName }));
  const href = fireProcedureFormHref(booking.locationId, times);
  if (href === null) return null;
  return (
    <section className="lk-booking-section" aria-labelledby="lk-fire-title">
      <Heading level={2} data-size="sm" id="lk-fire-title">
        Brannvernrutiner
      </Heading>
      <Paragraph>Før arrangementet må du sette deg inn i brannvernrutinene for skolen og bekrefte dem i skjemaet.</Paragraph>
      <Paragraph>
        <Link href={href} target="_blank" rel="noreferrer">
          Gå til skjema for brannvernrutiner
        </Link>
      </Paragraph>
    </section>
  );
}

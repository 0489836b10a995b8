import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { paths } from '../../../config/paths';
import { formatInstant } from '../format';

type WeddingHold = NonNullable<UserBooking['weddingHold']>;

/** 'HH:mm' of the hold's end on the Oslo clock. */
const clockOf = (utc: string) => formatInstant(utc).slice(11);

/**
 * Decision 038: the booking page of a wedding time taken but whose application is not sent — the
 * couple left the wizard without 'Avbryt' (another tab, a laptop that slept). While the time is held:
 * until when, and the way back into the wizard; once it is not: that it is going.
 */
export function WeddingNotSent({ bookingId, hold }: { bookingId: number; hold: WeddingHold }) {
  if (!hold.held) {
    return (
      <Alert data-color="warning">
        <Paragraph>
          Søknaden ble ikke sendt, og tidspunktet er ikke lenger holdt av til deg. Velg et nytt tidspunkt i kalenderen for å søke om vielse.
        </Paragraph>
      </Alert>
    );
  }
  return (
    <Alert data-color="warning">
      <Heading level={2} data-size="xs">
        Søknaden er ikke sendt ennå
      </Heading>
      <Paragraph>Tidspunktet er holdt av til deg – fullfør innen {clockOf(hold.expiresAtUtc)}, ellers blir det ledig for andre.</Paragraph>
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.newWeddingBooking.getHref(bookingId)}>Fullfør søknaden om vielse</RouterLink>
        </Link>
      </Paragraph>
    </Alert>
  );
}

import { Heading, Link, Paragraph, Tag } from '@digdir/designsystemet-react';
import { deadlineText } from '@lokaler/domain/application-rounds';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { contractMustBeSigned, contractMustBeSignedLabel } from '@lokaler/domain/user-booking-rules';
import { collectingRound, StatusOrReceivedBadge } from '../shared/round-received';
import { statusInfoText } from './status-info';
import { NotSentBadge } from '../shared/not-sent-badge';
import { WeddingNotSent } from './wedding-not-sent';

function addressOf(location: UserBooking['location']): string {
  const place = [location.postCode, location.city].filter(Boolean).join(' ');
  return [location.streetAddress, place].filter(Boolean).join(', ');
}

/**
 * The top of the booking page (spec 02 §2): 'Din booking hos {location}', the status badge (and
 * 'Kontrakten må signeres'; 'Mottatt' and 'Søknadsfrist …' while a semester round holds it), the status text, address (not for weddings), date or period, case
 * number and the contact line.
 */
export function BookingSummary({ booking }: { booking: UserBooking }) {
  const { location } = booking;
  const isWedding = booking.sourceForm === 'wedding';
  const address = isWedding ? '' : addressOf(location);
  const severalDates = booking.periodDescription.includes('–');
  const inRound = collectingRound(booking);

  return (
    <div className="lk-stack">
      <Heading level={1} data-size="lg">
        Din booking hos {location.name}
      </Heading>
      <div className="lk-badges">
        {booking.weddingHold ? <NotSentBadge /> : <StatusOrReceivedBadge booking={booking} />}
        {contractMustBeSigned(booking) && (
          <Tag data-color="warning" className="lk-status-badge">
            {contractMustBeSignedLabel}
          </Tag>
        )}
      </div>
      {booking.weddingHold ? (
        <WeddingNotSent bookingId={booking.bookingId} hold={booking.weddingHold} />
      ) : inRound ? (
        <>
          <Paragraph>
            <strong>{deadlineText(inRound.deadline)}</strong>
          </Paragraph>
          <Paragraph>
            Søknaden er mottatt og er med i søknadsrunden «{inRound.name}». Søknaden behandles sammen med de andre søknadene til semesteret
            etter søknadsfristen. Du får svar på e-post.
          </Paragraph>
        </>
      ) : (
        <Paragraph>{statusInfoText(booking.status, booking.sourceForm)}</Paragraph>
      )}
      <dl className="lk-booking-facts">
        {address && (
          <>
            <dt>Adresse</dt>
            <dd>{address}</dd>
          </>
        )}
        {booking.periodDescription && (
          <>
            <dt>{severalDates ? 'Periode' : 'Dato'}</dt>
            <dd>{booking.periodDescription}</dd>
          </>
        )}
        <dt>Saksnummer</dt>
        <dd>{booking.caseNumber}</dd>
        {booking.displayOrgName && (
          <>
            <dt>Organisasjon</dt>
            <dd>{booking.displayOrgName}</dd>
          </>
        )}
      </dl>
      {location.contactEmail && (
        <Paragraph>
          Spørsmål om bookingen? Kontakt {isWedding ? 'vielseskontoret' : location.name} på{' '}
          <Link href={`mailto:${location.contactEmail}`}>{location.contactEmail}</Link>.
        </Paragraph>
      )}
    </div>
  );
}

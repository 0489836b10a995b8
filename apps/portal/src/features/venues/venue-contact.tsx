import { Card, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import type { Location } from '@lokaler/domain/location';
import { formatPhoneNumber, phoneHref } from '@lokaler/ui/formatters';

/** The location's address and how to reach it; the phone number in groups of two digits (spec 01 §5). */
export function VenueContact({ location }: { location: Location }) {
  const address = [location.streetAddress, [location.postCode, location.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const website = location.homepage ?? location.informationUrl;
  if (!address && !location.phoneNumber && !location.contactEmail && !website) return null;
  return (
    <Card data-color="neutral" variant="tinted">
      <Heading level={2} data-size="xs">
        Kontakt
      </Heading>
      {address && <Paragraph>{address}</Paragraph>}
      {location.phoneNumber && (
        <Paragraph>
          Telefon: <Link href={phoneHref(location.phoneNumber)}>{formatPhoneNumber(location.phoneNumber)}</Link>
        </Paragraph>
      )}
      {location.contactEmail && (
        <Paragraph>
          E-post: <Link href={`mailto:${location.contactEmail}`}>{location.contactEmail}</Link>
        </Paragraph>
      )}
      {website && (
        <Paragraph>
          <Link href={website} target="_blank" rel="noopener noreferrer">
            Nettside (åpnes i ny fane)
          </Link>
        </Paragraph>
      )}
    </Card>
  );
}

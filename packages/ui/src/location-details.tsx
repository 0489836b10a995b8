import { Alert, Card, Details, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import type { Location, LocationAbout } from '@lokaler/domain/location';
import { formatPhoneNumber, phoneHref } from './formatters';
import { SanitizedHtml } from './sanitized-html';

/**
 * What a location page tells about the location (the old venue page and the new portal's location
 * page, spec 01 §2): its information message, the "about" accordion and how to reach it.
 */

const aboutSections = [
  { key: 'whoCanApply', title: 'Hvem kan låne eller leie?' },
  { key: 'locationCosts', title: 'Hva koster det?' },
  { key: 'loanCriteria', title: 'Vilkår for lån og leie' },
] as const;

/** The information message and the about accordion (administrator HTML, sanitised); sections without text are left out. */
export function LocationAboutSections({
  informationMessage,
  about,
}: {
  informationMessage: string | null;
  about: LocationAbout | undefined;
}) {
  const sections = aboutSections.flatMap((s) => {
    const html = about?.[s.key];
    return html ? [{ ...s, html }] : [];
  });
  return (
    <>
      {informationMessage && (
        <Alert data-color="info">
          <SanitizedHtml html={informationMessage} />
        </Alert>
      )}
      {sections.length > 0 && (
        <div className="lk-venue-about">
          {sections.map((section) => (
            <Details key={section.key}>
              <Details.Summary>{section.title}</Details.Summary>
              <Details.Content>
                <SanitizedHtml html={section.html} />
              </Details.Content>
            </Details>
          ))}
        </div>
      )}
    </>
  );
}

/** The location's address and how to reach it; the phone number in groups of two digits (spec 01 §5). */
export function LocationContact({ location }: { location: Location }) {
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

import { Alert, Details } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import type { Location } from '@lokaler/domain/location';
import { locationAboutQuery } from '@lokaler/api-client/location-about';
import { SanitizedHtml } from '@lokaler/ui/sanitized-html';

const aboutSections = [
  { key: 'whoCanApply', title: 'Hvem kan låne eller leie?' },
  { key: 'locationCosts', title: 'Hva koster det?' },
  { key: 'loanCriteria', title: 'Vilkår for lån og leie' },
] as const;

/** The location's information message and the "about" accordion (texts are administrator HTML, sanitised). */
export function VenueInfo({ location }: { location: Location }) {
  const about = useQuery(locationAboutQuery(location.id));
  const sections = aboutSections.flatMap((s) => {
    const html = about.data?.[s.key];
    return html ? [{ ...s, html }] : [];
  });
  return (
    <>
      {location.informationMessage && (
        <Alert data-color="info">
          <SanitizedHtml html={location.informationMessage} />
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

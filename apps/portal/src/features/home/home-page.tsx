import { useEffect, useRef } from 'react';
import { Alert, Card, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink, useLocation } from 'react-router';
import { omittedSummary } from '@lokaler/domain/scheduling/date-fate';
import { homeIntro } from '@lokaler/domain/portal-intro-texts';
import { PageHead } from '@lokaler/ui/page-head';
import { contact } from '../../config/contact';
import { paths, type VenueCategorySlug } from '../../config/paths';

const categories: readonly { slug: VenueCategorySlug; title: string; description: string }[] = [
  { slug: 'bydelslokaler', title: 'Bydelslokaler', description: 'Lokaler i bydelene til møter, kurs og arrangementer.' },
  { slug: 'skoler', title: 'Skolelokaler', description: 'Gymsaler, klasserom og aulaer på skolene.' },
  { slug: 'biblioteker', title: 'Biblioteker', description: 'Møterom og scener på bibliotekene.' },
  { slug: 'barnehager', title: 'Barnehager', description: 'Lokaler i kommunale barnehager.' },
];

const homeDescription =
  'Lån eller lei Oslo kommunes lokaler: bydelslokaler, skoler, biblioteker og barnehager. Finn et lokale og søk om å bruke det.';

/** The receipt the registration page leaves in the navigation's state (features/apply/next-link.ts). */
function receiptOf(state: unknown): { bookingId: number; omittedDates: string[] } | null {
  if (typeof state !== 'object' || state === null || !('sentBookingId' in state) || typeof state.sentBookingId !== 'number') return null;
  const omitted =
    'omittedDates' in state && Array.isArray(state.omittedDates)
      ? state.omittedDates.filter((d): d is string => typeof d === 'string')
      : [];
  return { bookingId: state.sentBookingId, omittedDates: omitted };
}

/**
 * Spec 01 §2: a booking sent without nextLink ends here. The citizen is told at once that it went
 * through (focus on the receipt, so a screen reader reads it first) and where to follow it.
 */
function SentReceipt({ bookingId, omittedDates }: { bookingId: number; omittedDates: readonly string[] }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);
  return (
    <Alert data-color="success">
      <Heading level={2} data-size="xs" ref={heading} tabIndex={-1}>
        Søknaden din er sendt
      </Heading>
      <Paragraph>Du får en kvittering på e-post, og svar når søknaden er behandlet.</Paragraph>
      {omittedDates.length > 0 && (
        <>
          <Paragraph>{omittedSummary(omittedDates.length)} som ikke var ledige:</Paragraph>
          <ul>
            {omittedDates.map((d) => (
              <li key={d}>{d}</li>
            ))}
          </ul>
        </>
      )}
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.booking.getHref(bookingId)}>Se søknaden under Mine bookinger</RouterLink>
        </Link>
      </Paragraph>
    </Alert>
  );
}

/** Spec 01 §2 "Home page". */
export function HomePage() {
  const receipt = receiptOf(useLocation().state);
  return (
    <div className="lk-stack">
      <PageHead title="Finn lokaler til lån og leie" description={homeDescription} />
      {receipt !== null && <SentReceipt bookingId={receipt.bookingId} omittedDates={receipt.omittedDates} />}
      {/* The same heading and introduction are in the starting shell (apps/server/src/platform/spa-hosting/spa-index.ts). */}
      <Heading level={1} data-size="xl">
        {homeIntro.title}
      </Heading>
      <Paragraph data-size="lg">{homeIntro.intro}</Paragraph>
      <nav aria-label="Kategorier">
        <ul className="lk-card-grid">
          {categories.map((category) => (
            <li key={category.slug}>
              <Card asChild data-color="accent">
                <RouterLink to={paths.venues.getHref({ kategorier: [category.slug] })}>
                  <Heading level={2} data-size="sm">
                    {category.title}
                  </Heading>
                  <Paragraph>{category.description}</Paragraph>
                </RouterLink>
              </Card>
            </li>
          ))}
        </ul>
      </nav>
      <Paragraph>
        Har du spørsmål om å låne eller leie lokaler? Kontakt Kulturetaten på{' '}
        <Link href={`mailto:${contact.cultureAgencyEmail}`}>{contact.cultureAgencyEmail}</Link>.
      </Paragraph>
    </div>
  );
}

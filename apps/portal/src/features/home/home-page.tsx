import { Card, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { PageHead } from '@lokaler/ui/page-head';
import { contact } from '../../config/contact';
import { paths, type VenueCategorySlug } from '../../config/paths';

const categories: readonly { slug: VenueCategorySlug; title: string; description: string }[] = [
  { slug: 'bydelslokaler', title: 'Bydelslokaler', description: 'Lokaler i bydelene til møter, kurs og arrangementer.' },
  { slug: 'skoler', title: 'Skolelokaler', description: 'Gymsaler, klasserom og aulaer på skolene.' },
  { slug: 'biblioteker', title: 'Biblioteker', description: 'Møterom og scener på bibliotekene.' },
  { slug: 'barnehager', title: 'Barnehager', description: 'Lokaler i kommunale barnehager.' },
];

const homeDescription = 'Lån eller lei Oslo kommunes lokaler: bydelslokaler, skoler, biblioteker og barnehager. Finn et lokale og søk om å bruke det.';

/** Spec 01 §2 "Home page". */
export function HomePage() {
  return (
    <div className="lk-stack">
      <PageHead title="Finn lokaler til lån og leie" description={homeDescription} />
      <Heading level={1} data-size="xl">
        Finn lokaler til lån og leie
      </Heading>
      <Paragraph data-size="lg">
        Både privatpersoner og organisasjoner kan låne eller leie kommunens lokaler. Mange lokaler kan du søke om digitalt her, andre må du kontakte direkte.
      </Paragraph>
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
        Har du spørsmål om å låne eller leie lokaler? Kontakt Kulturetaten på <Link href={`mailto:${contact.cultureAgencyEmail}`}>{contact.cultureAgencyEmail}</Link>.
      </Paragraph>
    </div>
  );
}

import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { useSettingEnabled } from '@lokaler/api-client/settings';
import { contact } from '../config/contact';
import { paths } from '../config/paths';

/** Spec 01 §1: the footer offers contact links. 'Kontakt oss' follows the CONTACT_US setting. */
export function Footer() {
  const contactUs = useSettingEnabled('CONTACT_US');
  return (
    <footer className="lk-footer" data-color-scheme="dark">
      <div className="lk-container lk-footer__columns">
        <section aria-labelledby="lk-footer-contact">
          <Heading level={2} data-size="xs" id="lk-footer-contact">
            Kontakt
          </Heading>
          <ul>
            {contactUs && (
              <li>
                <Link asChild>
                  <RouterLink to={paths.contactUs.getHref()}>Kontakt oss</RouterLink>
                </Link>
              </li>
            )}
            <li>
              <Link href={`mailto:${contact.cultureAgencyEmail}`}>{contact.cultureAgencyEmail}</Link>
            </li>
          </ul>
        </section>
        <section aria-labelledby="lk-footer-about">
          <Heading level={2} data-size="xs" id="lk-footer-about">
            Om tjenesten
          </Heading>
          <ul>
            <li>
              <Link href={contact.privacyUrl}>Personvern</Link>
            </li>
            <li>
              <Link asChild>
                <RouterLink to={paths.accessibilityStatement.getHref()}>Tilgjengelighetserklæring</RouterLink>
              </Link>
            </li>
            <li>
              <Link href={contact.municipalityUrl}>Oslo kommune</Link>
            </li>
          </ul>
        </section>
        <Paragraph data-size="sm">Lokaler er Oslo kommunes tjeneste for å låne og leie kommunale lokaler.</Paragraph>
      </div>
    </footer>
  );
}

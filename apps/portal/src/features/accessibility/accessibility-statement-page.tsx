import { Heading, Link, List, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { useSettingEnabled } from '@lokaler/api-client/settings';
import { usePageTitle } from '@lokaler/ui/page-title';
import { contact } from '../../config/contact';
import { paths } from '../../config/paths';

/** When this statement was last checked against the service; change it with the text. */
export const statementUpdated = '27. november 2026';

/**
 * The accessibility statement (decision 018), in the order of the statements Uutilsynet publishes
 * for Norwegian public websites: status, known deviations, how it was tested, contact, enforcement.
 * It says only what the project's own tests show; what has not been tested is said to be untested.
 */
export function AccessibilityStatementPage() {
  usePageTitle('Tilgjengelighetserklæring');
  const contactUs = useSettingEnabled('CONTACT_US');
  return (
    <article className="lk-stack lk-prose" aria-labelledby="lk-statement-title">
      <Heading level={1} data-size="lg" id="lk-statement-title">
        Tilgjengelighetserklæring
      </Heading>
      <Paragraph data-size="lg">
        Oslo kommune skal gjøre nettløsningene sine tilgjengelige for alle. Denne erklæringen gjelder Lokaler, tjenesten for å finne, låne
        og leie kommunale lokaler. Kravene står i forskrift om universell utforming av IKT-løsninger, som viser til standarden WCAG 2.1 nivå
        A og AA. Vi tester også mot de nye kravene i WCAG 2.2.
      </Paragraph>

      <section className="lk-stack" aria-labelledby="lk-statement-status">
        <Heading level={2} data-size="md" id="lk-statement-status">
          Status
        </Heading>
        <Paragraph>
          Lokaler er <strong>delvis i samsvar</strong> med kravene. Vi kjenner til avvikene som står nedenfor. Vi har ikke gjort en
          fullstendig manuell kontroll av alle kravene, og vi har ikke testet tjenesten sammen med brukere av skjermleser eller andre
          hjelpemidler ennå.
        </Paragraph>
      </section>

      <section className="lk-stack" aria-labelledby="lk-statement-deviations">
        <Heading level={2} data-size="md" id="lk-statement-deviations">
          Kjente avvik
        </Heading>
        <List.Unordered>
          <List.Item>
            Kartet over ledige rom har ingen tekstbeskrivelse av kartbakgrunnen. Steder som ligger nær hverandre, samles i én knapp som
            zoomer inn, men når du har zoomet inn, kan merkene for to steder fortsatt ligge tett og være vanskelige å treffe. De samme
            stedene og rommene finner du i listevisningen.
          </List.Item>
          <List.Item>
            Ukekalenderen for et rom er en tabell med sju dager. På en smal skjerm må du rulle sidelengs i kalenderen for å se hele uken.
            Resten av siden ruller ikke sidelengs.
          </List.Item>
          <List.Item>
            Kontrakter og vedtak du laster ned som PDF, er ikke kontrollert for tilgjengelighet. Innholdet står også på sidene for bookingen
            din.
          </List.Item>
          <List.Item>
            Innlogging skjer hos ID-porten. Tilgjengeligheten der er Digitaliseringsdirektoratets ansvar, og står i deres egen erklæring.
          </List.Item>
        </List.Unordered>
      </section>

      <section className="lk-stack" aria-labelledby="lk-statement-testing">
        <Heading level={2} data-size="md" id="lk-statement-testing">
          Slik har vi testet
        </Heading>
        <Paragraph>
          Hver side og hvert steg i søknaden testes automatisk med verktøyet axe mot kravene i WCAG 2.0, 2.1 og 2.2 (nivå A og AA), både på
          en skjerm som er 320 piksler bred og på en vanlig PC-skjerm. Vi kontrollerer at sidene ikke ruller sidelengs på en smal skjerm. En
          automatisk test går gjennom hele veien fra forsiden til en sendt søknad bare med tastaturet. Automatiske tester finner ikke alle
          feil.
        </Paragraph>
      </section>

      <section className="lk-stack" aria-labelledby="lk-statement-contact">
        <Heading level={2} data-size="md" id="lk-statement-contact">
          Fant du en feil?
        </Heading>
        <Paragraph>
          Si fra hvis noe ikke virker for deg, eller hvis du trenger innholdet i en annen form. Skriv til Kulturetaten på{' '}
          <Link href={`mailto:${contact.cultureAgencyEmail}`}>{contact.cultureAgencyEmail}</Link>
          {contactUs && (
            <>
              {' '}
              eller bruk{' '}
              <Link asChild>
                <RouterLink to={paths.contactUs.getHref(paths.accessibilityStatement.getHref())}>kontaktskjemaet</RouterLink>
              </Link>
            </>
          )}
          . Vi svarer normalt innen fem dager.
        </Paragraph>
      </section>

      <section className="lk-stack" aria-labelledby="lk-statement-enforcement">
        <Heading level={2} data-size="md" id="lk-statement-enforcement">
          Tilsyn og klage
        </Heading>
        <Paragraph>
          Tilsynet for universell utforming av IKT (Uutilsynet) i Digitaliseringsdirektoratet fører tilsyn med at nettløsninger følger
          kravene. Får du ikke svar fra oss, eller er du ikke fornøyd med svaret, kan du melde fra til Uutilsynet på{' '}
          <Link href="https://www.uutilsynet.no/">uutilsynet.no</Link>. Mener du at du er diskriminert, kan du klage til
          Diskrimineringsnemnda.
        </Paragraph>
      </section>

      <Paragraph data-size="sm">Erklæringen ble sist oppdatert {statementUpdated}.</Paragraph>
    </article>
  );
}

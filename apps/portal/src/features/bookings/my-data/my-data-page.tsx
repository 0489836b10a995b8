import { useEffect, useRef, useState } from 'react';
import { Alert, Button, Dialog, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { deleteMyDataMutation, downloadMyData, downloadMyDataSummary } from '@lokaler/api-client/my-data';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { MyDataDeletion } from '@lokaler/domain/my-data';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { usePageTitle } from '@lokaler/ui/page-title';
import { saveFile } from '@lokaler/ui/save-file';
import { contact } from '../../../config/contact';
import { paths } from '../../../config/paths';
import '../bookings.css';
import { LoginGate } from '../login-gate';

/** /bookinger/mine-data (decision 057): what the portal holds about the person, as files, and their deletion request. */
export function MyDataPage() {
  return <LoginGate>{(user) => <MyData user={user} />}</LoginGate>;
}

function MyData({ user }: { user: AuthUser }) {
  usePageTitle('Mine data');
  return (
    <article className="lk-stack">
      <Link asChild>
        <RouterLink to={paths.bookings.getHref()}>Tilbake til Mine bookinger</RouterLink>
      </Link>
      <Heading level={1} data-size="lg">
        Mine data
      </Heading>
      <Paragraph>
        Lokaler lagrer det vi trenger for å behandle søknadene dine og gjennomføre avtalene: navnet ditt og e-postadressen fra ID-porten,
        søknadene og bookingene dine med kontaktopplysningene du har gitt, vedtak og kontrakter, varsler om ledige tider,
        kalenderabonnementet ditt og meldinger du har sendt oss. Fødselsnummeret ditt lagrer vi bare når du søker om vielse.
      </Paragraph>
      <Paragraph>
        Du har rett til å se alt vi har lagret om deg, og til å be oss slette det vi ikke lenger trenger.{' '}
        <Link href={contact.privacyUrl}>Les mer om personvern i Oslo kommune</Link>.
      </Paragraph>
      <Downloads />
      <Deletion sub={user.sub} />
    </article>
  );
}

function Downloads() {
  const [busy, setBusy] = useState<'json' | 'summary' | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const download = async (kind: 'json' | 'summary') => {
    setBusy(kind);
    setFailure(null);
    try {
      const { blob, filename } = await (kind === 'json' ? downloadMyData() : downloadMyDataSummary());
      saveFile(blob, filename ?? (kind === 'json' ? 'mine-data.json' : 'mine-data.html'));
    } catch (error) {
      setFailure(userMessageOf(error));
    } finally {
      setBusy(null);
    }
  };
  return (
    <section className="lk-stack" aria-labelledby="lk-my-data-download">
      <Heading level={2} data-size="sm" id="lk-my-data-download">
        Last ned dataene dine
      </Heading>
      <Paragraph>
        Oversikten er et dokument du kan lese og skrive ut. JSON-filen har det samme innholdet i et format som andre tjenester kan lese.
      </Paragraph>
      <div className="lk-button-row">
        <Button variant="secondary" loading={busy === 'summary'} onClick={() => void download('summary')}>
          Last ned oversikt
        </Button>
        <Button variant="secondary" loading={busy === 'json'} onClick={() => void download('json')}>
          Last ned som JSON
        </Button>
      </div>
      {failure && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{failure}</Paragraph>
        </Alert>
      )}
    </section>
  );
}

function Deletion({ sub }: { sub: string }) {
  const [confirming, setConfirming] = useState(false);
  const remove = useGuardedMutation(deleteMyDataMutation(sub), { onSuccess: () => setConfirming(false) });
  return (
    <section className="lk-stack" aria-labelledby="lk-my-data-delete">
      <Heading level={2} data-size="sm" id="lk-my-data-delete">
        Slett dataene mine
      </Heading>
      <Paragraph>
        Vi sletter det loven lar oss slette nå: varsler om ledige tider, kalenderabonnementet, meldinger du har sendt oss, og
        kontaktopplysningene i bookinger som er over. Noe må vi beholde, for eksempel bookinger som ikke er gjennomført ennå,
        regnskapsopplysninger og vedtak. Etterpå ser du hva vi slettet, og hva vi beholder og hvorfor.
      </Paragraph>
      <div>
        <Button data-color="danger" onClick={() => setConfirming(true)}>
          Slett dataene mine
        </Button>
      </div>
      {remove.error && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{userMessageOf(remove.error)}</Paragraph>
        </Alert>
      )}
      {remove.data && <DeletionAnswer answer={remove.data} />}
      {confirming && (
        <Dialog open onClose={() => setConfirming(false)} aria-labelledby="lk-my-data-confirm" closeButton="Lukk">
          <Dialog.Block>
            <Heading level={2} data-size="sm" id="lk-my-data-confirm">
              Vil du slette dataene dine?
            </Heading>
          </Dialog.Block>
          <Dialog.Block className="lk-stack">
            <Paragraph>Det vi sletter, kan ikke hentes tilbake. Du kan laste ned en kopi først.</Paragraph>
            <div className="lk-button-row">
              <Button data-color="danger" loading={remove.isPending} onClick={() => remove.mutate()}>
                Ja, slett dataene mine
              </Button>
              <Button variant="secondary" onClick={() => setConfirming(false)}>
                Avbryt
              </Button>
            </div>
          </Dialog.Block>
        </Dialog>
      )}
    </section>
  );
}

/** The server's answer: what went, and what stays with the reason and the date it holds to. The heading takes the focus. */
function DeletionAnswer({ answer }: { answer: MyDataDeletion }) {
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), [answer]);
  return (
    <div className="lk-stack">
      <Heading level={3} data-size="xs" ref={heading} tabIndex={-1}>
        Svar på slettingen
      </Heading>
      <Paragraph>{answer.userMsg}</Paragraph>
      {answer.deleted.length > 0 && (
        <>
          <Heading level={4} data-size="2xs">
            Dette har vi slettet
          </Heading>
          <ul>
            {answer.deleted.map((item) => (
              <li key={item.kind}>
                {item.what} ({item.count})
              </li>
            ))}
          </ul>
        </>
      )}
      <Heading level={4} data-size="2xs">
        Dette må vi beholde
      </Heading>
      <ul>
        {answer.kept.map((item) => (
          <li key={item.kind}>
            <strong>{item.what}</strong>
            {item.caseNumbers.length > 0 && <> (sak {item.caseNumbers.join(', ')})</>}. {item.reason}
            {item.until && <> Gjelder til og med {formatDateNorwegian(item.until)}.</>}
          </li>
        ))}
      </ul>
    </div>
  );
}

import { useRef, useState } from 'react';
import { Alert, Button, Heading, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { ConfirmDialog } from './confirm-dialog';

export interface CalendarFeedLinkProps {
  /** Whose calendar, e.g. 'Dine egne bookinger' or an organisation's name. */
  title: string;
  /** Heading level of the title within the page. */
  level?: 2 | 3;
  url: string;
  /** Makes a new URL; resolves when it is stored (the new URL then comes through `url`). */
  onRotate: () => Promise<unknown>;
  /** The failure of the last rotation, as a Norwegian sentence. */
  rotateError?: string | null;
}

/**
 * One secret calendar feed URL (decision 024): the URL in a read-only field, a copy
 * button, and 'Lag ny lenke' behind a confirmation that says the old link stops working. What
 * happened is said in a polite live region, so a screen reader hears it too.
 */
export function CalendarFeedLink({ title, level = 2, url, onRotate, rotateError }: CalendarFeedLinkProps) {
  const field = useRef<HTMLInputElement>(null);
  const [said, setSaid] = useState('');
  const [confirming, setConfirming] = useState(false);
  const [rotating, setRotating] = useState(false);

  async function copy() {
    try {
      await navigator.clipboard.writeText(url);
      setSaid('Lenken er kopiert.');
    } catch {
      field.current?.select();
      setSaid('Lenken er markert. Kopier den med Ctrl+C (Cmd+C på Mac).');
    }
  }

  async function rotate() {
    setRotating(true);
    try {
      await onRotate();
      setConfirming(false);
      setSaid('Ny lenke er laget. Den gamle lenken virker ikke lenger.');
    } catch {
      // rotateError says why; the dialog stays open so the person can try again or cancel.
    } finally {
      setRotating(false);
    }
  }

  return (
    <section className="lk-stack lk-calendar-feed" aria-label={title}>
      <Heading level={level} data-size="xs">
        {title}
      </Heading>
      <Textfield
        ref={field}
        label="Lenke til kalenderen"
        description="Hemmelig lenke: alle som har den, kan se disse bookingene."
        value={url}
        readOnly
        onFocus={(event) => event.currentTarget.select()}
        spellCheck={false}
      />
      <div className="lk-calendar-feed-actions">
        <Button onClick={() => void copy()}>Kopier lenke</Button>
        <Button variant="secondary" onClick={() => setConfirming(true)}>
          Lag ny lenke
        </Button>
      </div>
      <Paragraph role="status" aria-live="polite">
        {said}
      </Paragraph>
      <ConfirmDialog
        open={confirming}
        title="Lag ny lenke?"
        confirmLabel="Ja, lag ny lenke"
        tone="danger"
        busy={rotating}
        error={rotateError ?? null}
        onConfirm={() => void rotate()}
        onCancel={() => setConfirming(false)}
      >
        Den gamle lenken slutter å virke med en gang. Kalendere som bruker den, får ikke flere oppdateringer før du legger inn den nye
        lenken.
      </ConfirmDialog>
    </section>
  );
}

/** How to add a feed URL in the common calendar apps, in short. */
export function CalendarFeedHelp({ level = 2 }: { level?: 2 | 3 }) {
  return (
    <Alert data-color="info">
      <Heading level={level} data-size="xs">
        Slik legger du lenken inn i kalenderen
      </Heading>
      <ul className="lk-calendar-feed-help">
        <li>
          <strong>Google Kalender:</strong> Åpne calendar.google.com på PC, velg «Andre kalendere» og «+», så «Fra nettadresse», og lim inn
          lenken.
        </li>
        <li>
          <strong>Outlook:</strong> Velg «Legg til kalender», så «Abonner fra nettet», og lim inn lenken.
        </li>
        <li>
          <strong>Apple Kalender (iPhone, iPad, Mac):</strong> Velg «Legg til kalender» eller «Arkiv» og «Nytt kalenderabonnement», og lim
          inn lenken.
        </li>
      </ul>
      <Paragraph>
        Kalenderen oppdateres av seg selv, vanligvis innen noen timer. Avlyste tider vises som avlyst. Del ikke lenken med andre; lag heller
        en ny lenke hvis noen har fått den som ikke skal ha den.
      </Paragraph>
    </Alert>
  );
}

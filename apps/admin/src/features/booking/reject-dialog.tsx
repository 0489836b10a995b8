import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, Fieldset, Heading, Paragraph, Radio, Textfield } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { rejectBookingMutation, rejectionChoicesQuery } from '@lokaler/api-client/admin-rejection';
import { weddingRejectionChoicesQuery } from '@lokaler/api-client/admin-wedding';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { rejectionMessages, type RejectBookingBody, type RejectionChoice } from '@lokaler/domain/admin-rejection';
import { Loading } from '@lokaler/ui/loading';
import { ChangeFailure } from '../../components/booking-change/change-failure';
import { useBookingChange } from '../../components/booking-change/use-booking-change';

const OWN_REASON = '';

/**
 * The body of a rejection: the chosen reason's key, and the text when the administrator wrote their
 * own or changed the chosen reason's text (the written text then replaces it).
 */
export function rejectionBodyOf(choice: RejectionChoice | undefined, text: string): RejectBookingBody | null {
  const written = text.trim();
  if (choice)
    return written && written !== choice.text.trim()
      ? { rejectionChoiceKey: choice.key, rejectionText: written }
      : { rejectionChoiceKey: choice.key };
  return written ? { rejectionText: written } : null;
}

/** The texts of rejecting an APPROVED booking: the applicant was told yes, so the dialog says so (decision 044). */
export const withdrawTexts = {
  button: 'Avslå godkjent booking',
  title: 'Avslå en godkjent booking',
  warning:
    'Bookingen er allerede godkjent, og søkeren regner med å få låne lokalet. Avslår du nå, trekkes godkjenningen tilbake: tidene frigis, vedtak og kontrakt gjelder ikke lenger, og søkeren får e-post med begrunnelsen.',
  confirm: 'Trekk tilbake og avslå',
  done: 'Godkjenningen er trukket tilbake, og bookingen er avslått',
} as const;

/**
 * 'Avslå søknaden': pick a prepared reason (its text can be adjusted) or write one. For a wedding this
 * is the wedding rejection modal (spec 02 §4): the wedding choices, worded to the couple. An approved
 * booking gets its own wording and warning, and the body says the approval is withdrawn knowingly
 * (withdrawApproved; the server refuses a rejection of an approved booking without it).
 */
export function RejectDialog({ booking, onClose }: { booking: AdminBookingView; onClose: () => void }) {
  const titleId = useId();
  const wedding = booking.sourceForm === 'wedding';
  const choices = useQuery(wedding ? weddingRejectionChoicesQuery() : rejectionChoicesQuery());
  const [choiceKey, setChoiceKey] = useState<string | null>(null);
  const [text, setText] = useState('');
  const [missing, setMissing] = useState(false);
  const choice = choices.data?.find((c) => c.key === choiceKey);
  const withdrawing = booking.status === 'APPROVED';
  const reject = useBookingChange(rejectBookingMutation(booking.bookingId), {
    successMessage: withdrawing ? withdrawTexts.done : 'Søknaden er avslått',
    onSuccess: onClose,
  });

  const choose = (key: string) => {
    setChoiceKey(key);
    setMissing(false);
    setText(choices.data?.find((c) => c.key === key)?.text ?? '');
  };
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const body = rejectionBodyOf(choice, text);
    setMissing(body === null);
    if (body) reject.mutate(withdrawing ? { ...body, withdrawApproved: true } : body);
  };

  return (
    <Dialog open onClose={() => !reject.isPending && onClose()} aria-labelledby={titleId} closeButton="Lukk">
      <form onSubmit={submit} noValidate>
        <Dialog.Block className="lk-stack">
          <Heading level={2} data-size="sm" id={titleId}>
            {withdrawing ? withdrawTexts.title : wedding ? 'Avslå søknaden om vielse' : 'Avslå søknaden'}
          </Heading>
          {withdrawing && (
            <Alert data-color="warning">
              <Paragraph>{withdrawTexts.warning}</Paragraph>
            </Alert>
          )}
          <Paragraph>
            {withdrawing
              ? `Booking ${booking.caseNumber} avslås. Skriv eller velg en begrunnelse til søkeren.`
              : wedding
                ? `Søknad ${booking.caseNumber} avslås, og vielsestiden frigis. Begrunnelsen sendes til paret i vedtaket og på e-post.`
                : `Søknad ${booking.caseNumber} avslås, og alle tidene frigis. Begrunnelsen sendes til søkeren.`}
          </Paragraph>
          {choices.isPending && <Loading label="Henter begrunnelser" />}
          {choices.error && (
            <Alert data-color="warning">
              <Paragraph>{loadFailureMessage(choices.error).title}. Du kan skrive en egen begrunnelse.</Paragraph>
            </Alert>
          )}
          <Fieldset>
            <Fieldset.Legend>Begrunnelse</Fieldset.Legend>
            {choices.data?.map((c) => (
              <Radio
                key={c.key}
                name="rejection-choice"
                value={c.key}
                label={c.title}
                checked={choiceKey === c.key}
                onChange={() => choose(c.key)}
              />
            ))}
            <Radio
              name="rejection-choice"
              value={OWN_REASON}
              label="Skriv en egen begrunnelse"
              checked={choiceKey === OWN_REASON}
              onChange={() => choose(OWN_REASON)}
            />
          </Fieldset>
          <Textfield
            label={wedding ? 'Tekst til paret' : 'Tekst til søkeren'}
            description={choice ? 'Teksten til begrunnelsen du valgte. Du kan endre den.' : undefined}
            multiline
            rows={5}
            value={text}
            onChange={(e) => {
              setText(e.target.value);
              setMissing(false);
            }}
            error={missing ? rejectionMessages.reasonRequired : undefined}
          />
          {reject.error && <ChangeFailure error={reject.error} />}
        </Dialog.Block>
        <Dialog.Block className="lk-dialog-actions">
          <Button type="submit" data-color="danger" loading={reject.isPending} disabled={reject.isPending}>
            {withdrawing ? withdrawTexts.confirm : 'Avslå søknaden'}
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={reject.isPending}>
            Avbryt
          </Button>
        </Dialog.Block>
      </form>
    </Dialog>
  );
}

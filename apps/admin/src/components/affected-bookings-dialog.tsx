import { useId, useState, type FormEvent } from 'react';
import { Alert, Button, Dialog, Heading, List, Paragraph, Textfield } from '@digdir/designsystemet-react';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { closingMessages, type AffectedBooking, type AffectedBookingsDecision } from '@lokaler/domain/closing-with-bookings';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';

export interface AffectedBookingsDialogProps {
  /** What is being closed, for the heading's paragraph: 'Lokalet stenges 18.12.2026' or 'Gymsal blokkeres'. */
  what: string;
  bookings: readonly Pick<AffectedBooking, 'bookingId' | 'caseNumber' | 'applicantName' | 'organizationName' | 'times'>[];
  busy: boolean;
  /** A failure of the save with the decision, shown in the dialog. */
  error: unknown;
  onDecide: (decision: AffectedBookingsDecision) => void;
  onCancel: () => void;
}

/** 'Sagene IF (Kari Nordmann)', the organisation first, as the administrator knows the club. */
export function applicantLabel(b: Pick<AffectedBooking, 'applicantName' | 'organizationName' | 'caseNumber'>): string {
  if (b.organizationName && b.applicantName) return `${b.organizationName} (${b.applicantName})`;
  return b.organizationName ?? b.applicantName ?? `Sak ${b.caseNumber}`;
}

/**
 * A closing (closed dates, blocked times) hits bookings (decision 042): the list of who and which
 * times, and the two choices: cancel the times with a message to each applicant (the message is
 * required), or keep the bookings. 'Avbryt' saves nothing.
 */
export function AffectedBookingsDialog({ what, bookings, busy, error, onDecide, onCancel }: AffectedBookingsDialogProps) {
  const titleId = useId();
  const [message, setMessage] = useState('');
  const [missing, setMissing] = useState(false);
  const cancelTimes = (event: FormEvent) => {
    event.preventDefault();
    if (!message.trim()) {
      setMissing(true);
      return;
    }
    onDecide({ decision: 'CANCEL', message: message.trim() });
  };
  const count = bookings.length;
  return (
    <Dialog open onClose={() => !busy && onCancel()} closedby={busy ? 'none' : 'any'} aria-labelledby={titleId} closeButton="Lukk">
      <form onSubmit={cancelTimes} noValidate>
        <Dialog.Block className="lk-stack">
          <Heading level={2} data-size="sm" id={titleId}>
            {count === 1 ? 'En booking har tider i perioden' : `${count} bookinger har tider i perioden`}
          </Heading>
          <Paragraph>{`${what}. ${closingMessages.affected}`}</Paragraph>
          <List.Unordered aria-label="Bookinger som berøres">
            {bookings.map((b) => (
              <List.Item key={b.bookingId}>
                <strong>{applicantLabel(b)}</strong>
                {` – sak ${b.caseNumber}`}
                <List.Unordered>
                  {b.times.map((t) => (
                    <List.Item
                      key={t.reservationId}
                    >{`${t.roomName}: ${formatDateNorwegian(t.date)} ${t.startTime}–${t.endTime}`}</List.Item>
                  ))}
                </List.Unordered>
              </List.Item>
            ))}
          </List.Unordered>
          <Textfield
            label="Melding til dem som har booket"
            description="Sendes på e-post sammen med tidene som avlyses, og vises på bookingen."
            multiline
            rows={4}
            value={message}
            onChange={(e) => {
              setMessage(e.target.value);
              setMissing(false);
            }}
            error={missing ? closingMessages.messageRequired : undefined}
          />
          {Boolean(error) && (
            <Alert data-color="danger" role="alert">
              <Paragraph>{userMessageOf(error)}</Paragraph>
            </Alert>
          )}
        </Dialog.Block>
        <Dialog.Block className="lk-dialog-actions">
          <Button type="submit" data-color="danger" loading={busy} disabled={busy}>
            {closingMessages.cancel}
          </Button>
          <Button type="button" variant="secondary" onClick={() => onDecide({ decision: 'KEEP' })} disabled={busy}>
            {closingMessages.keep}
          </Button>
          <Button type="button" variant="tertiary" onClick={onCancel} disabled={busy}>
            Avbryt
          </Button>
        </Dialog.Block>
      </form>
    </Dialog>
  );
}

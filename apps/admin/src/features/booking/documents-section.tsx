import { Heading, List, Paragraph } from '@digdir/designsystemet-react';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import type { RequirementType } from '@lokaler/domain/booking';
import { formatInstant } from '../../lib/format';

const requirementNames: Record<RequirementType, string> = { CONTRACT: 'Kontrakt', WEDDING_CERTIFICATE: 'Prøvingsattest' };

/** What the applicant must do (sign, upload), the documents sent, and the messages to the applicant. */
export function DocumentsSection({ booking }: { booking: AdminBookingView }) {
  return (
    <section aria-labelledby="lk-documents" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-documents">
        Krav, dokumenter og meldinger
      </Heading>
      <List.Unordered>
        {booking.requirements.map((r, i) => (
          <List.Item key={`${r.type}-${i}`}>
            {requirementNames[r.type]}: {requirementState(r)}
          </List.Item>
        ))}
        <List.Item>{vedtakState(booking)}</List.Item>
        <List.Item>{contractState(booking)}</List.Item>
      </List.Unordered>
      {booking.decisionMessages.length > 0 && (
        <>
          <Heading level={3} data-size="xs">
            Meldinger til søkeren
          </Heading>
          <ul className="lk-messages">
            {booking.decisionMessages.map((m, i) => (
              <li key={i}>
                <Paragraph data-size="sm" className="lk-subtle">
                  {formatInstant(m.createdTimeUtc)}
                </Paragraph>
                <Paragraph className="lk-preserve-lines">{m.message}</Paragraph>
              </li>
            ))}
          </ul>
        </>
      )}
    </section>
  );
}

function requirementState(r: AdminBookingView['requirements'][number]): string {
  if (!r.isFulfilled) return r.type === 'CONTRACT' ? 'venter på signatur fra søkeren' : 'ikke levert ennå';
  const who = r.userName ? ` av ${r.userName}` : '';
  const when = r.fulfillmentTimeUtc ? ` ${formatInstant(r.fulfillmentTimeUtc)}` : '';
  return `${r.type === 'CONTRACT' ? 'signert' : 'levert'}${who}${when}`;
}

function vedtakState(booking: AdminBookingView): string {
  if (booking.vedtakExists) return 'Vedtak er sendt til søkeren';
  if (!booking.enableVedtak) return 'Lokalet lager ikke vedtak';
  return booking.status === 'UNPROCESSED' ? 'Vedtaket lages når søknaden godkjennes' : 'Ingen vedtak er lagret';
}

function contractState(booking: AdminBookingView): string {
  if (booking.contractExists) return 'Kontrakt er laget';
  if (!booking.requireContract) return 'Lokalet krever ikke kontrakt';
  return booking.status === 'UNPROCESSED' ? 'Lokalet krever kontrakt; den lages når søknaden godkjennes' : 'Ingen kontrakt er lagret';
}

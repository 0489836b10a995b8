import { Heading, List, Paragraph } from '@digdir/designsystemet-react';
import { adminDocumentPdfUrl, downloadAdminDocumentPdf, type DocumentPdfKind } from '@lokaler/api-client/document-pdf';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import type { RequirementType } from '@lokaler/domain/booking';
import { FileDownloadLink } from '@lokaler/ui/file-download-link';
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
        <List.Item>
          {vedtakState(booking)}
          {booking.vedtakExists && <PdfLink booking={booking} kind="vedtak" />}
        </List.Item>
        <List.Item>
          {contractState(booking)}
          {booking.contractExists && <PdfLink booking={booking} kind="contract" />}
        </List.Item>
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

/** The document as the applicant has it, as PDF/A (decision 055): the signed contract with signer, time and hash. */
function PdfLink({ booking, kind }: { booking: AdminBookingView; kind: DocumentPdfKind }) {
  const name = kind === 'vedtak' ? 'vedtaket' : 'kontrakten';
  return (
    <FileDownloadLink
      href={adminDocumentPdfUrl(kind, booking.bookingId)}
      fallbackName={`${kind === 'vedtak' ? 'vedtak' : 'kontrakt'}-${booking.caseNumber}.pdf`}
      fetchFile={() => downloadAdminDocumentPdf(kind, booking.bookingId)}
      describeFailure={userMessageOf}
    >
      Last ned {name} som PDF
    </FileDownloadLink>
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

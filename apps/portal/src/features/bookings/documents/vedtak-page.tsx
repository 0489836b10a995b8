import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { downloadUserDocumentPdf, userDocumentPdfUrl } from '@lokaler/api-client/document-pdf';
import { vedtakQuery } from '@lokaler/api-client/user-booking-documents';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { FileDownloadLink } from '@lokaler/ui/file-download-link';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { SanitizedDocument } from '@lokaler/ui/sanitized-document';
import '../bookings.css';
import { LoginGate } from '../login-gate';
import { BackToBooking } from '../shared/back-to-booking';
import { BookingLoader } from '../shared/booking-loader';
import { useBookingId } from '../shared/use-booking-id';

/** /bookinger/:bookingId/vedtak — the decision letter (vedtakHtml, sanitised), and its PDF to download (decision 055). */
export function VedtakPage() {
  const bookingId = useBookingId();
  return (
    <LoginGate>
      {(user) => (
        <BookingLoader sub={user.sub} bookingId={bookingId}>
          {(booking) => <VedtakView sub={user.sub} booking={booking} />}
        </BookingLoader>
      )}
    </LoginGate>
  );
}

function VedtakView({ sub, booking }: { sub: string; booking: UserBooking }) {
  const title = `Vedtak for bookingen hos ${booking.location.name}`;
  usePageTitle(title);
  const { data, error, isPending } = useQuery(vedtakQuery(sub, booking.bookingId));
  const missing = isApiClientError(error) && error.status === 404;
  return (
    <article className="lk-stack">
      <BackToBooking bookingId={booking.bookingId} />
      <Heading level={1} data-size="lg">
        {title}
      </Heading>
      {isPending && <Loading label="Henter vedtaket" />}
      {missing && <Paragraph>Det finnes ikke noe vedtak for denne bookingen ennå.</Paragraph>}
      {error && !missing && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(error).detail}</Paragraph>
        </Alert>
      )}
      {data && (
        <FileDownloadLink
          href={userDocumentPdfUrl('vedtak', booking.bookingId)}
          fallbackName={`vedtak-${booking.caseNumber}.pdf`}
          fetchFile={() => downloadUserDocumentPdf('vedtak', booking.bookingId)}
          describeFailure={userMessageOf}
        >
          Last ned vedtaket som PDF
        </FileDownloadLink>
      )}
      {data && (
        <SanitizedDocument
          className="lk-document"
          html={data.vedtakHtml}
          minHeadingLevel={2}
          role="region"
          aria-label="Vedtaket"
          tabIndex={0}
        />
      )}
    </article>
  );
}

import { useRef, useState } from 'react';
import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { contractMessages, DOCUMENT_NOT_APPROVED, signedByText } from '@lokaler/domain/contract';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { contractQuery, signContractMutation } from '@lokaler/api-client/contracts';
import { downloadUserDocumentPdf, userDocumentPdfUrl } from '@lokaler/api-client/document-pdf';
import { useCurrentUserRoles } from '@lokaler/api-client/current-user';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { FileDownloadLink } from '@lokaler/ui/file-download-link';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { SanitizedDocument } from '@lokaler/ui/sanitized-document';
import { useToasts } from '@lokaler/ui/toasts';
import '../bookings.css';
import { formatInstant } from '../format';
import { LoginGate } from '../login-gate';
import { BackToBooking } from '../shared/back-to-booking';
import { BookingLoader } from '../shared/booking-loader';
import { useBookingId } from '../shared/use-booking-id';
import { printBlockedMessage, printDocument } from './print-document';
import { SignPanel } from './sign-panel';
import { useReadToEnd } from './use-read-to-end';

/** /bookinger/:bookingId/kontrakt — the contract, printing, and signing at the bottom (spec 02 §2, §4). */
export function ContractPage() {
  const bookingId = useBookingId();
  return (
    <LoginGate>
      {(user) => (
        <BookingLoader sub={user.sub} bookingId={bookingId}>
          {(booking) => <ContractView sub={user.sub} booking={booking} />}
        </BookingLoader>
      )}
    </LoginGate>
  );
}

/** Spec 02 §8: a refused signature says that the booking was made by someone else. */
function signFailureText(error: unknown): string {
  if (isApiClientError(error) && error.kind === 'http' && (error.status === 401 || error.status === 403))
    return contractMessages.notCreator;
  return userMessageOf(error);
}

function ContractView({ sub, booking }: { sub: string; booking: UserBooking }) {
  const title = `Kontrakt for bookingen hos ${booking.location.name}`;
  usePageTitle(title);
  const { showToast } = useToasts();
  const contract = useQuery(contractQuery(sub, booking.bookingId));
  const roles = useCurrentUserRoles(sub);
  const documentRef = useRef<HTMLDivElement>(null);
  const readToEnd = useReadToEnd(documentRef, Boolean(contract.data));
  const [printFailed, setPrintFailed] = useState(false);

  const sign = useGuardedMutation(signContractMutation(sub, booking.bookingId), {
    onSuccess: () => showToast({ type: 'success', msg: 'Kontrakten er signert.' }),
  });

  const notFound = isApiClientError(contract.error) && contract.error.status === 404;
  // The booking needs a contract, but the venue has not approved its text yet: a state, not a failure.
  const notApprovedYet = isApiClientError(contract.error) && contract.error.code === DOCUMENT_NOT_APPROVED;
  // Only the person who sent the application may sign (spec 02 §6); others are told so up front.
  const someoneElses = Boolean(roles.data && booking.userId !== null && roles.data.userId !== booking.userId);

  return (
    <article className="lk-stack">
      <BackToBooking bookingId={booking.bookingId} />
      <Heading level={1} data-size="lg">
        {title}
      </Heading>
      {contract.isPending && <Loading label="Henter kontrakten" />}
      {notFound && <Paragraph>{contractMessages.noContract}</Paragraph>}
      {notApprovedYet && <Paragraph>{contractMessages.notApprovedYet}</Paragraph>}
      {contract.error && !notFound && !notApprovedYet && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(contract.error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(contract.error).detail}</Paragraph>
        </Alert>
      )}
      {contract.data && (
        <>
          {contract.data.isSigned && contract.data.signedByName && (
            <Alert data-color="success">{signedByText(contract.data.signedByName, formatInstant(contract.data.signedTimeUtc))}</Alert>
          )}
          <div className="lk-button-row">
            <Button variant="secondary" onClick={() => setPrintFailed(!printDocument(title, contract.data.contractHtml))}>
              Skriv ut
            </Button>
            <FileDownloadLink
              href={userDocumentPdfUrl('contract', booking.bookingId)}
              fallbackName={`kontrakt-${booking.caseNumber}.pdf`}
              fetchFile={() => downloadUserDocumentPdf('contract', booking.bookingId)}
              describeFailure={userMessageOf}
            >
              Last ned kontrakten som PDF
            </FileDownloadLink>
          </div>
          {printFailed && (
            <Alert data-color="warning" role="alert">
              {printBlockedMessage}
            </Alert>
          )}
          <SanitizedDocument
            ref={documentRef}
            className="lk-document"
            html={contract.data.contractHtml}
            minHeadingLevel={2}
            aria-label="Kontrakten"
            role="region"
            tabIndex={0}
          />
          {!contract.data.isSigned && booking.status === 'APPROVED' && !someoneElses && (
            <SignPanel
              readToEnd={readToEnd}
              signing={sign.isPending}
              error={sign.error ? signFailureText(sign.error) : undefined}
              onSign={() => sign.mutate()}
            />
          )}
          {!contract.data.isSigned && someoneElses && (
            <Paragraph>
              Kontrakten kan bare signeres av den som sendte søknaden{booking.userName ? ` (${booking.userName})` : ''}.
            </Paragraph>
          )}
        </>
      )}
    </article>
  );
}

import { useState, type MouseEvent } from 'react';
import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { downloadProevingsattest, proevingsattestUrl } from '@lokaler/api-client/admin-wedding';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { weddingOfficeTexts, type AdminWeddingDetails } from '@lokaler/domain/admin-wedding';
import type { WeddingApplicationAnswers } from '@lokaler/domain/wedding-application-answers';
import { formatPhoneNumber } from '@lokaler/ui/formatters';
import { formatDay, formatInstant } from '../../lib/format';
import { Fact } from './applicant-section';
import { saveFile } from '@lokaler/ui/save-file';

const yesNo = (value: boolean) => (value ? 'Ja' : 'Nei');
const culturalSegment = (value: boolean | null) => (value === null ? 'Usikker' : yesNo(value));
const kilobytes = (size: number) => `${Math.max(1, Math.round(size / 1024)).toLocaleString('nb-NO')} kB`;

/**
 * A wedding's own part of the admin view (decision 013): the dates the office works to (ceremony,
 * cancellation deadline in days before it, the info letter after approval), the prøvingsattest and
 * the couple's form. The national identity number is never sent here, only whether it was given.
 */
export function WeddingSection({ booking, wedding }: { booking: AdminBookingView; wedding: AdminWeddingDetails }) {
  return (
    <section aria-labelledby="lk-wedding" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-wedding">
        Vielse
      </Heading>
      {wedding.infoLetterDueDate && (
        <Alert data-color="info">
          <Paragraph>{weddingOfficeTexts.infoLetterDue(formatDay(wedding.infoLetterDueDate))}</Paragraph>
        </Alert>
      )}
      <dl className="lk-facts">
        {wedding.ceremonyDate && <Fact term="Vielsesdato">{formatDay(wedding.ceremonyDate)}</Fact>}
        {wedding.cancellationDaysBeforeCeremony !== null && (
          <Fact term="Avbestillingsfrist">
            {weddingOfficeTexts.cancellationDays(wedding.cancellationDaysBeforeCeremony)}
            {booking.cancellationDeadline && ` (${formatInstant(booking.cancellationDeadline)})`}
          </Fact>
        )}
        <Fact term="Prøvingsattest">
          <Certificate bookingId={booking.bookingId} wedding={wedding} />
        </Fact>
      </dl>
      <Heading level={3} data-size="xs">
        Vielsesskjema
      </Heading>
      {wedding.answers ? (
        <>
          {wedding.submittedAtUtc && <Paragraph className="lk-subtle">Sendt {formatInstant(wedding.submittedAtUtc)}</Paragraph>}
          <WeddingAnswers answers={wedding.answers} nationalIdentityNumberGiven={wedding.nationalIdentityNumberGiven} />
        </>
      ) : (
        <Paragraph>{weddingOfficeTexts.formNotSent}</Paragraph>
      )}
    </section>
  );
}

function Certificate({ bookingId, wedding }: { bookingId: number; wedding: AdminWeddingDetails }) {
  const [failure, setFailure] = useState<string | null>(null);
  const file = wedding.proevingsattestFile;
  if (!file) return <>{weddingOfficeTexts.certificateMissing}</>;
  // A real link to the file; the click fetches it with the administrator's token (a plain navigation carries none).
  const download = async (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    setFailure(null);
    try {
      const { blob, filename } = await downloadProevingsattest(bookingId);
      saveFile(blob, filename ?? file.filename);
    } catch (error) {
      setFailure(userMessageOf(error));
    }
  };
  return (
    <>
      <Link href={proevingsattestUrl(bookingId)} download={file.filename} onClick={(e) => void download(e)}>
        {weddingOfficeTexts.downloadCertificate}
      </Link>{' '}
      <span className="lk-subtle">
        ({file.filename}, {kilobytes(file.size)}
        {wedding.proevingsattestFileAddedTimeUtc && `, lastet opp ${formatInstant(wedding.proevingsattestFileAddedTimeUtc)}`})
      </span>
      {failure && (
        <Alert data-color="danger" data-size="sm">
          <Paragraph>{failure}</Paragraph>
        </Alert>
      )}
    </>
  );
}

function WeddingAnswers({
  answers: a,
  nationalIdentityNumberGiven,
}: {
  answers: WeddingApplicationAnswers;
  nationalIdentityNumberGiven: boolean;
}) {
  return (
    <dl className="lk-facts">
      <Fact term="Søker">{a.applicantName}</Fact>
      {a.applicantEmail && <Fact term="Søkers e-post">{a.applicantEmail}</Fact>}
      <Fact term="Søkers telefon">{formatPhoneNumber(a.applicantPhoneNo)}</Fact>
      <Fact term="Fødselsnummer">{nationalIdentityNumberGiven ? 'Oppgitt (vises ikke)' : 'Ikke oppgitt'}</Fact>
      <Fact term="Adresse">{`${a.addressStreetName}, ${a.addressPostCode} ${a.addressPostalName}`}</Fact>
      <Fact term="Kommende ektefelle">{a.spouseName}</Fact>
      <Fact term="Ektefellens e-post">{a.spouseEmail}</Fact>
      <Fact term="Ektefellens telefon">{formatPhoneNumber(a.spousePhoneNo)}</Fact>
      <Fact term="Språk i seremonien">{a.eventLanguage}</Fact>
      <Fact term="Tolk">{a.weddingInterpreterRequired ? `Ja, ${a.weddingInterpreterLanguage}` : 'Nei'}</Fact>
      <Fact term="Kontaktspråk">{a.preferredContactLanguage}</Fact>
      <Fact term="Kulturelt innslag">{culturalSegment(a.weddingCulturalSegmentDesired)}</Fact>
      {a.weddingCulturalSegmentDesired && a.weddingCulturalSegment && (
        <Fact term="Beskrivelse av innslaget">
          <span className="lk-preserve-lines">{a.weddingCulturalSegment}</span>
        </Fact>
      )}
      <Fact term="Tilrettelegging">{a.needsAccommodation ? 'Ja' : 'Nei'}</Fact>
      {a.needsAccommodation && a.accommodationDetails && (
        <Fact term="Behov for tilrettelegging">
          <span className="lk-preserve-lines">{a.accommodationDetails}</span>
        </Fact>
      )}
      {a.extraInformation && (
        <Fact term="Annen informasjon">
          <span className="lk-preserve-lines">{a.extraInformation}</span>
        </Fact>
      )}
    </dl>
  );
}

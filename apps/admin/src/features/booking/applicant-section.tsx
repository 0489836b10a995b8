import { Heading, Link } from '@digdir/designsystemet-react';
import type { ReactNode } from 'react';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { formatPhoneNumber } from '@lokaler/ui/formatters';
import { bookingDurationTypeLabels } from './booking-format';

/** Who applied (person, organisation, on whose behalf) and what they wrote in the form. */
export function ApplicantSection({ booking }: { booking: AdminBookingView }) {
  const answers = booking.formAnswers;
  const email = booking.userEmail ?? booking.onBehalfOfEmail;
  return (
    <section aria-labelledby="lk-applicant" className="lk-section">
      <Heading level={2} data-size="sm" id="lk-applicant">
        Søker
      </Heading>
      <dl className="lk-facts">
        <Fact term="Navn">{booking.userName ?? booking.onBehalfOfName ?? 'Ikke oppgitt'}</Fact>
        {booking.onBehalfOfName && booking.userName && <Fact term="Booket på vegne av">{booking.onBehalfOfName}</Fact>}
        {booking.displayOrgName && (
          <Fact term="Organisasjon">
            {booking.displayOrgName}
            {booking.organizationNumber && ` (org.nr. ${booking.organizationNumber})`}
          </Fact>
        )}
        {email && (
          <Fact term="E-post">
            <Link href={`mailto:${email}`}>{email}</Link>
          </Fact>
        )}
        <Fact term="Type">{bookingDurationTypeLabels[booking.bookingDurationType]}</Fact>
      </dl>
      <Heading level={3} data-size="xs">
        Svar fra søknadsskjemaet
      </Heading>
      {Object.values(answers).every((v) => v === undefined || v === '') ? (
        <p>Søknaden har ingen svar fra skjemaet.</p>
      ) : (
        <dl className="lk-facts">
          {answers.activity && <Fact term="Aktivitet">{answers.activity}</Fact>}
          {answers.purpose && answers.purpose !== answers.activity && <Fact term="Formål">{answers.purpose}</Fact>}
          {answers.participants !== undefined && <Fact term="Antall deltakere">{answers.participants}</Fact>}
          {answers.contactEmail && answers.contactEmail !== email && <Fact term="Kontakt-e-post">{answers.contactEmail}</Fact>}
          {answers.contactPhone && <Fact term="Telefon">{formatPhoneNumber(answers.contactPhone)}</Fact>}
          {answers.message && (
            <Fact term="Melding fra søker">
              <span className="lk-preserve-lines">{answers.message}</span>
            </Fact>
          )}
        </dl>
      )}
    </section>
  );
}

export function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="lk-facts__item">
      <dt>{term}</dt>
      <dd>{children}</dd>
    </div>
  );
}

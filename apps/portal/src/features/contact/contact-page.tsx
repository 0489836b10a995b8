import { useState } from 'react';
import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Navigate, useLocation } from 'react-router';
import type { SupportRequest } from '@lokaler/domain/support-request';
import { categoriesWithLocation } from '@lokaler/domain/support-request';
import { locationsQuery } from '@lokaler/api-client/locations';
import { settingQuery } from '@lokaler/api-client/settings';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { sendSupportInquiryMutation } from '@lokaler/api-client/support';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { PageHead } from '@lokaler/ui/page-head';
import { paths } from '../../config/paths';
import { ContactForm } from './contact-form';
import { thankYouTexts } from './contact-texts';
import { ThankYou } from './thank-you';

/** /kontakt-oss?referringPage=…: only while the CONTACT_US setting is ENABLED, else back to '/' (spec 01 §2). */
export function ContactPage() {
  const enabled = useQuery(settingQuery('CONTACT_US'));
  if (enabled.isPending) return <Loading label="Laster" />;
  if (enabled.data !== true) return <Navigate to={paths.home.getHref()} replace />;
  return <Contact />;
}

function Contact() {
  const { search } = useLocation();
  const referringPage = new URLSearchParams(search).get('referringPage');
  const locations = useQuery(locationsQuery());
  const [sent, setSent] = useState<SupportRequest | null>(null);
  const send = useGuardedMutation(sendSupportInquiryMutation());

  if (sent) {
    if (categoriesWithLocation.has(sent.category)) {
      const name = locations.data?.find((l) => l.id === sent.locationId)?.name ?? null;
      return <ThankYou title={thankYouTexts.location.title} body={thankYouTexts.location.body(name)} />;
    }
    return <ThankYou title={thankYouTexts.general.title} body={thankYouTexts.general.body} />;
  }

  return (
    <div className="lk-stack lk-contact-page">
      <PageHead
        title="Kontakt oss"
        description="Spørsmål om å låne eller leie Oslo kommunes lokaler, om en booking eller om tjenesten? Send oss en melding."
      />
      <Heading level={1} data-size="lg">
        Kontakt oss
      </Heading>
      <Paragraph>
        Har du spørsmål om et lokale eller en booking, går meldingen til lokalet. Andre spørsmål og tekniske problemer går til oss som
        drifter tjenesten.
      </Paragraph>
      {locations.isPending && <Loading label="Henter lokaler" />}
      {locations.error && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(locations.error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(locations.error).detail}</Paragraph>
        </Alert>
      )}
      {locations.data && (
        <ContactForm
          locations={locations.data}
          referringPage={referringPage}
          send={async (request) => {
            await send.mutateAsync(request);
            setSent(request);
          }}
        />
      )}
    </div>
  );
}

import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { AuthUser } from '@lokaler/api-client/auth-client';
import { userInvoicesQuery } from '@lokaler/api-client/user-invoices';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { usePageTitle } from '@lokaler/ui/page-title';
import { QueryLoader } from '@lokaler/ui/query-loader';
import { paths } from '../../../config/paths';
import '../bookings.css';
import './invoices.css';
import { LoginGate } from '../login-gate';
import { InvoiceList } from './invoice-list';

/** /bookinger/faktura (decision 071): the invoices and credit notes of the identity the person acts as. */
export function InvoicesPage() {
  return <LoginGate>{(user) => <Invoices user={user} />}</LoginGate>;
}

function Invoices({ user }: { user: AuthUser }) {
  usePageTitle('Faktura');
  const query = useQuery(userInvoicesQuery(user.sub));
  return (
    <article className="lk-stack">
      <Link asChild>
        <RouterLink to={paths.bookings.getHref()}>Tilbake til Mine bookinger</RouterLink>
      </Link>
      <Heading level={1} data-size="lg">
        Faktura
      </Heading>
      <QueryLoader query={query} loadingLabel="Henter fakturaene dine" describeFailure={loadFailureMessage}>
        {(invoices) =>
          invoices.length === 0 ? (
            <NoInvoices />
          ) : (
            <>
              <Paragraph>
                Her er fakturaene og kreditnotaene for bookingene dine, den nyeste først. Betal med KID og kontonummeret som står på
                fakturaen.
              </Paragraph>
              <InvoiceList invoices={invoices} headingLevel={2} showBooking label="Fakturaer og kreditnotaer" />
            </>
          )
        }
      </QueryLoader>
    </article>
  );
}

function NoInvoices() {
  return (
    <>
      <Paragraph>Du har ingen fakturaer.</Paragraph>
      <Paragraph>
        Du får faktura når du leier et lokale mot betaling: én for hver booking og måned du har leid. Fakturaen vises her når den er sendt.
        Å låne et lokale gratis gir ingen faktura.
      </Paragraph>
    </>
  );
}

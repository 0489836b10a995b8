import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink } from 'react-router';
import type { UserBooking } from '@lokaler/domain/user-booking';
import { userBookingInvoicesQuery } from '@lokaler/api-client/user-invoices';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { paths } from '../../../config/paths';
import { InvoiceList } from '../invoices/invoice-list';
import '../invoices/invoices.css';

/** A booking approved with a price (cost-based or market) is what can be invoiced (decision 071). */
function isPriced(booking: UserBooking): boolean {
  return booking.status === 'APPROVED' && (booking.costCategory === 'COST' || booking.costCategory === 'MARKET');
}

/**
 * The booking page's 'Faktura' (decision 071): the booking's invoices and credit notes when it has any; for a
 * priced booking without one yet, a line that says they will come here. A free booking without invoices
 * shows nothing (the list under Mine bookinger shows every invoice, whatever the booking's price).
 */
export function InvoicesSection({ sub, booking }: { sub: string; booking: UserBooking }) {
  const { data, error, isPending } = useQuery(userBookingInvoicesQuery(sub, booking.bookingId));
  const priced = isPriced(booking);
  const hasInvoices = data !== undefined && data.length > 0;
  // A free booking is not invoiced: without invoices it has no section, and a failed load is not worth an alarm there.
  if (!hasInvoices && !priced) return null;

  return (
    <section className="lk-booking-section" aria-labelledby="lk-invoices-title">
      <Heading level={2} data-size="sm" id="lk-invoices-title">
        Faktura
      </Heading>
      {isPending && <Loading label="Henter fakturaene for bookingen" />}
      {error && !hasInvoices && <LoadFailureAlert failure={loadFailureMessage(error)} />}
      {data && !hasInvoices && (
        <Paragraph>
          Det er ikke sendt noen faktura for bookingen ennå. Du får én faktura for hver måned du har leid, og den vises her når den er
          sendt.
        </Paragraph>
      )}
      {hasInvoices && <InvoiceList invoices={data} headingLevel={3} showBooking={false} label="Fakturaer for bookingen" />}
      <Paragraph>
        <Link asChild>
          <RouterLink to={paths.invoices.getHref()}>Se alle fakturaene dine</RouterLink>
        </Link>
      </Paragraph>
    </section>
  );
}

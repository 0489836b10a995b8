import type { UserInvoice } from '@lokaler/domain/invoices';
import { InvoiceCard } from './invoice-card';
import { newestFirst } from './invoice-format';

/** Invoices and credit notes, newest first, one card each. */
export function InvoiceList({
  invoices,
  headingLevel,
  showBooking,
  label,
}: {
  invoices: readonly UserInvoice[];
  headingLevel: 2 | 3;
  showBooking: boolean;
  label: string;
}) {
  return (
    <ul className="lk-invoice-list" aria-label={label}>
      {newestFirst(invoices).map((invoice) => (
        <li key={invoice.id}>
          <InvoiceCard invoice={invoice} headingLevel={headingLevel} showBooking={showBooking} />
        </li>
      ))}
    </ul>
  );
}

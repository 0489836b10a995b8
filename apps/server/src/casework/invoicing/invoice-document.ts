import { isHourElement, storedInvoiceElements, type InvoiceBasisElement } from '@lokaler/domain/invoice-basis';
import {
  invoiceElementText,
  type InvoiceChannel,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  type InvoiceKind,
  type InvoiceLineElement,
} from '@lokaler/domain/invoices';
import type { StoredInvoice } from './invoice-repository';

/** What one invoice says, from the basis lines it bills and the stored invoice (decision 071). Pure. */

export interface BillableLine {
  id: number;
  element: InvoiceLineElement;
  period: string;
  quantity: number;
  unitPriceOre: number;
  amountOre: number;
  covers: readonly { date: string }[];
  manual: boolean;
  reason: string | null;
}

const lastDayOf = (period: string) => {
  const [y, m] = period.split('-').map(Number) as [number, number];
  return `${period}-${String(new Date(Date.UTC(y, m, 0)).getUTCDate()).padStart(2, '0')}`;
};

/**
 * The document's lines, in the contract's order (month, then the rooms' categories, etablering,
 * tilsynsvakt, market price, then the manual lines): one per basis line. Hours are minutes / 60 with
 * two decimals; on a credit note every sign is turned, so what it gives back is positive.
 */
export function documentLines(lines: readonly BillableLine[], kind: InvoiceKind): InvoiceDocumentLine[] {
  const sign = kind === 'CREDIT_NOTE' ? -1 : 1;
  const order = (e: InvoiceLineElement) => storedInvoiceElements.indexOf(e);
  return [...lines]
    .sort((a, b) => a.period.localeCompare(b.period) || order(a.element) - order(b.element) || a.id - b.id)
    .map((l) => {
      const hourly = !l.manual && isHourElement(l.element as InvoiceBasisElement);
      const dates = l.covers
        .map((c) => c.date)
        .filter(Boolean)
        .sort();
      return {
        element: l.element,
        description: l.manual && l.reason ? `${invoiceElementText[l.element]}: ${l.reason}` : invoiceElementText[l.element],
        unitCode: hourly ? 'HUR' : 'C62',
        quantity: sign * (hourly ? Math.round((l.quantity / 60) * 100) / 100 : l.quantity),
        unitPriceOre: l.unitPriceOre,
        amountOre: sign * l.amountOre,
        fromDate: dates[0] ?? `${l.period}-01`,
        toDate: dates.at(-1) ?? lastDayOf(l.period),
      } satisfies InvoiceDocumentLine;
    });
}

/** The kind of a booking's invoice from the net of its lines: null for 0 kr (nothing is sent). */
export function kindOfNet(netOre: number): InvoiceKind | null {
  return netOre > 0 ? 'INVOICE' : netOre < 0 ? 'CREDIT_NOTE' : null;
}

/** YYYY-MM-DD plus `days`. */
export function plusDays(date: string, days: number): string {
  const d = new Date(`${date}T12:00:00Z`);
  d.setUTCDate(d.getUTCDate() + days);
  return d.toISOString().slice(0, 10);
}

/** The document of a stored invoice: what the EHF, the ERP file, the PDF and the pages are built from. */
export function invoiceDocumentOf(invoice: StoredInvoice): InvoiceDocument {
  return {
    id: invoice.id,
    number: invoice.number,
    kind: invoice.kind,
    channel: invoice.channel as InvoiceChannel,
    bookingId: invoice.bookingId,
    caseNumber: invoice.caseNumber,
    locationName: invoice.locationName,
    period: invoice.period,
    issueDate: invoice.issueDate,
    dueDate: invoice.dueDate,
    kid: invoice.kid,
    buyer: invoice.buyer,
    buyerReference: invoice.buyerReference,
    lines: invoice.lines,
    totalOre: invoice.totalOre,
    creditsInvoiceNumber: invoice.creditsInvoiceNumber,
  };
}

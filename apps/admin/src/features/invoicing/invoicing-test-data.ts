import {
  kidForInvoiceNumber,
  type InvoicingBooking,
  type InvoicingLine,
  type InvoicingPeriodResponse,
  type InvoiceSummaryItem,
  type InvoicingSummaryResponse,
} from '@lokaler/domain/invoices';
import { addPeriodMonths } from './invoicing-period';

/** The invoicing page's test data (decision 071): one location, October 2026, a booking in every state. */

const line = (
  fields: Partial<InvoicingLine> & Pick<InvoicingLine, 'id' | 'element' | 'quantity' | 'unitPriceOre' | 'amountOre'>,
): InvoicingLine => ({
  period: '2026-10',
  kind: fields.amountOre < 0 ? 'CREDIT' : 'DEBIT',
  status: 'OPEN',
  manual: false,
  reason: null,
  held: false,
  holdReason: null,
  invoiceNumber: null,
  ...fields,
});

/** EHF to an organisation: an open hour line, a held etablering and a line already invoiced. */
export const sageneIl = (): InvoicingBooking => ({
  bookingId: 12,
  caseNumber: 'LOK-2026-00012',
  applicantName: 'Sagene IL',
  recipientType: 'ORGANIZATION',
  orgnr: '998877660',
  channel: 'EHF',
  problem: null,
  lines: [
    line({ id: 101, element: 'LOKALKATEGORI_2', quantity: 150, unitPriceOre: 45_000, amountOre: 112_500 }),
    line({
      id: 102,
      element: 'ETABLERING',
      quantity: 1,
      unitPriceOre: 50_000,
      amountOre: 50_000,
      held: true,
      holdReason: 'Venter på avtale om etablering',
    }),
    line({
      id: 103,
      element: 'TILSYNSVAKT',
      quantity: 90,
      unitPriceOre: 30_000,
      amountOre: 45_000,
      status: 'INVOICED',
      invoiceNumber: 1001,
    }),
  ],
  toInvoiceOre: 112_500,
});

/** A person through the ERP: a credit of the market price and a line added by hand; less is owed, so a credit note. */
export const olaNordmann = (): InvoicingBooking => ({
  bookingId: 13,
  caseNumber: 'LOK-2026-00013',
  applicantName: 'Ola Nordmann',
  recipientType: 'PERSON',
  orgnr: null,
  channel: 'ERP',
  problem: null,
  lines: [
    line({ id: 104, element: 'MARKEDSPRIS', quantity: -1, unitPriceOre: 80_000, amountOre: -80_000 }),
    line({ id: 105, element: 'JUSTERING', quantity: 1, unitPriceOre: 5_000, amountOre: 5_000, manual: true, reason: 'Glemt å låse' }),
  ],
  toInvoiceOre: -75_000,
});

/** An organisation the run cannot invoice. */
export const musikkorps = (): InvoicingBooking => ({
  bookingId: 14,
  caseNumber: 'LOK-2026-00014',
  applicantName: 'Bjølsen Musikkorps',
  recipientType: 'ORGANIZATION',
  orgnr: '912345678',
  channel: 'EHF',
  problem: 'Organisasjonen mangler fakturaadresse i Enhetsregisteret.',
  lines: [line({ id: 106, element: 'LOKALKATEGORI_1', quantity: 60, unitPriceOre: 20_000, amountOre: 20_000 })],
  toInvoiceOre: 20_000,
});

/** A person no switch covers: shown, not invoiced. */
export const kariHansen = (): InvoicingBooking => ({
  bookingId: 15,
  caseNumber: 'LOK-2026-00015',
  applicantName: 'Kari Hansen',
  recipientType: 'PERSON',
  orgnr: null,
  channel: null,
  problem: null,
  lines: [line({ id: 107, element: 'LOKALKATEGORI_3', quantity: 125, unitPriceOre: 10_000, amountOre: 20_833 })],
  toInvoiceOre: 20_833,
});

export const invoiceItem = (fields: Partial<InvoiceSummaryItem> & Pick<InvoiceSummaryItem, 'id' | 'number'>): InvoiceSummaryItem => ({
  kind: 'INVOICE',
  channel: 'EHF',
  bookingId: 12,
  caseNumber: 'LOK-2026-00012',
  recipientName: 'Sagene IL',
  period: '2026-10',
  issueDate: '2026-11-01',
  dueDate: '2026-11-15',
  kid: kidForInvoiceNumber(fields.number),
  amountOre: 45_000,
  delivery: 'SENT',
  ...fields,
});

export const octoberInvoices = (): InvoiceSummaryItem[] => [
  invoiceItem({ id: 501, number: 1001 }),
  invoiceItem({
    id: 502,
    number: 1002,
    kind: 'CREDIT_NOTE',
    channel: 'ERP',
    bookingId: 13,
    caseNumber: 'LOK-2026-00013',
    recipientName: 'Ola Nordmann',
    amountOre: 10_000,
    delivery: 'FAILED',
  }),
];

export const october = (): InvoicingPeriodResponse => ({
  locationId: 7,
  period: '2026-10',
  settings: { enabled: true, paymentTermsDays: 14 },
  bookings: [sageneIl(), olaNordmann(), musikkorps(), kariHansen()],
  invoices: octoberInvoices(),
});

export const emptyMonth = (period: string): InvoicingPeriodResponse => ({
  locationId: 7,
  period,
  settings: { enabled: true, paymentTermsDays: 14 },
  bookings: [],
  invoices: [],
});

/** Twelve months to `to`; each month's sums grow with its index so rows differ. */
export function summaryTo(from: string, to: string): InvoicingSummaryResponse {
  const months: InvoicingSummaryResponse['months'] = [];
  for (let period = from, i = 1; period <= to; period = addPeriodMonths(period, 1), i++) {
    months.push({ period, invoicedOre: i * 100_000, creditedOre: i === 2 ? 10_000 : 0, notInvoicedOre: period === to ? 20_833 : 0 });
  }
  return { locationId: 7, months };
}

import { formatKroner } from '@lokaler/domain/admin-selvkost';
import { invoiceBasisElements, isHourElement, type InvoiceBasisElement } from '@lokaler/domain/invoice-basis';
import {
  invoiceElementText,
  type InvoiceChannel,
  type InvoiceDeliveryStatus,
  type InvoiceKind,
  type InvoicingLine,
} from '@lokaler/domain/invoices';

/** The words of the invoicing page (decision 071): what each value of the contract is called here. */

export const channelText: Record<InvoiceChannel, string> = { EHF: 'EHF', ERP: 'Faktura fra kommunens økonomisystem' };
/** A booking that neither the location's nor its organisation's switch covers is shown, not invoiced. */
export const channelOf = (channel: InvoiceChannel | null) => (channel ? channelText[channel] : 'Faktureres ikke');

export const kindText: Record<InvoiceKind, string> = { INVOICE: 'Faktura', CREDIT_NOTE: 'Kreditnota' };
export const deliveryText: Record<InvoiceDeliveryStatus, string> = { QUEUED: 'I kø', SENT: 'Sendt', FAILED: 'Feilet' };
export const lineKindText: Record<InvoicingLine['kind'], string> = { DEBIT: 'Debet', CREDIT: 'Kreditt' };

export const elementText = (element: InvoicingLine['element']) => invoiceElementText[element];

const isBasisElement = (element: InvoicingLine['element']): element is InvoiceBasisElement =>
  (invoiceBasisElements as readonly string[]).includes(element);
/** An element counted in minutes and priced per hour (a manual line never is). */
const countsHours = (element: InvoicingLine['element']) => isBasisElement(element) && isHourElement(element);

/** Hour elements count minutes (decision 058): shown as hours with up to two decimals, '2,5 t'; the rest in pieces. */
export function quantityText(line: Pick<InvoicingLine, 'element' | 'quantity'>): string {
  // The sign as formatKroner writes it (a hyphen), not nb-NO's U+2212, so a line's quantity and amount read alike.
  const sign = line.quantity < 0 ? '-' : '';
  const magnitude = Math.abs(line.quantity);
  if (countsHours(line.element)) return `${sign}${(magnitude / 60).toLocaleString('nb-NO', { maximumFractionDigits: 2 })} t`;
  return `${sign}${magnitude.toLocaleString('nb-NO')} stk`;
}

/** '450,00 kr per time' for hour elements, '1 500,00 kr' for the rest. */
export function unitPriceText(line: Pick<InvoicingLine, 'element' | 'unitPriceOre'>): string {
  return countsHours(line.element) ? `${formatKroner(line.unitPriceOre)} per time` : formatKroner(line.unitPriceOre);
}

/** 'Åpen', or 'Fakturert (faktura 1001)' once invoiced. */
export function lineStatusText(line: Pick<InvoicingLine, 'status' | 'invoiceNumber'>): string {
  if (line.status === 'OPEN') return 'Åpen';
  return line.invoiceNumber === null ? 'Fakturert' : `Fakturert (faktura ${line.invoiceNumber})`;
}

/** '1 faktura', '2 fakturaer', '1 kreditnota', '2 kreditnotaer' */
export const invoiceCount = (n: number) => `${n} ${n === 1 ? 'faktura' : 'fakturaer'}`;
export const creditNoteCount = (n: number) => `${n} ${n === 1 ? 'kreditnota' : 'kreditnotaer'}`;

import { formatKroner } from '@lokaler/domain/admin-selvkost';
import type { InvoiceDocumentLine, UserInvoice } from '@lokaler/domain/invoices';
import { formatDate, formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';

/** Words and figures of a citizen's invoice (decision 071), as the invoice PDF and the contract write them. */

/** 'Faktura' or 'Kreditnota'. */
export const invoiceKindText: Record<UserInvoice['kind'], string> = { INVOICE: 'Faktura', CREDIT_NOTE: 'Kreditnota' };

/** '2026-11' → 'november 2026'. */
export function formatInvoicePeriod(period: string): string {
  return formatDate(`${period}-01`, 'LLLL yyyy');
}

/** Whole øre → '1 234,50 kr' (the contract's and the reimbursement report's form). */
export const formatInvoiceAmount = formatKroner;

/** 'dd.MM.yyyy' (spec 02 §9). */
export const formatInvoiceDate = formatDateNorwegian;

/** A line's dates: one date, or 'first–last'. */
export function formatLineDates(line: Pick<InvoiceDocumentLine, 'fromDate' | 'toDate'>): string {
  const from = formatDateNorwegian(line.fromDate);
  return line.toDate === line.fromDate ? from : `${from}–${formatDateNorwegian(line.toDate)}`;
}

const decimals = new Intl.NumberFormat('nb-NO', { maximumFractionDigits: 2 });

/** '2,5 timer', '1 time', '1 stk'; a credit line on an invoice '-2 timer', with the hyphen its amount has. */
export function formatLineQuantity(line: Pick<InvoiceDocumentLine, 'quantity' | 'unitCode'>): string {
  const amount = decimals.format(line.quantity).replace('\u2212', '-').replace(/\s/g, ' ');
  if (line.unitCode === 'C62') return `${amount} stk`;
  return `${amount} ${Math.abs(line.quantity) === 1 ? 'time' : 'timer'}`;
}

/**
 * Digits in groups for reading: KID in fours from the left, a Norwegian account number as 4-2-5
 * ('1503 12 34567'). The groups are shown apart by CSS, not by spaces, so a copied KID is digits only.
 */
export function kidGroups(kid: string): string[] {
  return kid.match(/.{1,4}/g) ?? [kid];
}

export function accountNumberGroups(accountNumber: string): string[] {
  const digits = accountNumber.replace(/\D/g, '');
  if (digits.length !== 11) return [accountNumber];
  return [digits.slice(0, 4), digits.slice(4, 6), digits.slice(6)];
}

/** Newest first: by invoice date, then by number. */
export function newestFirst(invoices: readonly UserInvoice[]): UserInvoice[] {
  return [...invoices].sort((a, b) => b.issueDate.localeCompare(a.issueDate) || b.number - a.number);
}

import type { InvoiceDocument, InvoiceDocumentLine, InvoiceParty, InvoiceSeller, PostalAddress } from '@lokaler/domain/invoices';
import { article, h, p, renderDocumentPdf, section, sha256Hex, table } from '../../bookings';
import { hundredths, hundredthsText, kronerText } from './amounts';
import { VAT_EXEMPTION_REASON } from './build-ehf';

/**
 * The invoice or credit note as the citizen downloads it (decision 071): Norwegian, laid out by the
 * stored documents' PDF machinery (PDF/A-2b, embedded DejaVu Sans, decision 055) from HTML made with
 * the same building blocks as the vedtak and the contract. Deterministic: one document gives one file.
 * Amounts as the document states them (positive on both kinds), with a decimal comma and no grouping, so
 * the figures on paper are the figures in the EHF, the ERP file and the citizen's page.
 */

const norwegianDate = (iso: string) => `${iso.slice(8, 10)}.${iso.slice(5, 7)}.${iso.slice(0, 4)}`;
const kroner = (ore: number) => `kr ${kronerText(ore, ',')}`;
/** A Norwegian bank account as it is printed: 1234.56.78903. */
export const accountText = (account: string) =>
  /^\d{11}$/.test(account) ? `${account.slice(0, 4)}.${account.slice(4, 6)}.${account.slice(6)}` : account;
const unitText: Record<InvoiceDocumentLine['unitCode'], string> = { HUR: 'timer', C62: 'stk.' };
const addressLines = (address: PostalAddress | null) => (address ? [address.addressLine, `${address.postalCode} ${address.city}`] : []);

function party(heading: string, who: InvoiceParty | InvoiceSeller, orgnr: string | null): string {
  return section(h(2, heading), p([who.name, ...addressLines(who.address), ...(orgnr ? [`Organisasjonsnummer ${orgnr}`] : [])].join('\n')));
}

function lineRow(line: InvoiceDocumentLine): string[] {
  const dates =
    line.fromDate === line.toDate ? norwegianDate(line.fromDate) : `${norwegianDate(line.fromDate)}–${norwegianDate(line.toDate)}`;
  return [
    line.description,
    dates,
    `${hundredthsText(hundredths(line.quantity), ',')} ${unitText[line.unitCode]}`,
    kronerText(line.unitPriceOre, ','),
    kronerText(line.amountOre, ','),
  ];
}

/** The invoice's HTML: the text the PDF lays out. */
export function invoiceHtml(doc: InvoiceDocument, seller: InvoiceSeller): string {
  const invoice = doc.kind === 'INVOICE';
  const title = invoice ? 'Faktura' : 'Kreditnota';
  const facts = [
    `${title}nummer: ${doc.number}`,
    ...(doc.creditsInvoiceNumber === null ? [] : [`Gjelder faktura: ${doc.creditsInvoiceNumber}`]),
    `Fakturadato: ${norwegianDate(doc.issueDate)}`,
    `Forfallsdato: ${norwegianDate(doc.dueDate)}`,
    `KID: ${doc.kid}`,
    `Kontonummer: ${accountText(seller.accountNumber)}`,
    `Saksnummer: ${doc.caseNumber}`,
    `Deres referanse: ${doc.buyerReference}`,
    `Gjelder: leie av lokaler, ${doc.locationName}, ${doc.period}`,
  ];
  const payment = invoice
    ? `Betal ${kroner(doc.totalOre)} til konto ${accountText(seller.accountNumber)} innen ${norwegianDate(doc.dueDate)}. Bruk KID ${doc.kid}.`
    : `Kreditnotaen gir ${kroner(doc.totalOre)} til gode${doc.creditsInvoiceNumber === null ? '' : ` på faktura ${doc.creditsInvoiceNumber}`}. Beløpet går til fradrag i det som skyldes, eller betales tilbake.`;
  return article(
    h(1, title),
    party('Fra', seller, seller.orgnr),
    party('Til', doc.buyer, doc.buyer.orgnr),
    section(h(2, 'Opplysninger'), p(facts.join('\n'))),
    section(
      h(2, 'Linjer'),
      table(['Beskrivelse', 'Dato', 'Antall', 'Pris (kr)', 'Beløp (kr)'], doc.lines.map(lineRow)),
      h(3, `${invoice ? 'Å betale' : 'Til gode'}: ${kroner(doc.totalOre)}`),
      p(`Merverdiavgift: kr 0,00. ${VAT_EXEMPTION_REASON}.`),
    ),
    section(h(2, invoice ? 'Betaling' : 'Oppgjør'), p(payment), p(`Spørsmål om ${title.toLowerCase()}en: ${seller.contactEmail}`)),
  );
}

/** The invoice (or credit note) as PDF/A-2b bytes. */
export function renderInvoicePdf(doc: InvoiceDocument, seller: InvoiceSeller): Promise<Uint8Array> {
  const html = invoiceHtml(doc, seller);
  return renderDocumentPdf({
    html,
    title: `${doc.kind === 'INVOICE' ? 'Faktura' : 'Kreditnota'} ${doc.number}, saksnummer ${doc.caseNumber}`,
    caseNumber: doc.caseNumber,
    createdAt: new Date(`${doc.issueDate}T12:00:00Z`),
    sha256: sha256Hex(html),
    checksumLabel: 'Sjekksum (SHA-256) for teksten:',
  });
}

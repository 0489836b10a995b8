import type { InvoiceChannel, InvoiceParty, InvoiceSettings, PostalAddress } from '@lokaler/domain/invoices';
import type { InvoicingBookingFacts } from './repository';

/** Who is invoiced and how (decision 071). Pure. */

export const invoicingMessages = {
  zeroAmount: 'Beløpet er 0 kr, så ingen faktura sendes.',
  missingCostCategory: 'Bookingen mangler kostnadskategori, som lokalet krever. Sett kategorien før den kan faktureres.',
  noAddress: (name: string, orgnr: string) =>
    `${name} (org.nr. ${orgnr}) har ingen fakturaadresse i Enhetsregisteret. Ingen faktura er sendt; be organisasjonen registrere en postadresse.`,
  registerUnavailable: (name: string, orgnr: string) =>
    `Fant ikke fakturaadressen til ${name} (org.nr. ${orgnr}): Enhetsregisteret svarte ikke. Ingen faktura er sendt; prøv igjen senere.`,
  nothingToCredit: 'Bookingen har ingen faktura å kreditere. Ingen kreditnota er sendt.',
  notFound: 'Fant ikke lokalet.',
} as const;

export function recipientOf(b: InvoicingBookingFacts): { type: 'ORGANIZATION' | 'PERSON'; orgnr: string | null; name: string } {
  if (b.organizationNumber) return { type: 'ORGANIZATION', orgnr: b.organizationNumber, name: b.organizationName ?? b.organizationNumber };
  return { type: 'PERSON', orgnr: null, name: b.onBehalfOfName ?? b.userName ?? 'Ukjent søker' };
}

/**
 * The channel of a booking's invoices: EHF for an organisation in INVOICE_ORGANIZATIONS at any
 * location (spec 01's invoiceGeneration for fixed organisations); at a location whose own switch is on,
 * EHF for organisations and the ERP for persons. Null when neither covers it: shown, not invoiced.
 */
export function channelOf(b: InvoicingBookingFacts, settings: InvoiceSettings, organizations: readonly string[]): InvoiceChannel | null {
  if (b.organizationNumber && organizations.includes(b.organizationNumber)) return 'EHF';
  if (!settings.enabled) return null;
  return b.organizationNumber ? 'EHF' : 'ERP';
}

/** The buyer as the invoice names it; an organisation's address from the register, a person's is the ERP's business. */
export function buyerOf(b: InvoicingBookingFacts, address: PostalAddress | null): InvoiceParty {
  const recipient = recipientOf(b);
  const email = b.contactEmail ?? (recipient.type === 'PERSON' ? (b.onBehalfOfEmail ?? b.userEmail) : b.userEmail) ?? null;
  return { name: recipient.name, orgnr: recipient.orgnr, address, email };
}

/** The applicant's name as the buyer's reference (EHF BuyerReference), else the case number. */
export function buyerReferenceOf(b: InvoicingBookingFacts): string {
  return b.organizationNumber ? (b.onBehalfOfName ?? b.userName ?? b.caseNumber) : b.caseNumber;
}

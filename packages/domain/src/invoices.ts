import { z } from 'zod';
import { manualInvoiceElements, storedInvoiceElements } from './invoice-basis';

/**
 * Invoices for rentals (decision 071): the `invoiceGeneration` switch turned into invoices. The invoice
 * basis (decision 058, invoice-basis.ts) says what a booking owes per price element and month; an
 * invoice run takes a location's OPEN lines of one month that are not held, per booking, and makes one
 * invoice (or credit note) per booking and month. Organisations get EHF (PEPPOL BIS Billing 3.0) through
 * the access point; persons go to the city's ERP as one export file per run. Amounts are whole øre.
 * This file is the contract between the server's invoicing module, its document builders and the SPAs.
 */

const period = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Perioden må være en måned (ÅÅÅÅ-MM).');

/** The lines an administrator adds by hand, each with a reason (never touched by the reconciliation). */
export { manualInvoiceElements, type ManualInvoiceElement } from './invoice-basis';
export const invoiceLineElements = storedInvoiceElements;
export type InvoiceLineElement = (typeof invoiceLineElements)[number];

/** The words for each element on the invoice, the PDF, the EHF line name and the admin's pages. */
export const invoiceElementText: Record<InvoiceLineElement, string> = {
  LOKALKATEGORI_1: 'Leie, lokalkategori 1',
  LOKALKATEGORI_2: 'Leie, lokalkategori 2',
  LOKALKATEGORI_3: 'Leie, lokalkategori 3',
  ETABLERING: 'Etableringsgebyr',
  TILSYNSVAKT: 'Tilsynsvakt',
  MARKEDSPRIS: 'Leie, markedspris',
  JUSTERING: 'Justering',
  EKSTRA_RENHOLD: 'Ekstra renhold',
};

// ---------------------------------------------------------------------------------------------
// KID (kundeidentifikasjon) with a MOD10 (Luhn) check digit, as Norwegian banks read it.

/** The MOD10 (Luhn) check digit of a string of digits. */
export function mod10CheckDigit(digits: string): string {
  if (!/^\d+$/.test(digits)) throw new Error('mod10CheckDigit: digits only');
  let sum = 0;
  for (let i = 0; i < digits.length; i++) {
    // From the right, the rightmost digit of the base is doubled.
    let d = Number(digits[digits.length - 1 - i]);
    if (i % 2 === 0) {
      d *= 2;
      if (d > 9) d -= 9;
    }
    sum += d;
  }
  return String((10 - (sum % 10)) % 10);
}

/** The KID of an invoice number: the number padded to 9 digits, then its MOD10 check digit (10 digits). */
export function kidForInvoiceNumber(invoiceNumber: number): string {
  if (!Number.isInteger(invoiceNumber) || invoiceNumber < 1 || invoiceNumber > 999_999_999) {
    throw new Error('kidForInvoiceNumber: 1 to 999,999,999');
  }
  const base = String(invoiceNumber).padStart(9, '0');
  return base + mod10CheckDigit(base);
}

/** Whether a KID's last digit is its MOD10 check digit. */
export function isValidMod10Kid(kid: string): boolean {
  return /^\d{2,25}$/.test(kid) && mod10CheckDigit(kid.slice(0, -1)) === kid.slice(-1);
}

// ---------------------------------------------------------------------------------------------
// The document: what one invoice says, whatever it becomes (EHF, an ERP export row, a PDF, a page).

export const invoiceKinds = ['INVOICE', 'CREDIT_NOTE'] as const;
export type InvoiceKind = (typeof invoiceKinds)[number];
/** EHF to an organisation through the access point; ERP for a person (the city's own invoicing). */
export const invoiceChannels = ['EHF', 'ERP'] as const;
export type InvoiceChannel = (typeof invoiceChannels)[number];
/** QUEUED: made, waiting in the outbox; SENT: the access point or ERP took it; FAILED: refused for good (see the log). */
export const invoiceDeliveryStatuses = ['QUEUED', 'SENT', 'FAILED'] as const;
export type InvoiceDeliveryStatus = (typeof invoiceDeliveryStatuses)[number];

export const postalAddress = z.object({
  /** Street and number, or a post box; may be two lines joined by ', '. */
  addressLine: z.string().min(1),
  postalCode: z.string().min(1),
  city: z.string().min(1),
  /** ISO 3166-1 alpha-2; 'NO' in practice. */
  countryCode: z.string().length(2),
});
export type PostalAddress = z.infer<typeof postalAddress>;

export const invoiceParty = z.object({
  name: z.string().min(1),
  /** 9 digits for an organisation (EHF endpoint scheme 0192); null for a person. */
  orgnr: z
    .string()
    .regex(/^\d{9}$/)
    .nullable(),
  address: postalAddress.nullable(),
  email: z.string().nullable(),
});
export type InvoiceParty = z.infer<typeof invoiceParty>;

/** The city as seller: from configuration (INVOICE_SELLER_*), the same on every invoice. */
export interface InvoiceSeller {
  name: string;
  orgnr: string;
  address: PostalAddress;
  /** Norwegian bank account, 11 digits. */
  accountNumber: string;
  /** Where the buyer asks about the invoice. */
  contactEmail: string;
  /** Whether the city is registered for VAT (MVA); letting of premises is exempt either way. */
  vatRegistered: boolean;
}

export const invoiceDocumentLine = z.object({
  element: z.enum(invoiceLineElements),
  /** The element's words (invoiceElementText), with the room category or the reason where it helps. */
  description: z.string(),
  /** 'HUR' hours (hour elements), 'C62' pieces: UN/ECE rec 20, as EHF wants them. */
  unitCode: z.enum(['HUR', 'C62']),
  /** Hours with up to two decimals for HUR (minutes / 60), pieces for C62. Negative for a credit basis line that goes on an invoice. */
  quantity: z.number(),
  unitPriceOre: z.number().int(),
  /**
   * quantity × unit price, rounded to the øre as the basis line has it. On an INVOICE a credit basis line is a
   * negative line; on a CREDIT_NOTE every sign is turned, so what it gives back is positive.
   */
  amountOre: z.number().int(),
  /** The first and last date of the times the line covers. */
  fromDate: z.string(),
  toDate: z.string(),
});
export type InvoiceDocumentLine = z.infer<typeof invoiceDocumentLine>;

/** One invoice or credit note, complete: what the EHF, the ERP row, the PDF and the pages are built from. */
export const invoiceDocument = z.object({
  id: z.number().int(),
  /** Sequential, unique across the city; the KID is made from it. */
  number: z.number().int(),
  kind: z.enum(invoiceKinds),
  channel: z.enum(invoiceChannels),
  bookingId: z.number().int(),
  caseNumber: z.string(),
  locationName: z.string(),
  period,
  /** YYYY-MM-DD, Oslo's calendar. */
  issueDate: z.string(),
  dueDate: z.string(),
  kid: z.string(),
  buyer: invoiceParty,
  /** The buyer's own reference (EHF BuyerReference): the applicant's name, or the case number. */
  buyerReference: z.string(),
  lines: z.array(invoiceDocumentLine).min(1),
  /** Sum of the lines; positive on both kinds. No VAT: letting of premises is exempt (category E). */
  totalOre: z.number().int().positive(),
  /** A credit note names the invoice it credits (EHF BillingReference); null on an invoice. */
  creditsInvoiceNumber: z.number().int().nullable(),
});
export type InvoiceDocument = z.infer<typeof invoiceDocument>;

// ---------------------------------------------------------------------------------------------
// The API.

/** GET/PUT /api/admin/location/{id}/invoice-settings: the location's own switch (besides the organisations' switch). */
export const invoiceSettings = z.object({
  /** Invoice every priced booking at this location (organisations by EHF, persons through the ERP). */
  enabled: z.boolean(),
  /** Days from the invoice date to the due date. */
  paymentTermsDays: z.number().int().min(7, 'Betalingsfristen må være minst 7 dager.').max(60, 'Betalingsfristen kan være høyst 60 dager.'),
});
export type InvoiceSettings = z.infer<typeof invoiceSettings>;

/** A line of the basis as the case officer sees it: the basis line, plus whether it is held and why. */
export const invoicingLine = z.object({
  /** The basis line's id (manual lines have their own ids in the same sequence). */
  id: z.number().int(),
  element: z.enum(invoiceLineElements),
  period,
  quantity: z.number().int(),
  unitPriceOre: z.number().int(),
  amountOre: z.number().int(),
  kind: z.enum(['DEBIT', 'CREDIT']),
  status: z.enum(['OPEN', 'INVOICED']),
  /** Added by an administrator (JUSTERING, EKSTRA_RENHOLD): with its reason. */
  manual: z.boolean(),
  reason: z.string().nullable(),
  /** Held lines are left out of the run until released; the reason is logged. */
  held: z.boolean(),
  holdReason: z.string().nullable(),
  /** The invoice the line went on, once invoiced. */
  invoiceNumber: z.number().int().nullable(),
});
export type InvoicingLine = z.infer<typeof invoicingLine>;

/** One booking in the month's Fakturagrunnlag. */
export const invoicingBooking = z.object({
  bookingId: z.number().int(),
  caseNumber: z.string(),
  applicantName: z.string(),
  /** Who the invoice goes to, as far as known before the run (the address is looked up at the run). */
  recipientType: z.enum(['ORGANIZATION', 'PERSON']),
  orgnr: z.string().nullable(),
  /** EHF or ERP when invoicing is on for this booking; null when neither switch covers it (shown, not invoiced). */
  channel: z.enum(invoiceChannels).nullable(),
  /** Why the run cannot invoice the booking, in Norwegian; null when nothing stands in the way. */
  problem: z.string().nullable(),
  lines: z.array(invoicingLine),
  /** The OPEN, not held lines of the month: what the run will invoice (negative: a credit note). */
  toInvoiceOre: z.number().int(),
});
export type InvoicingBooking = z.infer<typeof invoicingBooking>;

export const invoiceSummaryItem = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(invoiceKinds),
  channel: z.enum(invoiceChannels),
  bookingId: z.number().int(),
  caseNumber: z.string(),
  recipientName: z.string(),
  period,
  issueDate: z.string(),
  dueDate: z.string(),
  kid: z.string(),
  /** Positive on both kinds (a credit note's amount is what it gives back). */
  amountOre: z.number().int(),
  delivery: z.enum(invoiceDeliveryStatuses),
});
export type InvoiceSummaryItem = z.infer<typeof invoiceSummaryItem>;

/** GET /api/admin/location/{id}/invoicing?period=YYYY-MM */
export const invoicingPeriodResponse = z.object({
  locationId: z.number().int(),
  period,
  settings: invoiceSettings,
  bookings: z.array(invoicingBooking),
  /** The invoices already made for the location and month. */
  invoices: z.array(invoiceSummaryItem),
});
export type InvoicingPeriodResponse = z.infer<typeof invoicingPeriodResponse>;

export const invoicingPeriodQuery = z.object({ period });

/** PUT /api/admin/booking/{id}/invoice-basis/hold: hold (with a reason) or release the booking's lines of one element and month. */
export const invoiceHoldRequest = z.discriminatedUnion('held', [
  z.object({
    held: z.literal(true),
    period,
    element: z.enum(invoiceLineElements),
    reason: z.string().trim().min(1, 'Skriv hvorfor linjen holdes tilbake.').max(500),
  }),
  z.object({ held: z.literal(false), period, element: z.enum(invoiceLineElements) }),
]);
export type InvoiceHoldRequest = z.infer<typeof invoiceHoldRequest>;

/** POST /api/admin/booking/{id}/invoice-basis/adjustments: a line added by hand, with its reason. */
export const invoiceAdjustmentRequest = z.object({
  period,
  element: z.enum(manualInvoiceElements),
  /** Positive adds to what is owed, negative takes off; never 0. */
  amountOre: z
    .number()
    .int()
    .refine((n) => n !== 0, 'Beløpet kan ikke være 0.')
    .refine((n) => Math.abs(n) <= 100_000_000, 'Beløpet er for stort.'),
  reason: z.string().trim().min(1, 'Skriv hvorfor linjen legges til.').max(500),
});
export type InvoiceAdjustmentRequest = z.infer<typeof invoiceAdjustmentRequest>;

/** POST /api/admin/location/{id}/invoicing/run: make and send the month's invoices, in one action. */
export const invoiceRunRequest = z.object({ period });
export type InvoiceRunRequest = z.infer<typeof invoiceRunRequest>;

export const invoiceRunResponse = z.object({
  period,
  made: z.array(invoiceSummaryItem),
  /** Bookings with lines to invoice that the run left, each with the reason in Norwegian. */
  skipped: z.array(z.object({ bookingId: z.number().int(), caseNumber: z.string(), applicantName: z.string(), reason: z.string() })),
});
export type InvoiceRunResponse = z.infer<typeof invoiceRunResponse>;

/** GET /api/admin/location/{id}/invoicing/summary?from=YYYY-MM&to=YYYY-MM: 'Fakturert / kreditert / ikke fakturert'. */
export const invoicingSummaryQuery = z.object({ from: period, to: period });
export const invoicingSummaryResponse = z.object({
  locationId: z.number().int(),
  months: z.array(
    z.object({
      period,
      /** Sum of the month's invoices. */
      invoicedOre: z.number().int(),
      /** Sum of the month's credit notes (positive). */
      creditedOre: z.number().int(),
      /** OPEN lines of the month (held or not), debits less credits. */
      notInvoicedOre: z.number().int(),
    }),
  ),
});
export type InvoicingSummaryResponse = z.infer<typeof invoicingSummaryResponse>;

/** The citizen's view of one invoice: GET /api/user/invoices (all of the effective user's) and /api/user/booking/{id}/invoices. */
export const userInvoice = z.object({
  id: z.number().int(),
  number: z.number().int(),
  kind: z.enum(invoiceKinds),
  bookingId: z.number().int(),
  caseNumber: z.string(),
  locationName: z.string(),
  period,
  issueDate: z.string(),
  dueDate: z.string(),
  kid: z.string(),
  amountOre: z.number().int(),
  accountNumber: z.string(),
  /** 'Sendt' once delivered, 'Under sending' while queued, 'Kreditert' when a later credit note gives all of it back. */
  status: z.enum(['SENDT', 'UNDER_SENDING', 'KREDITERT']),
  lines: z.array(invoiceDocumentLine),
  /** GET /api/user/invoices/{id}/pdf */
  pdfUrl: z.string(),
});
export type UserInvoice = z.infer<typeof userInvoice>;
export const userInvoicesResponse = z.array(userInvoice);

/** The words of a citizen's invoice status. */
export const userInvoiceStatusText: Record<UserInvoice['status'], string> = {
  SENDT: 'Sendt',
  UNDER_SENDING: 'Under sending',
  KREDITERT: 'Kreditert',
};

/**
 * One delivery of the booking's invoices as the administrator's log shows it (GET
 * /api/booking-log/{id}/invoice-messages, beside the archive messages): an EHF document to the access
 * point, or the run's ERP file that holds the booking's invoice. A refused document is FAILED with the
 * receiver's words and not tried again; any other failure is RETRYING until it goes through.
 */
export const invoiceMessage = z.object({
  id: z.number().int(),
  channel: z.enum(invoiceChannels),
  /** The booking's invoices the message carries (an ERP file carries other bookings' too). */
  invoiceNumbers: z.array(z.number().int()),
  messageId: z.string(),
  createdTimeUtc: z.string(),
  status: z.enum(['PENDING', 'RETRYING', 'SENT', 'FAILED']),
  sentTimeUtc: z.string().nullable(),
  /** When it is tried next; null once sent or failed for good. */
  nextAttemptTimeUtc: z.string().nullable(),
  attempts: z.number().int(),
  lastError: z.string().nullable(),
  receiptId: z.string().nullable(),
});
export type InvoiceMessage = z.infer<typeof invoiceMessage>;
export const invoiceMessages = z.array(invoiceMessage);

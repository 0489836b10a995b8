import type { InvoiceDocument, InvoiceDocumentLine, InvoiceParty, InvoiceSeller, PostalAddress } from '@lokaler/domain/invoices';
import { hundredths, hundredthsText, kronerText, monthBounds } from './amounts';
import { leaf, node, xmlDocument, type XmlElement } from './xml';

/**
 * An invoice or credit note to an organisation as EHF: PEPPOL BIS Billing 3.0, UBL 2.1 (decision 071).
 * docs/invoicing.md maps every element to its business term (BT) and names the rules the tests check.
 * The elements are written in the order the UBL 2.1 schema's sequences require (the schema refuses any
 * other order); the test holds the sequences as a table and checks every element against it.
 */

export const EHF_CUSTOMIZATION_ID = 'urn:cen.eu:en16931:2017#compliant#urn:fdc:peppol.eu:2017:poacc:billing:3.0';
export const EHF_PROFILE_ID = 'urn:fdc:peppol.eu:2017:poacc:billing:01:1.0';
/** ISO 6523 ICD of the Norwegian organisation number (Enhetsregisteret): the endpoint and legal id scheme. */
export const NORWEGIAN_ORGNR_SCHEME = '0192';
/** Letting of premises is exempt from VAT (category E), whether or not the city is registered. */
export const VAT_EXEMPTION_REASON = 'Utleie av fast eiendom er unntatt fra merverdiavgift, jf. mval. § 3-11';
/** UNCL 4461: credit transfer (bank giro with KID). */
const CREDIT_TRANSFER = '30';

const NS = {
  Invoice: 'urn:oasis:names:specification:ubl:schema:xsd:Invoice-2',
  CreditNote: 'urn:oasis:names:specification:ubl:schema:xsd:CreditNote-2',
  cac: 'urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2',
  cbc: 'urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2',
};

const money = (ore: number) => ({ text: kronerText(ore), attributes: { currencyID: 'NOK' } });
const amount = (name: string, ore: number) => leaf(`cbc:${name}`, money(ore).text, money(ore).attributes);

/**
 * A line's quantity and price as EHF states them, so that quantity × price ÷ base quantity is the line's
 * amount within the 0.02 PEPPOL-EN16931-R120 allows, with a price that is never negative (BR-27):
 * - the plain case: the document's quantity and unit price (a negative unit price turns the quantity's sign);
 * - hours that are not whole hundredths (20 minutes are 0.33 hours): the minutes (MIN) at the hourly price
 *   per 60 minutes (base quantity, BT-149), which is exact and keeps the price per hour;
 * - an amount that is a difference of earlier lines: the line's amount as the price of its quantity;
 * - no quantity, or one of the other sign than the amount: one piece (C62) at the amount.
 */
export function ehfLinePrice(line: InvoiceDocumentLine): {
  quantityHundredths: number;
  unitCode: string;
  priceOre: number;
  baseQuantityHundredths: number | null;
} {
  let quantity = hundredths(line.quantity);
  let price = line.unitPriceOre;
  if (price < 0) [quantity, price] = [-quantity, -price];
  const a = line.amountOre;
  // |q/100 × p − a| ≤ 2 øre, in whole numbers: |q × p − 100 a| ≤ 200.
  if (Math.abs(quantity * price - 100 * a) <= 200)
    return { quantityHundredths: quantity, unitCode: line.unitCode, priceOre: price, baseQuantityHundredths: null };
  if (a === 0) return { quantityHundredths: quantity, unitCode: line.unitCode, priceOre: 0, baseQuantityHundredths: null };
  // Hours with two decimals are whole minutes rounded (at most 0.3 minutes off), so the minutes come back exactly.
  const minutes = line.unitCode === 'HUR' ? Math.sign(quantity) * Math.round((Math.abs(quantity) * 60) / 100) : 0;
  // |minutes × p / 60 − a| ≤ 2 øre, in whole numbers.
  if (minutes !== 0 && Math.abs(minutes * price - 60 * a) <= 120)
    return { quantityHundredths: minutes * 100, unitCode: 'MIN', priceOre: price, baseQuantityHundredths: 6000 };
  if (quantity !== 0 && Math.sign(quantity) === Math.sign(a))
    return { quantityHundredths: quantity, unitCode: line.unitCode, priceOre: Math.abs(a), baseQuantityHundredths: Math.abs(quantity) };
  return { quantityHundredths: Math.sign(a) * 100, unitCode: 'C62', priceOre: Math.abs(a), baseQuantityHundredths: null };
}

function postalAddress(address: PostalAddress): XmlElement | null {
  // The contract joins two address lines with ', ' (invoices.ts): the second goes to AdditionalStreetName (BT-36 / BT-51).
  const [street, ...rest] = address.addressLine.split(', ');
  return node('cac:PostalAddress', [
    leaf('cbc:StreetName', street),
    leaf('cbc:AdditionalStreetName', rest.join(', ')),
    leaf('cbc:CityName', address.city),
    leaf('cbc:PostalZone', address.postalCode),
    node('cac:Country', [leaf('cbc:IdentificationCode', address.countryCode)]),
  ]);
}

const taxScheme = (id: string) => node('cac:TaxScheme', [leaf('cbc:ID', id)]);
const categoryE = (name: 'cac:TaxCategory' | 'cac:ClassifiedTaxCategory', withReason: boolean) =>
  node(name, [
    leaf('cbc:ID', 'E'),
    leaf('cbc:Percent', '0'),
    withReason && leaf('cbc:TaxExemptionReason', VAT_EXEMPTION_REASON),
    taxScheme('VAT'),
  ]);

function sellerParty(seller: InvoiceSeller): XmlElement | null {
  // BR-E-02: an invoice with category E names the seller's VAT id (BT-31) or tax registration id (BT-32).
  // Registered: 'NO…MVA' (NO-R-001) and 'Foretaksregisteret' (NO-R-002). Not registered: the
  // organisation number as the tax registration id, since the seller has no VAT id to give.
  const taxSchemes = seller.vatRegistered
    ? [
        node('cac:PartyTaxScheme', [leaf('cbc:CompanyID', `NO${seller.orgnr}MVA`), taxScheme('VAT')]),
        node('cac:PartyTaxScheme', [leaf('cbc:CompanyID', 'Foretaksregisteret'), taxScheme('TAX')]),
      ]
    : [node('cac:PartyTaxScheme', [leaf('cbc:CompanyID', seller.orgnr), taxScheme('TAX')])];
  return node('cac:AccountingSupplierParty', [
    node('cac:Party', [
      leaf('cbc:EndpointID', seller.orgnr, { schemeID: NORWEGIAN_ORGNR_SCHEME }),
      node('cac:PartyName', [leaf('cbc:Name', seller.name)]),
      postalAddress(seller.address),
      ...taxSchemes,
      node('cac:PartyLegalEntity', [
        leaf('cbc:RegistrationName', seller.name),
        leaf('cbc:CompanyID', seller.orgnr, { schemeID: NORWEGIAN_ORGNR_SCHEME }),
      ]),
      node('cac:Contact', [leaf('cbc:ElectronicMail', seller.contactEmail)]),
    ]),
  ]);
}

function buyerParty(buyer: InvoiceParty & { orgnr: string; address: PostalAddress }): XmlElement | null {
  return node('cac:AccountingCustomerParty', [
    node('cac:Party', [
      leaf('cbc:EndpointID', buyer.orgnr, { schemeID: NORWEGIAN_ORGNR_SCHEME }),
      node('cac:PartyName', [leaf('cbc:Name', buyer.name)]),
      postalAddress(buyer.address),
      node('cac:PartyLegalEntity', [
        leaf('cbc:RegistrationName', buyer.name),
        leaf('cbc:CompanyID', buyer.orgnr, { schemeID: NORWEGIAN_ORGNR_SCHEME }),
      ]),
      node('cac:Contact', [leaf('cbc:ElectronicMail', buyer.email)]),
    ]),
  ]);
}

const period = (from: string, to: string) => node('cac:InvoicePeriod', [leaf('cbc:StartDate', from), leaf('cbc:EndDate', to)]);

function line(kind: 'Invoice' | 'CreditNote', documentLine: InvoiceDocumentLine, index: number): XmlElement | null {
  const price = ehfLinePrice(documentLine);
  return node(`cac:${kind}Line`, [
    leaf('cbc:ID', index + 1),
    leaf(kind === 'Invoice' ? 'cbc:InvoicedQuantity' : 'cbc:CreditedQuantity', hundredthsText(price.quantityHundredths), {
      unitCode: price.unitCode,
    }),
    amount('LineExtensionAmount', documentLine.amountOre),
    period(documentLine.fromDate, documentLine.toDate),
    node('cac:Item', [
      leaf('cbc:Name', documentLine.description),
      node('cac:SellersItemIdentification', [leaf('cbc:ID', documentLine.element)]),
      categoryE('cac:ClassifiedTaxCategory', false),
    ]),
    node('cac:Price', [
      amount('PriceAmount', price.priceOre),
      price.baseQuantityHundredths !== null &&
        leaf('cbc:BaseQuantity', hundredthsText(price.baseQuantityHundredths), { unitCode: price.unitCode }),
    ]),
  ]);
}

/** The EHF XML (UTF-8) of an invoice (doc.kind INVOICE) or a credit note (CREDIT_NOTE) to an organisation. */
export function buildEhf(doc: InvoiceDocument, seller: InvoiceSeller): string {
  const { buyer } = doc;
  if (!buyer.orgnr || !buyer.address) throw new Error(`EHF ${doc.number}: kjøperen må ha organisasjonsnummer og fakturaadresse`);
  const linesOre = doc.lines.reduce((sum, l) => sum + l.amountOre, 0);
  // BR-CO-10 and the reconciliation: the document's total is its lines' sum, or something upstream is wrong.
  if (doc.totalOre <= 0) throw new Error(`EHF ${doc.number}: totalen må være positiv, også på en kreditnota`);
  if (linesOre !== doc.totalOre) throw new Error(`EHF ${doc.number}: linjene summerer til ${linesOre} øre, totalen er ${doc.totalOre}`);
  const kind = doc.kind === 'INVOICE' ? 'Invoice' : 'CreditNote';

  // The invoicing period (BG-14) covers the month and every line's dates (PEPPOL-EN16931-R110/R111).
  const month = monthBounds(doc.period);
  const from = [month.first, ...doc.lines.map((l) => l.fromDate)].sort()[0]!;
  const to = [month.last, ...doc.lines.map((l) => l.toDate)].sort().at(-1)!;

  const terms =
    kind === 'Invoice'
      ? `Betales innen ${doc.dueDate} til konto ${seller.accountNumber}. Bruk KID ${doc.kid}.`
      : `Kreditnota${doc.creditsInvoiceNumber === null ? '' : ` for faktura ${doc.creditsInvoiceNumber}`}. Beløpet går til fradrag i det som skyldes, eller betales tilbake.`;

  const root = node(
    kind,
    [
      leaf('cbc:CustomizationID', EHF_CUSTOMIZATION_ID),
      leaf('cbc:ProfileID', EHF_PROFILE_ID),
      leaf('cbc:ID', doc.number),
      leaf('cbc:IssueDate', doc.issueDate),
      kind === 'Invoice' && leaf('cbc:DueDate', doc.dueDate),
      leaf(kind === 'Invoice' ? 'cbc:InvoiceTypeCode' : 'cbc:CreditNoteTypeCode', kind === 'Invoice' ? '380' : '381'),
      leaf('cbc:Note', `Leie av lokaler, ${doc.locationName}, ${doc.period}. Saksnummer ${doc.caseNumber}.`),
      leaf('cbc:DocumentCurrencyCode', 'NOK'),
      leaf('cbc:BuyerReference', doc.buyerReference),
      period(from, to),
      doc.creditsInvoiceNumber !== null &&
        node('cac:BillingReference', [node('cac:InvoiceDocumentReference', [leaf('cbc:ID', doc.creditsInvoiceNumber)])]),
      sellerParty(seller),
      buyerParty({ ...buyer, orgnr: buyer.orgnr, address: buyer.address }),
      node('cac:PaymentMeans', [
        leaf('cbc:PaymentMeansCode', CREDIT_TRANSFER),
        // A credit note has no DueDate in UBL 2.1; its BT-9 is the payment means' due date.
        kind === 'CreditNote' && leaf('cbc:PaymentDueDate', doc.dueDate),
        leaf('cbc:PaymentID', doc.kid),
        node('cac:PayeeFinancialAccount', [leaf('cbc:ID', seller.accountNumber)]),
      ]),
      node('cac:PaymentTerms', [leaf('cbc:Note', terms)]),
      node('cac:TaxTotal', [
        amount('TaxAmount', 0),
        node('cac:TaxSubtotal', [amount('TaxableAmount', linesOre), amount('TaxAmount', 0), categoryE('cac:TaxCategory', true)]),
      ]),
      node('cac:LegalMonetaryTotal', [
        amount('LineExtensionAmount', linesOre),
        amount('TaxExclusiveAmount', linesOre),
        amount('TaxInclusiveAmount', linesOre),
        amount('PayableAmount', linesOre),
      ]),
      ...doc.lines.map((l, i) => line(kind, l, i)),
    ],
    { xmlns: NS[kind], 'xmlns:cac': NS.cac, 'xmlns:cbc': NS.cbc },
  );
  return xmlDocument(root!);
}

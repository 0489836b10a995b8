import fc from 'fast-check';
import {
  invoiceElementText,
  kidForInvoiceNumber,
  type InvoiceDocument,
  type InvoiceDocumentLine,
  type InvoiceKind,
  type InvoiceSeller,
} from '@lokaler/domain/invoices';
import { monthBounds } from '../amounts';

/** Test data for the document builders' tests: fixed examples and fast-check arbitraries of whole documents. */

/** A 9-digit organisation number with a valid MOD11 check digit (as Enhetsregisteret gives them). */
export function orgnrWithCheckDigit(base8: string): string | null {
  const weights = [3, 2, 7, 6, 5, 4, 3, 2];
  const sum = [...base8].reduce((s, d, i) => s + Number(d) * weights[i]!, 0);
  const check = (11 - (sum % 11)) % 11;
  return check === 10 ? null : `${base8}${check}`;
}

export const seller: InvoiceSeller = {
  name: 'Oslo kommune, Utdanningsetaten',
  orgnr: '974590972',
  address: { addressLine: 'Postboks 6127 Etterstad', postalCode: '0602', city: 'Oslo', countryCode: 'NO' },
  accountNumber: '60110569788',
  contactEmail: 'faktura.lokaler@oslo.kommune.no',
  vatRegistered: true,
};

// `+ 0` turns -0 into 0: the documents never hold a negative zero.
const hours = (minutes: number) => Math.round((minutes / 60) * 100) / 100 + 0;

export const exampleLines: InvoiceDocumentLine[] = [
  {
    element: 'LOKALKATEGORI_2',
    description: `${invoiceElementText.LOKALKATEGORI_2} (gymsal)`,
    unitCode: 'HUR',
    quantity: hours(260),
    unitPriceOre: 45_000,
    amountOre: Math.round((260 * 45_000) / 60),
    fromDate: '2026-10-06',
    toDate: '2026-10-27',
  },
  {
    element: 'ETABLERING',
    description: invoiceElementText.ETABLERING,
    unitCode: 'C62',
    quantity: 1,
    unitPriceOre: 50_000,
    amountOre: 50_000,
    fromDate: '2026-10-06',
    toDate: '2026-10-06',
  },
  {
    element: 'TILSYNSVAKT',
    description: `${invoiceElementText.TILSYNSVAKT}, avlyst time`,
    unitCode: 'HUR',
    quantity: hours(-20),
    unitPriceOre: 30_000,
    amountOre: -10_000,
    fromDate: '2026-10-13',
    toDate: '2026-10-13',
  },
];

export function exampleDocument(kind: InvoiceKind = 'INVOICE', overrides: Partial<InvoiceDocument> = {}): InvoiceDocument {
  // A credit note's lines are what it gives back: the same shape, positive in sum (invoices.ts).
  const lines = exampleLines;
  const number = kind === 'INVOICE' ? 1042 : 1043;
  return {
    id: number,
    number,
    kind,
    channel: 'EHF',
    bookingId: 77,
    caseNumber: 'LOK-2026-00077',
    locationName: 'Bjølsen skole',
    period: '2026-10',
    issueDate: '2026-11-02',
    dueDate: '2026-11-16',
    kid: kidForInvoiceNumber(number),
    buyer: {
      name: 'Idrettslaget Ørn & Co <Bjølsen>',
      orgnr: '923609016',
      address: { addressLine: 'Sandakerveien 24, inngang B', postalCode: '0473', city: 'Oslo', countryCode: 'NO' },
      email: 'post@orn-il.no',
    },
    buyerReference: 'Kari Nordmann',
    lines,
    totalOre: lines.reduce((s, l) => s + l.amountOre, 0),
    creditsInvoiceNumber: kind === 'INVOICE' ? null : 1042,
    ...overrides,
  };
}

const text = fc.stringMatching(/^[A-Za-zÆØÅæøå0-9 .,&<>"'()-]{1,40}$/).filter((s) => s.trim().length > 0);
const date = (period: string) =>
  fc.integer({ min: 1, max: Number(monthBounds(period).last.slice(8)) }).map((d) => `${period}-${String(d).padStart(2, '0')}`);

const lineArbitrary = (period: string): fc.Arbitrary<InvoiceDocumentLine> =>
  fc
    .record({
      shape: fc.constantFrom('hours', 'piece', 'difference', 'manual'),
      element: fc.constantFrom(...(Object.keys(invoiceElementText) as InvoiceDocumentLine['element'][])),
      minutes: fc.integer({ min: -3000, max: 3000 }).filter((m) => m !== 0),
      price: fc.integer({ min: 1, max: 2_000_000 }),
      amount: fc.integer({ min: -5_000_000, max: 5_000_000 }).filter((a) => a !== 0),
      sign: fc.constantFrom(1, -1),
      description: text,
      from: date(period),
      to: date(period),
    })
    .map(({ shape, element, minutes, price, amount, sign, description, from, to }) => {
      const dates = { fromDate: from < to ? from : to, toDate: from < to ? to : from };
      if (shape === 'hours' || shape === 'difference')
        return {
          element,
          description,
          unitCode: 'HUR' as const,
          quantity: hours(minutes),
          unitPriceOre: price,
          // A difference line: what is owed now less what an earlier invoice had, not quantity × price.
          amountOre: shape === 'hours' ? Math.round((minutes * price) / 60) + 0 : amount,
          ...dates,
        };
      if (shape === 'piece')
        return { element, description, unitCode: 'C62' as const, quantity: sign, unitPriceOre: price, amountOre: sign * price, ...dates };
      // A line added by hand: one piece at the amount, which may be negative.
      return { element, description, unitCode: 'C62' as const, quantity: 1, unitPriceOre: amount, amountOre: amount, ...dates };
    });

/** Whole documents of both kinds, with debit and credit lines, to an organisation (EHF) or a person (ERP). */
export const documentArbitrary = (channel: 'EHF' | 'ERP' = 'EHF'): fc.Arbitrary<InvoiceDocument> =>
  fc
    .record({
      year: fc.integer({ min: 2024, max: 2028 }),
      month: fc.integer({ min: 1, max: 12 }),
      number: fc.integer({ min: 1, max: 999_999_999 }),
      kind: fc.constantFrom<InvoiceKind>('INVOICE', 'CREDIT_NOTE'),
      orgBase: fc.stringMatching(/^[89]\d{7}$/),
      name: text,
      reference: text,
      addressLine: text,
      withAddress: fc.boolean(),
      credits: fc.option(fc.integer({ min: 1, max: 999_999_999 }), { nil: null }),
      caseNumber: fc.integer({ min: 1, max: 99_999 }).map((n) => `LOK-2026-${String(n).padStart(5, '0')}`),
      location: text,
      days: fc.integer({ min: 7, max: 60 }),
    })
    .chain((r) => {
      const period = `${r.year}-${String(r.month).padStart(2, '0')}`;
      return fc.tuple(fc.constant(r), fc.constant(period), fc.array(lineArbitrary(period), { minLength: 1, maxLength: 8 }));
    })
    .map(([r, period, raw]) => {
      // Invoices and credit notes both have a positive total: a negative sum is the other kind's lines.
      const sum = raw.reduce((s, l) => s + l.amountOre, 0);
      const lines = sum < 0 ? raw.map((l) => ({ ...l, quantity: -l.quantity + 0, amountOre: -l.amountOre + 0 })) : raw;
      const orgnr = orgnrWithCheckDigit(r.orgBase) ?? '923609016';
      const issueDate = monthBounds(period).last;
      const due = new Date(`${issueDate}T12:00:00Z`);
      due.setUTCDate(due.getUTCDate() + r.days);
      return {
        id: r.number,
        number: r.number,
        kind: r.kind,
        channel,
        bookingId: r.number % 100_000,
        caseNumber: r.caseNumber,
        locationName: r.location,
        period,
        issueDate,
        dueDate: due.toISOString().slice(0, 10),
        kid: kidForInvoiceNumber(r.number),
        buyer: {
          name: r.name,
          orgnr: channel === 'EHF' ? orgnr : null,
          address:
            channel === 'EHF' || r.withAddress ? { addressLine: r.addressLine, postalCode: '0473', city: 'Oslo', countryCode: 'NO' } : null,
          email: null,
        },
        buyerReference: r.reference,
        lines,
        totalOre: lines.reduce((s, l) => s + l.amountOre, 0),
        creditsInvoiceNumber: r.kind === 'CREDIT_NOTE' ? r.credits : null,
      } satisfies InvoiceDocument;
    })
    .filter((doc) => doc.totalOre > 0);

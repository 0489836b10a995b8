import { isValidMod10Kid, type InvoiceDocument } from '@lokaler/domain/invoices';
import { CSV_BOM, csvLine, csvText } from '@lokaler/domain/reimbursement-csv';
import { hundredths, kronerText } from './amounts';

/**
 * The persons' invoices and credit notes of one run, as one file for the city's ERP (decision 071,
 * docs/invoicing.md "ERP export"): CSV the way Norwegian finance departments load it — UTF-8 with a BOM,
 * ';' between cells, CRLF, quoting per RFC 4180, decimal comma, no grouping, always two decimals, ISO
 * dates — with a header row. One row per invoice line; the invoice's own fields (number, KID, customer,
 * total) are repeated on each of its rows, so every row stands alone in an import. Amounts carry the
 * ledger's sign: a credit note's quantities and amounts are negative (its unit prices are not).
 */

export const erpExportHeader = [
  'Kjøring',
  'Fakturanummer',
  'Type',
  'Krediterer faktura',
  'Fakturadato',
  'Forfallsdato',
  'KID',
  'Kunde',
  'Kunde-ID',
  'Adresse',
  'Postnummer',
  'Poststed',
  'Land',
  'E-post',
  'Kundens referanse',
  'Saksnummer',
  'Lokale',
  'Periode',
  'Linje',
  'Varekode',
  'Beskrivelse',
  'Fra dato',
  'Til dato',
  'Antall',
  'Enhet',
  'Enhetspris (kr)',
  'Linjebeløp (kr)',
  'Fakturabeløp (kr)',
] as const;

const kindText = { INVOICE: 'FAKTURA', CREDIT_NOTE: 'KREDITNOTA' } as const;

/** 'lokaler-faktura-<run>-<UTC time>.csv': ASCII only, one name per run. */
export function erpExportFileName(run: { runId: string; createdAt: Date }): string {
  const time = run.createdAt
    .toISOString()
    .replace(/[-:]/g, '')
    .replace(/\.\d{3}Z$/, 'Z');
  return `lokaler-faktura-${run.runId.replace(/[^A-Za-z0-9-]/g, '_')}-${time}.csv`;
}

/** The run's file: one row per line of every person's invoice and credit note, in the order given. */
export function buildErpExport(
  docs: readonly InvoiceDocument[],
  run: { runId: string; createdAt: Date },
): { fileName: string; content: string } {
  const rows = [CSV_BOM + csvLine(erpExportHeader.map(csvText))];
  for (const doc of docs) {
    if (doc.channel !== 'ERP') throw new Error(`ERP-eksport: faktura ${doc.number} skal sendes som EHF`);
    // The KID is what the bank reads back; a wrong one would leave the payment unmatched.
    if (!isValidMod10Kid(doc.kid)) throw new Error(`ERP-eksport: faktura ${doc.number} har ugyldig KID ${doc.kid}`);
    const sign = doc.kind === 'CREDIT_NOTE' ? -1 : 1;
    const customer = [
      csvText(doc.buyer.name),
      // The contract has no person id beyond what the invoice says: the organisation number, else the e-mail.
      csvText(doc.buyer.orgnr ?? doc.buyer.email ?? ''),
      csvText(doc.buyer.address?.addressLine ?? ''),
      csvText(doc.buyer.address?.postalCode ?? ''),
      csvText(doc.buyer.address?.city ?? ''),
      csvText(doc.buyer.address?.countryCode ?? ''),
      csvText(doc.buyer.email ?? ''),
    ];
    doc.lines.forEach((line, index) => {
      rows.push(
        csvLine([
          csvText(run.runId),
          String(doc.number),
          kindText[doc.kind],
          doc.creditsInvoiceNumber === null ? '' : String(doc.creditsInvoiceNumber),
          doc.issueDate,
          doc.dueDate,
          doc.kid,
          ...customer,
          csvText(doc.buyerReference),
          csvText(doc.caseNumber),
          csvText(doc.locationName),
          doc.period,
          String(index + 1),
          line.element,
          csvText(line.description),
          line.fromDate,
          line.toDate,
          kronerText(sign * hundredths(line.quantity), ','),
          line.unitCode,
          kronerText(line.unitPriceOre, ','),
          kronerText(sign * line.amountOre, ','),
          kronerText(sign * doc.totalOre, ','),
        ]),
      );
    });
  }
  return { fileName: erpExportFileName(run), content: rows.join('') };
}

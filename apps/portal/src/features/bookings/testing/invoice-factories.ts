import { kidForInvoiceNumber, type InvoiceDocumentLine, type UserInvoice } from '@lokaler/domain/invoices';

/** GET /api/user/invoices and /api/user/booking/{id}/invoices answers as the contract (decision 071) has them. */

export function buildInvoiceLine(overrides: Partial<InvoiceDocumentLine> = {}): InvoiceDocumentLine {
  return {
    element: 'LOKALKATEGORI_2',
    description: 'Leie, lokalkategori 2',
    unitCode: 'HUR',
    quantity: 2.5,
    unitPriceOre: 45_000,
    amountOre: 112_500,
    fromDate: '2026-11-03',
    toDate: '2026-11-24',
    ...overrides,
  };
}

export function buildUserInvoice(overrides: Partial<UserInvoice> = {}): UserInvoice {
  const id = overrides.id ?? 5;
  const number = overrides.number ?? 1001;
  return {
    id,
    number,
    kind: 'INVOICE',
    bookingId: 42,
    caseNumber: 'LOK-2030-00042',
    locationName: 'Sagene samfunnshus',
    period: '2026-11',
    issueDate: '2026-12-01',
    dueDate: '2026-12-15',
    kid: kidForInvoiceNumber(number),
    amountOre: 123_450,
    accountNumber: '15031234567',
    status: 'SENDT',
    lines: [
      buildInvoiceLine(),
      buildInvoiceLine({
        element: 'ETABLERING',
        description: 'Etableringsgebyr',
        unitCode: 'C62',
        quantity: 1,
        unitPriceOre: 10_950,
        amountOre: 10_950,
        fromDate: '2026-11-03',
        toDate: '2026-11-03',
      }),
    ],
    pdfUrl: `/api/user/invoices/${id}/pdf`,
    ...overrides,
  };
}

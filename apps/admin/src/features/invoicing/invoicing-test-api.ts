import type { InvoiceRunResponse, InvoiceSettings, InvoicingPeriodResponse } from '@lokaler/domain/invoices';
import { stubApi, type StubRequest } from '../../testing/stub-api';
import { emptyMonth, october, summaryTo } from './invoicing-test-data';

type Answer = (request: StubRequest) => unknown;

/**
 * The admin invoicing API of the page's tests, with state: a month's answer is what the last write
 * left (a hold marks the element's open lines held, a release frees them, a line added by hand joins
 * the booking), so a test sees the page read the basis again. `answers` replaces any route.
 */
export function stubInvoicing(
  options: { months?: Record<string, InvoicingPeriodResponse>; answers?: Record<string, Answer | unknown> } = {},
) {
  const months: Record<string, InvoicingPeriodResponse> = options.months ?? { '2026-10': october() };
  let settings: InvoiceSettings = { enabled: true, paymentTermsDays: 14 };
  let nextLineId = 900;
  const bookingOf = (request: StubRequest) => {
    const bookingId = Number(/booking\/(\d+)\//.exec(request.url.pathname)?.[1]);
    const period = (request.body as { period: string }).period;
    return months[period]?.bookings.find((b) => b.bookingId === bookingId);
  };
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/admin/location/7/invoice-settings': () => settings,
    'PUT /api/admin/location/7/invoice-settings': ({ body }: StubRequest) => (settings = body as InvoiceSettings),
    'GET /api/admin/location/7/invoicing': ({ url }: StubRequest) => {
      const period = url.searchParams.get('period')!;
      return months[period] ?? emptyMonth(period);
    },
    'GET /api/admin/location/7/invoicing/summary': ({ url }: StubRequest) =>
      summaryTo(url.searchParams.get('from')!, url.searchParams.get('to')!),
    'PUT /api/admin/booking/12/invoice-basis/hold': hold,
    'PUT /api/admin/booking/13/invoice-basis/hold': hold,
    'POST /api/admin/booking/13/invoice-basis/adjustments': (request: StubRequest) => {
      const body = request.body as { element: 'JUSTERING' | 'EKSTRA_RENHOLD'; amountOre: number; reason: string; period: string };
      const booking = bookingOf(request);
      booking?.lines.push({
        id: nextLineId++,
        element: body.element,
        period: body.period,
        quantity: 1,
        unitPriceOre: body.amountOre,
        amountOre: body.amountOre,
        kind: body.amountOre < 0 ? 'CREDIT' : 'DEBIT',
        status: 'OPEN',
        manual: true,
        reason: body.reason,
        held: false,
        holdReason: null,
        invoiceNumber: null,
      });
      return new Response(null, { status: 201 });
    },
    ...options.answers,
  });

  function hold(request: StubRequest) {
    const body = request.body as { held: boolean; element: string; reason?: string };
    for (const l of bookingOf(request)?.lines ?? []) {
      if (l.element === body.element && l.status === 'OPEN')
        Object.assign(l, { held: body.held, holdReason: body.held ? body.reason : null });
    }
    return new Response(null, { status: 204 });
  }
}

/** What the run made for October: the invoice and the credit note, and the booking it left. */
export const octoberRun = (): InvoiceRunResponse => ({
  period: '2026-10',
  made: [
    {
      id: 503,
      number: 1003,
      kind: 'INVOICE',
      channel: 'EHF',
      bookingId: 12,
      caseNumber: 'LOK-2026-00012',
      recipientName: 'Sagene IL',
      period: '2026-10',
      issueDate: '2026-11-29',
      dueDate: '2026-12-13',
      kid: '0000010034',
      amountOre: 112_500,
      delivery: 'QUEUED',
    },
    {
      id: 504,
      number: 1004,
      kind: 'CREDIT_NOTE',
      channel: 'ERP',
      bookingId: 13,
      caseNumber: 'LOK-2026-00013',
      recipientName: 'Ola Nordmann',
      period: '2026-10',
      issueDate: '2026-11-29',
      dueDate: '2026-12-13',
      kid: '0000010042',
      amountOre: 75_000,
      delivery: 'QUEUED',
    },
  ],
  skipped: [
    {
      bookingId: 14,
      caseNumber: 'LOK-2026-00014',
      applicantName: 'Bjølsen Musikkorps',
      reason: 'Organisasjonen mangler fakturaadresse i Enhetsregisteret.',
    },
  ],
});

import { describe, expect, it, vi } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import type { ReimbursementReport } from '@lokaler/domain/reimbursement';
import { reimbursementMessages } from '@lokaler/domain/reimbursement';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { axeViolations } from '../../testing/axe-check';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi } from '../../testing/stub-api';

configure({ asyncUtilTimeout: 5000 });

const year = Number(todayInOslo(new Date()).slice(0, 4));
const report = (from: string, to: string): ReimbursementReport => ({
  locationId: 7,
  locationName: 'Bjølsen skole',
  companyCode: '3010',
  fromDateInclusive: from,
  toDateExclusive: to,
  rows: [
    {
      bookingId: 12,
      caseNumber: 'LOK-2026-00012',
      payerKind: 'ORGANISATION',
      payerName: 'Sagene IL',
      organizationNumber: '998877660',
      costCategory: 'MARKET',
      minutes: 150,
      hours: 2.5,
      amountOre: 187_500,
    },
    {
      bookingId: 13,
      caseNumber: 'LOK-2026-00013',
      payerKind: 'PERSON',
      payerName: 'Ola Nordmann',
      organizationNumber: null,
      costCategory: 'FREE',
      minutes: 120,
      hours: 2,
      amountOre: 0,
    },
  ],
  groups: [
    { payerKind: 'PERSON', payerName: 'Ola Nordmann', organizationNumber: null, bookings: 1, minutes: 120, hours: 2, amountOre: 0 },
    {
      payerKind: 'ORGANISATION',
      payerName: 'Sagene IL',
      organizationNumber: '998877660',
      bookings: 1,
      minutes: 150,
      hours: 2.5,
      amountOre: 187_500,
    },
  ],
  totals: { bookings: 2, minutes: 270, hours: 4.5, amountOre: 187_500 },
});

function stubReport(answer?: (url: URL) => Response | ReimbursementReport) {
  return stubApi({
    '/api/currentuser/adminlocations': [
      { id: 7, name: 'Bjølsen skole' },
      { id: 8, name: 'Sagene samfunnshus' },
    ],
    'GET /api/location/7/reimbursement': ({ url }: { url: URL }) =>
      answer ? answer(url) : report(url.searchParams.get('fromDateInclusive')!, url.searchParams.get('toDateExclusive')!),
  });
}

setUpAdminTests({ scrollTo: 'stub' });

describe('the reimbursement page', () => {
  it("shows this year's report for the location: bookings with totals, sums per payer, and the CSV link", async () => {
    const api = stubReport();
    renderAdmin('/admin/innstillinger/lokalet/refusjon?lokale=7', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Refusjon – Bjølsen skole' })).toBeInTheDocument();
    const table = await screen.findByRole('table', { name: `Refusjon for 01.01.${year}–31.12.${year}` });
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(4);
    expect(within(table).getAllByRole('columnheader')[0]).toHaveTextContent('Firmakode');
    expect(rows[1]).toHaveTextContent('3010LOK-2026-00012Sagene IL (org.nr. 998877660)Markedspris2,51 875,00 kr');
    expect(rows[2]).toHaveTextContent('Gratis');
    expect(rows[3]).toHaveTextContent('Totalt (2 bookinger)4,51 875,00 kr');
    expect(screen.getByRole('region', { name: 'Bookinger, tabell' })).toHaveAttribute('tabindex', '0');
    expect(screen.getByRole('heading', { level: 2, name: 'Sum per organisasjon eller person' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Last ned bookinger (CSV)' })).toHaveAttribute(
      'href',
      `/api/location/7/reimbursement.csv?fromDateInclusive=${year}-01-01&toDateExclusive=${year + 1}-01-01`,
    );
    expect(screen.getByRole('link', { name: 'Last ned summer (CSV)' })).toHaveAttribute(
      'href',
      `/api/location/7/reimbursement-sums.csv?fromDateInclusive=${year}-01-01&toDateExclusive=${year + 1}-01-01`,
    );
    expect(api.calls.find((c) => c.url.pathname === '/api/location/7/reimbursement')!.url.search).toBe(
      `?fromDateInclusive=${year}-01-01&toDateExclusive=${year + 1}-01-01`,
    );
  });

  it('asks again for a period chosen in the form (both dates included), and refuses an inverted one on the field', async () => {
    const user = userEvent.setup();
    const api = stubReport();
    renderAdmin('/admin/innstillinger/lokalet/refusjon?lokale=7', { user: siri });
    await screen.findByRole('table', { name: /Refusjon for/ });
    const from = screen.getByLabelText('Fra og med');
    const to = screen.getByLabelText('Til og med');
    await user.clear(to);
    await user.type(to, '2025-12-31');
    await user.clear(from);
    await user.type(from, '2026-01-01');
    await user.click(screen.getByRole('button', { name: 'Vis rapport' }));
    // The error summary takes the focus and links to the field, which shows the message too (decision 020).
    expect(await screen.findByRole('link', { name: reimbursementMessages.inverted })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'For å vise rapporten må du rette opp følgende feil:' }).closest('[tabindex]'),
    ).toHaveFocus();
    expect(screen.getAllByText(reimbursementMessages.inverted)).toHaveLength(2);
    expect(api.callsTo('GET', '/api/location/7/reimbursement')).toHaveLength(1);

    await user.clear(to);
    await user.type(to, '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Vis rapport' }));
    expect(await screen.findByRole('table', { name: 'Refusjon for 01.01.2026–31.03.2026' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/location/7/reimbursement').at(-1)!.url.search).toBe(
      '?fromDateInclusive=2026-01-01&toDateExclusive=2026-04-01',
    );
  });

  it("without ?lokale it reports on the first location; an empty period says so; a refusal shows the server's message", async () => {
    stubReport((url) => ({
      ...report(url.searchParams.get('fromDateInclusive')!, url.searchParams.get('toDateExclusive')!),
      rows: [],
      groups: [],
      totals: { bookings: 0, minutes: 0, hours: 0, amountOre: 0 },
    }));
    const { unmount } = renderAdmin('/admin/innstillinger/lokalet/refusjon', { user: siri });
    expect(await screen.findByText('Ingen godkjente bookinger i perioden.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Last ned/ })).not.toBeInTheDocument();
    unmount();

    resetApiClient();
    stubReport(() => jsonResponse(403, { code: 'FORBIDDEN', msg: 'no', userMsg: 'Du har ikke tilgang til dette lokalet.' }));
    renderAdmin('/admin/innstillinger/lokalet/refusjon?lokale=7', { user: siri });
    await waitFor(() => expect(screen.getByText(/Du har ikke tilgang til dette lokalet\./)).toBeInTheDocument());
  });

  it("'Last ned bookinger (CSV)' fetches the file with the token and saves it under the server's name", async () => {
    const user = userEvent.setup();
    const csv = '\uFEFFSaksnummer;Booking-ID\r\n';
    const api = stubApi({
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
      'GET /api/location/7/reimbursement': ({ url }: { url: URL }) =>
        report(url.searchParams.get('fromDateInclusive')!, url.searchParams.get('toDateExclusive')!),
      'GET /api/location/7/reimbursement.csv': () =>
        new Response(csv, {
          status: 200,
          headers: {
            'content-type': 'text/csv; charset=utf-8',
            'content-disposition': `attachment; filename="refusjon-bjolsen-skole-${year}-01-01-${year + 1}-01-01.csv"`,
          },
        }),
    });
    const created: Blob[] = [];
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: (b: Blob) => (created.push(b), 'blob:csv'), revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    renderAdmin('/admin/innstillinger/lokalet/refusjon?lokale=7', { user: siri });
    await user.click(await screen.findByRole('link', { name: 'Last ned bookinger (CSV)' }));
    await waitFor(() =>
      expect(clicked).toEqual([{ href: 'blob:csv', download: `refusjon-bjolsen-skole-${year}-01-01-${year + 1}-01-01.csv` }]),
    );
    const call = api.callsTo('GET', '/api/location/7/reimbursement.csv');
    expect(call).toHaveLength(1);
    expect(call[0]!.url.search).toBe(`?fromDateInclusive=${year}-01-01&toDateExclusive=${year + 1}-01-01`);
    expect(new Uint8Array(await created[0]!.arrayBuffer()).slice(0, 3)).toEqual(new Uint8Array([0xef, 0xbb, 0xbf]));
    click.mockRestore();
  });

  it('keeps the period in the address (decision 063): a link opens it, a new period is a history entry, back restores the one before', async () => {
    const user = userEvent.setup();
    const api = stubReport();
    const { router } = renderAdmin('/admin/innstillinger/lokalet/refusjon?lokale=7&fra=2026-02-01&til=2026-02-28', { user: siri });
    expect(await screen.findByRole('table', { name: 'Refusjon for 01.02.2026–28.02.2026' })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/location/7/reimbursement')[0]!.url.search).toBe(
      '?fromDateInclusive=2026-02-01&toDateExclusive=2026-03-01',
    );
    expect(screen.getByLabelText('Fra og med')).toHaveValue('01.02.2026');
    expect(screen.getByLabelText('Til og med')).toHaveValue('28.02.2026');
    expect(await axeViolations()).toEqual([]);

    await user.clear(screen.getByLabelText('Fra og med'));
    await user.type(screen.getByLabelText('Fra og med'), '2026-03-01');
    await user.clear(screen.getByLabelText('Til og med'));
    await user.type(screen.getByLabelText('Til og med'), '2026-03-31');
    await user.click(screen.getByRole('button', { name: 'Vis rapport' }));
    expect(await screen.findByRole('table', { name: 'Refusjon for 01.03.2026–31.03.2026' })).toBeInTheDocument();
    const search = new URLSearchParams(router.state.location.search);
    expect(Object.fromEntries(search)).toEqual({ lokale: '7', fra: '2026-03-01', til: '2026-03-31' });

    await act(() => router.navigate(-1));
    expect(await screen.findByRole('table', { name: 'Refusjon for 01.02.2026–28.02.2026' })).toBeInTheDocument();
    expect(screen.getByLabelText('Fra og med')).toHaveValue('01.02.2026');
    expect(screen.getByLabelText('Til og med')).toHaveValue('28.02.2026');
  });

  it.each([
    ['not dates', 'fra=2026-13-45&til=nei'],
    ['inverted', 'fra=2026-05-01&til=2026-04-01'],
    ['longer than 366 days', 'fra=2020-01-01&til=2026-12-31'],
    ['half a period', 'fra=2026-02-01'],
  ])('an address with a period that is %s shows this year, without an error', async (_, period) => {
    const api = stubReport();
    renderAdmin(`/admin/innstillinger/lokalet/refusjon?lokale=7&${period}`, { user: siri });
    expect(await screen.findByRole('table', { name: `Refusjon for 01.01.${year}–31.12.${year}` })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/location/7/reimbursement').map((c) => c.url.search)).toEqual([
      `?fromDateInclusive=${year}-01-01&toDateExclusive=${year + 1}-01-01`,
    ]);
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("shows a cost-based booking's computed amount (Selvkost), with the company code", async () => {
    stubReport((url) => {
      const base = report(url.searchParams.get('fromDateInclusive')!, url.searchParams.get('toDateExclusive')!);
      const row = { ...base.rows[0]!, bookingId: 14, caseNumber: 'LOK-2026-00014', costCategory: 'COST' as const, amountOre: 110_000 };
      return { ...base, rows: [row], totals: { ...base.totals, bookings: 1, amountOre: 110_000 } };
    });
    renderAdmin('/admin/innstillinger/lokalet/refusjon?lokale=7', { user: siri });
    const table = await screen.findByRole('table', { name: /Refusjon for/ });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('3010LOK-2026-00014Sagene IL (org.nr. 998877660)Selvkost2,51 100,00 kr');
  });
});

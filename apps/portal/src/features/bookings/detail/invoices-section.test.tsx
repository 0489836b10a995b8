import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kari, renderPortal } from '../../../testing/render-portal';
import { axeViolations } from '../testing/axe-check';
import { buildUserBooking } from '../testing/booking-factories';
import { buildInvoiceLine, buildUserInvoice } from '../testing/invoice-factories';
import { json, setUpPortalTests, stubBooking } from '../testing/setup';

setUpPortalTests();

const priced = buildUserBooking({ costCategory: 'COST' });

async function invoicesSection(): Promise<HTMLElement> {
  return screen.findByRole('region', { name: 'Faktura' });
}

describe("the booking page's 'Faktura'", () => {
  it("lists the booking's invoices and credit notes in every status, with their figures and PDF, and no link back to itself", async () => {
    const user = userEvent.setup();
    stubBooking(priced, {
      '/api/user/booking/42/invoices': [
        buildUserInvoice({ id: 5, number: 1001, period: '2026-10', issueDate: '2026-11-01', dueDate: '2026-11-15', status: 'KREDITERT' }),
        buildUserInvoice({
          id: 6,
          number: 1002,
          kind: 'CREDIT_NOTE',
          period: '2026-10',
          issueDate: '2026-11-20',
          amountOre: 123_450,
          status: 'SENDT',
        }),
        buildUserInvoice({
          id: 7,
          number: 1003,
          issueDate: '2026-12-01',
          dueDate: '2026-12-15',
          status: 'UNDER_SENDING',
          amountOre: 99_900,
        }),
        buildUserInvoice({
          id: 8,
          number: 1004,
          period: '2026-12',
          issueDate: '2027-01-04',
          dueDate: '2027-01-18',
          status: 'SENDT',
          amountOre: 1_000_000,
          lines: [
            buildInvoiceLine({
              element: 'MARKEDSPRIS',
              description: 'Leie, markedspris',
              quantity: 4,
              unitPriceOre: 250_000,
              amountOre: 1_000_000,
            }),
          ],
        }),
      ],
    });
    renderPortal('/bookinger/42', { user: kari });
    const section = await invoicesSection();
    expect(within(section).getByRole('heading', { level: 2, name: 'Faktura' })).toBeInTheDocument();
    const list = await within(section).findByRole('list', { name: 'Fakturaer for bookingen' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 3 })
        .map((h) => h.textContent),
    ).toEqual(['Faktura 1004', 'Faktura 1003', 'Kreditnota 1002', 'Faktura 1001']);
    const newest = within(list).getByRole('article', { name: 'Faktura 1004' });
    expect(newest).toHaveTextContent('desember 2026');
    expect(newest).toHaveTextContent('10 000,00 kr');
    expect(newest).toHaveTextContent('18.01.2027');
    expect(within(newest).getByText('Sendt')).toBeInTheDocument();
    expect(within(newest).getByRole('button', { name: 'Kopier KID' })).toBeInTheDocument();
    expect(within(list).getByRole('article', { name: 'Faktura 1003' })).toHaveTextContent(/Under sending.*999,00 kr/);
    expect(within(list).getByRole('article', { name: 'Faktura 1001' })).toHaveTextContent(/Kreditert.*oktober 2026/);
    expect(within(list).getByRole('article', { name: 'Kreditnota 1002' })).toHaveTextContent(/Kreditert beløp1 234,50 kr/);
    // On the booking's own page the cards do not link to the booking.
    expect(within(section).queryByRole('link', { name: /saksnummer/ })).toBeNull();
    expect(within(section).getByRole('link', { name: 'Last ned faktura (PDF), nummer 1004' })).toHaveAttribute(
      'href',
      '/api/user/invoices/8/pdf',
    );
    expect(within(section).getByRole('link', { name: 'Last ned kreditnota (PDF), nummer 1002' })).toHaveAttribute(
      'href',
      '/api/user/invoices/6/pdf',
    );
    expect(within(section).getByRole('link', { name: 'Se alle fakturaene dine' })).toHaveAttribute('href', '/bookinger/faktura');

    await user.click(within(newest).getByText('Se linjene på fakturaen'));
    const lines = within(newest).getByRole('table', { name: 'Linjene på faktura 1004' });
    expect(within(lines).getByText('Leie, markedspris').closest('tr')).toHaveTextContent(/4 timer.*2 500,00 kr per time.*10 000,00 kr/);
    expect(await axeViolations()).toEqual([]);
  });

  it('says the invoices will come here when a priced booking has none yet', async () => {
    stubBooking(buildUserBooking({ costCategory: 'MARKET' }));
    renderPortal('/bookinger/42', { user: kari });
    const section = await invoicesSection();
    expect(await within(section).findByText(/Det er ikke sendt noen faktura for bookingen ennå\./)).toBeInTheDocument();
    expect(within(section).queryByRole('list')).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('has no section for a free booking without invoices, but shows one it has', async () => {
    const fetchMock = stubBooking(buildUserBooking({ costCategory: 'FREE' }));
    const { unmount } = renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Din booking hos Sagene samfunnshus' })).toBeInTheDocument();
    await waitFor(() =>
      expect(
        fetchMock.mock.calls.some(([input]) => new URL(String(input), 'http://localhost').pathname === '/api/user/booking/42/invoices'),
      ).toBe(true),
    );
    expect(screen.queryByRole('region', { name: 'Faktura' })).toBeNull();
    unmount();

    stubBooking(buildUserBooking({ status: 'CANCELLED', costCategory: null }), {
      '/api/user/booking/42/invoices': [buildUserInvoice({ id: 9, number: 1009, kind: 'CREDIT_NOTE' })],
    });
    renderPortal('/bookinger/42', { user: kari });
    const section = await invoicesSection();
    expect(await within(section).findByRole('heading', { level: 3, name: 'Kreditnota 1009' })).toBeInTheDocument();
  });

  it("shows 'Feil ved henting av data' in the section when a priced booking's invoices fail to load", async () => {
    stubBooking(priced, { '/api/user/booking/42/invoices': () => json({ msg: 'boom', code: 'INTERNAL' }, 500) });
    renderPortal('/bookinger/42', { user: kari });
    const section = await invoicesSection();
    expect(await within(section).findByText('Feil ved henting av data')).toBeInTheDocument();
    expect(within(section).getByText('boom')).toBeInTheDocument();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { axeViolations } from '../testing/axe-check';
import { buildInvoiceLine, buildUserInvoice } from '../testing/invoice-factories';
import { json, kariRoles, setUpPortalTests } from '../testing/setup';

setUpPortalTests();

/** One of each: a sent invoice, one still being sent, one credited in full and the credit note that credits it. */
const invoices = [
  buildUserInvoice({
    id: 5,
    number: 1001,
    period: '2026-10',
    issueDate: '2026-11-01',
    dueDate: '2026-11-15',
    status: 'KREDITERT',
    amountOre: 50_000,
  }),
  buildUserInvoice({
    id: 6,
    number: 1002,
    kind: 'CREDIT_NOTE',
    period: '2026-10',
    issueDate: '2026-11-20',
    dueDate: '2026-11-20',
    amountOre: 50_000,
    lines: [buildInvoiceLine({ quantity: 1, unitPriceOre: 50_000, amountOre: 50_000 })],
  }),
  buildUserInvoice({
    id: 7,
    number: 1003,
    period: '2026-11',
    issueDate: '2026-12-01',
    dueDate: '2026-12-15',
    status: 'SENDT',
    amountOre: 123_450,
  }),
  buildUserInvoice({
    id: 8,
    number: 1004,
    bookingId: 43,
    caseNumber: 'LOK-2030-00043',
    locationName: 'Bjølsen skole',
    period: '2026-11',
    issueDate: '2026-12-01',
    dueDate: '2026-12-15',
    status: 'UNDER_SENDING',
    amountOre: 7_500_000,
  }),
];

function stubInvoices(answer: unknown = invoices) {
  return stubApi({ '/api/currentuser/roles': kariRoles, '/api/user/invoices': answer });
}

/** The card of an invoice, found by its heading. */
async function card(name: string): Promise<HTMLElement> {
  return screen.findByRole('article', { name });
}

/** The value beside a term of the card's facts. */
function fact(article: HTMLElement, term: string): HTMLElement {
  const dt = within(article).getByText(term, { selector: 'dt' });
  return dt.nextElementSibling as HTMLElement;
}

describe('/bookinger/faktura', () => {
  it('shows invoices and credit notes in every status, newest first, with period, amount, dates, KID, account and the booking', async () => {
    const user = userEvent.setup();
    stubInvoices();
    renderPortal('/bookinger/faktura', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Faktura' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Faktura – Lokaler'));
    const list = await screen.findByRole('list', { name: 'Fakturaer og kreditnotaer' });
    expect(
      within(list)
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Faktura 1004', 'Faktura 1003', 'Kreditnota 1002', 'Faktura 1001']);

    const sent = await card('Faktura 1003');
    expect(within(sent).getByText('Sendt')).toBeInTheDocument();
    expect(within(sent).getByRole('link', { name: 'Sagene samfunnshus, saksnummer LOK-2030-00042' })).toHaveAttribute(
      'href',
      '/bookinger/42',
    );
    expect(fact(sent, 'Periode')).toHaveTextContent('november 2026');
    expect(fact(sent, 'Beløp')).toHaveTextContent('1 234,50 kr');
    expect(fact(sent, 'Fakturadato')).toHaveTextContent('01.12.2026');
    expect(fact(sent, 'Forfallsdato')).toHaveTextContent('15.12.2026');
    // The KID reads in groups but is digits only as text: what a selection copies.
    const kid = fact(sent, 'KID').querySelector('.lk-digits')!;
    expect(kid.textContent).toBe('0000010033');
    expect([...kid.querySelectorAll('span')].map((group) => group.textContent)).toEqual(['0000', '0100', '33']);
    const account = fact(sent, 'Kontonummer').querySelector('.lk-digits')!;
    expect(account.textContent).toBe('15031234567');
    expect([...account.querySelectorAll('span')].map((group) => group.textContent)).toEqual(['1503', '12', '34567']);

    const sending = await card('Faktura 1004');
    expect(within(sending).getByText('Under sending')).toBeInTheDocument();
    expect(within(sending).getByRole('link', { name: 'Bjølsen skole, saksnummer LOK-2030-00043' })).toHaveAttribute(
      'href',
      '/bookinger/43',
    );
    expect(fact(sending, 'Beløp')).toHaveTextContent('75 000,00 kr');

    const credited = await card('Faktura 1001');
    expect(within(credited).getByText('Kreditert')).toBeInTheDocument();
    expect(fact(credited, 'Periode')).toHaveTextContent('oktober 2026');
    expect(within(credited).getByText('Fakturaen er kreditert i sin helhet med en kreditnota, og skal ikke betales.')).toBeInTheDocument();

    // A credit note gives back: no due date, KID or account to pay to.
    const creditNote = await card('Kreditnota 1002');
    expect(fact(creditNote, 'Kreditert beløp')).toHaveTextContent('500,00 kr');
    expect(fact(creditNote, 'Kreditnotadato')).toHaveTextContent('20.11.2026');
    expect(within(creditNote).queryByText('KID')).toBeNull();
    expect(within(creditNote).queryByText('Forfallsdato')).toBeNull();
    expect(within(creditNote).getByText(/Den skal ikke betales\./)).toBeInTheDocument();

    // The lines, behind a disclosure.
    await user.click(within(sent).getByText('Se linjene på fakturaen'));
    const lines = within(sent).getByRole('table', { name: 'Linjene på faktura 1003' });
    const rows = within(lines)
      .getAllByRole('row')
      .map((row) => [...row.querySelectorAll('th, td')].map((c) => c.textContent));
    expect(rows).toEqual([
      ['Hva', 'Dato', 'Antall', 'Pris', 'Beløp'],
      ['Leie, lokalkategori 2', '03.11.2026–24.11.2026', '2,5 timer', '450,00 kr per time', '1 125,00 kr'],
      ['Etableringsgebyr', '03.11.2026', '1 stk', '109,50 kr', '109,50 kr'],
      ['Sum', '1 234,50 kr'],
    ]);
    expect(await axeViolations()).toEqual([]);
  });

  it("downloads an invoice's PDF from its pdfUrl with the citizen's token, under the server's name", async () => {
    const user = userEvent.setup();
    const sent: (string | null)[] = [];
    stubApi({
      '/api/currentuser/roles': kariRoles,
      '/api/user/invoices': [buildUserInvoice({ id: 7, number: 1003 }), buildUserInvoice({ id: 9, number: 1005, kind: 'CREDIT_NOTE' })],
      '/api/user/invoices/7/pdf': ({ init }: { init: RequestInit }) => {
        sent.push(new Headers(init.headers).get('Authorization'));
        return new Response(new Uint8Array([0x25, 0x50, 0x44, 0x46, 0x2d]), {
          status: 200,
          headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="faktura-1003.pdf"' },
        });
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:faktura', revokeObjectURL: vi.fn() }));
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push({ href: this.href, download: this.download });
    });
    try {
      renderPortal('/bookinger/faktura', { user: kari });
      const link = await screen.findByRole('link', { name: 'Last ned faktura (PDF), nummer 1003' });
      expect(link).toHaveAttribute('href', '/api/user/invoices/7/pdf');
      expect(screen.getByRole('link', { name: 'Last ned kreditnota (PDF), nummer 1005' })).toHaveAttribute(
        'href',
        '/api/user/invoices/9/pdf',
      );
      await user.click(link);
      await waitFor(() => expect(clicked).toEqual([{ href: 'blob:faktura', download: 'faktura-1003.pdf' }]));
      expect(sent).toEqual([expect.stringMatching(/^Bearer .+/)]);
    } finally {
      click.mockRestore();
    }
  });

  it('says why a PDF could not be downloaded, beside its link', async () => {
    const user = userEvent.setup();
    stubApi({
      '/api/currentuser/roles': kariRoles,
      '/api/user/invoices': [buildUserInvoice({ id: 7, number: 1003 })],
      '/api/user/invoices/7/pdf': () => json({ msg: 'gone', code: 'NOT_FOUND', userMsg: 'Fant ikke fakturaen' }, 404),
    });
    renderPortal('/bookinger/faktura', { user: kari });
    await user.click(await screen.findByRole('link', { name: 'Last ned faktura (PDF), nummer 1003' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fant ikke fakturaen');
  });

  it('copies the KID and the account number as digits alone', async () => {
    const user = userEvent.setup();
    stubInvoices([buildUserInvoice({ id: 7, number: 1003 })]);
    renderPortal('/bookinger/faktura', { user: kari });
    await user.click(await screen.findByRole('button', { name: 'Kopier KID' }));
    expect(await navigator.clipboard.readText()).toBe('0000010033');
    expect(screen.getByText('KID er kopiert')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Kopier kontonummeret' }));
    expect(await navigator.clipboard.readText()).toBe('15031234567');
    expect(screen.getByText('Kontonummeret er kopiert')).toBeInTheDocument();
  });

  it('says there are no invoices, and why one would come', async () => {
    stubInvoices([]);
    renderPortal('/bookinger/faktura', { user: kari });
    expect(await screen.findByText('Du har ingen fakturaer.')).toBeInTheDocument();
    expect(
      screen.getByText(/Du får faktura når du leier et lokale mot betaling: én for hver booking og måned du har leid\./),
    ).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Fakturaer og kreditnotaer' })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it("shows 'Feil ved henting av data' with the server's message when the list fails", async () => {
    stubInvoices(() => json({ msg: 'boom', code: 'INTERNAL', userMsg: 'Noe gikk galt hos oss' }, 500));
    renderPortal('/bookinger/faktura', { user: kari });
    expect(await screen.findByText('Feil ved henting av data')).toBeInTheDocument();
    expect(screen.getByText('Noe gikk galt hos oss')).toBeInTheDocument();
  });

  it("is reached from Mine bookinger's links", async () => {
    const user = userEvent.setup();
    stubApi({ '/api/currentuser/roles': kariRoles, '/api/user/booking': [], '/api/user/invoices': [] });
    const { router } = renderPortal('/bookinger', { user: kari });
    await user.click(await screen.findByRole('link', { name: 'Faktura' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger/faktura'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Faktura' })).toBeInTheDocument();
  });

  it('asks a logged-out person to log in first', async () => {
    const fetchMock = stubInvoices();
    renderPortal('/bookinger/faktura');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('/api/user/invoices'))).toBe(false);
  });
});

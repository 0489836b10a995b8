import { describe, expect, it } from 'vitest';
import { act, configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { axeViolations } from '../../testing/axe-check';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse } from '../../testing/stub-api';
import { addPeriodMonths, monthName } from './invoicing-period';
import { stubInvoicing } from './invoicing-test-api';

configure({ asyncUtilTimeout: 5000 });
setUpAdminTests({ scrollTo: 'stub' });

const october = '/admin/lokaler/7/faktura?periode=2026-10';
const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .map((r) => r.textContent);

describe("the location's Fakturagrunnlag", () => {
  it('shows each booking of the month: who pays, how, what stands in the way, and its lines in words', async () => {
    const api = stubInvoicing();
    renderAdmin(october, { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Bjølsen skole' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Faktura' })).toHaveAttribute('aria-current', 'page');
    expect(screen.getByRole('heading', { level: 2, name: 'Fakturagrunnlag for oktober 2026' })).toBeInTheDocument();

    const sagene = await screen.findByRole('article', { name: 'LOK-2026-00012 Sagene IL' });
    expect(within(sagene).getByRole('link', { name: 'LOK-2026-00012' })).toHaveAttribute('href', '/admin/soknader/12');
    expect(sagene).toHaveTextContent('Mottaker' + 'Organisasjon, org.nr. 998877660');
    expect(sagene).toHaveTextContent('Kanal' + 'EHF');
    expect(sagene).toHaveTextContent('Til fakturering: 1 125,00 kr');
    expect(rowsOf(within(sagene).getByRole('table', { name: 'Linjer for LOK-2026-00012' }))).toEqual([
      'ElementPeriodeMengdeEnhetsprisBeløpDebet/kredittStatusHandling',
      'Leie, lokalkategori 2oktober 20262,5 t450,00 kr per time1 125,00 krDebetÅpenHold tilbake Leie, lokalkategori 2, LOK-2026-00012',
      'Etableringsgebyroktober 20261 stk500,00 kr500,00 krDebetÅpenHoldt tilbake: Venter på avtale om etableringSlipp Etableringsgebyr, LOK-2026-00012',
      'Tilsynsvaktoktober 20261,5 t300,00 kr per time450,00 krDebetFakturert (faktura 1001)',
    ]);
    expect(screen.getByRole('region', { name: 'Linjer for LOK-2026-00012, tabell' })).toHaveAttribute('tabindex', '0');

    const ola = screen.getByRole('article', { name: 'LOK-2026-00013 Ola Nordmann' });
    expect(ola).toHaveTextContent('Privatperson (Ola Nordmann)');
    expect(ola).toHaveTextContent('Faktura fra kommunens økonomisystem');
    expect(ola).toHaveTextContent('Til kreditering: 750,00 kr');
    expect(rowsOf(within(ola).getByRole('table'))[1]).toBe(
      'Leie, markedsprisoktober 2026-1 stk800,00 kr-800,00 krKredittÅpenHold tilbake Leie, markedspris, LOK-2026-00013',
    );
    expect(rowsOf(within(ola).getByRole('table'))[2]).toContain('JusteringBegrunnelse: Glemt å låseoktober 20261 stk50,00 kr50,00 krDebet');

    const korps = screen.getByRole('article', { name: 'LOK-2026-00014 Bjølsen Musikkorps' });
    expect(within(korps).getByText('Kan ikke faktureres: Organisasjonen mangler fakturaadresse i Enhetsregisteret.')).toBeInTheDocument();
    const kari = screen.getByRole('article', { name: 'LOK-2026-00015 Kari Hansen' });
    expect(kari).toHaveTextContent('Kanal' + 'Faktureres ikke');
    expect(rowsOf(within(kari).getByRole('table'))[1]).toContain('2,08 t');

    expect(api.callsTo('GET', '/api/admin/location/7/invoicing').map((c) => c.url.search)).toEqual(['?period=2026-10']);
    expect(await axeViolations()).toEqual([]);
  });

  it('lists the invoices already made, each with its delivery, KID and PDF', async () => {
    stubInvoicing();
    renderAdmin(october, { user: siri });
    const table = await screen.findByRole('table', { name: 'Fakturaer og kreditnotaer for oktober 2026' });
    expect(rowsOf(table)).toEqual([
      'NummerTypeSaksnummerMottakerBeløpForfallKIDLeveringPDF',
      '1001FakturaLOK-2026-00012Sagene IL450,00 kr15.11.20260000010017SendtPDF av faktura 1001',
      '1002KreditnotaLOK-2026-00013Ola Nordmann100,00 kr15.11.20260000010025FeiletPDF av kreditnota 1002',
    ]);
    expect(within(table).getByRole('link', { name: 'PDF av faktura 1001' })).toHaveAttribute('href', '/api/admin/invoices/501/pdf');
    expect(screen.getByRole('region', { name: 'Fakturaer, tabell' })).toHaveAttribute('tabindex', '0');
  });

  it('an empty month says so and offers no run; the month moves through the address and back', async () => {
    const user = userEvent.setup();
    // Months around today's, so the chooser (two years back) always offers them.
    const thisMonth = todayInOslo(new Date()).slice(0, 7);
    const [first, before, chosen] = [-1, -2, -6].map((n) => addPeriodMonths(thisMonth, n)) as [string, string, string];
    const api = stubInvoicing({ months: {} });
    const { router } = renderAdmin(`/admin/lokaler/7/faktura?periode=${first}`, { user: siri });
    expect(await screen.findByText(`Ingen bookinger med fakturagrunnlag i ${monthName(first)}.`)).toBeInTheDocument();
    expect(screen.getByText(`Ingen fakturaer eller kreditnotaer å sende for ${monthName(first)}.`)).toBeInTheDocument();
    expect(screen.getByText(`Ingen fakturaer er laget for ${monthName(first)} ennå.`)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send fakturaer/ })).not.toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('link', { name: `Forrige måned (${monthName(before)})` }));
    expect(await screen.findByRole('heading', { name: `Fakturagrunnlag for ${monthName(before)}` })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?periode=${before}`);

    await user.selectOptions(screen.getByRole('combobox', { name: 'Måned' }), monthName(chosen));
    await user.click(screen.getByRole('button', { name: 'Vis' }));
    expect(await screen.findByRole('heading', { name: `Fakturagrunnlag for ${monthName(chosen)}` })).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/admin/location/7/invoicing').map((c) => c.url.search)).toEqual([
      `?period=${first}`,
      `?period=${before}`,
      `?period=${chosen}`,
    ]);
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: `Fakturagrunnlag for ${monthName(before)}` })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Måned' })).toHaveValue(before);
  });

  it.each([
    ['without a month', ''],
    ['with a month that is not one', '?periode=2026-13'],
  ])('%s it shows the month before this one', async (_, search) => {
    const api = stubInvoicing();
    renderAdmin(`/admin/lokaler/7/faktura${search}`, { user: siri });
    const expected = addPeriodMonths(todayInOslo(new Date()).slice(0, 7), -1);
    expect(await screen.findByRole('heading', { name: `Fakturagrunnlag for ${monthName(expected)}` })).toBeInTheDocument();
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/admin/location/7/invoicing').map((c) => c.url.search)).toEqual([`?period=${expected}`]),
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it("a refused load shows the server's message", async () => {
    stubInvoicing({
      answers: {
        'GET /api/admin/location/7/invoicing': () =>
          jsonResponse(403, { code: 'FORBIDDEN', msg: 'no', userMsg: 'Du har ikke tilgang til dette lokalet.' }),
      },
    });
    renderAdmin(october, { user: siri });
    expect(await screen.findByText('Du har ikke tilgang til dette lokalet.')).toBeInTheDocument();
    expect(screen.getByText('Feil ved henting av data')).toBeInTheDocument();
  });

  it("sums the last twelve months in a table with a caption; a month's link opens it", async () => {
    const user = userEvent.setup();
    const api = stubInvoicing();
    const { router } = renderAdmin(october, { user: siri });
    const to = todayInOslo(new Date()).slice(0, 7);
    const from = addPeriodMonths(to, -11);
    const table = await screen.findByRole('table', { name: `Fakturert, kreditert og ikke fakturert, ${monthName(from)}–${monthName(to)}` });
    expect(api.callsTo('GET', '/api/admin/location/7/invoicing/summary')[0]!.url.search).toBe(`?from=${from}&to=${to}`);
    const rows = rowsOf(table);
    expect(rows).toHaveLength(14);
    expect(rows[0]).toBe('MånedFakturertKreditertIkke fakturert');
    expect(rows[1]).toBe(`${monthName(from)}1 000,00 kr0,00 kr0,00 kr`);
    expect(rows[2]).toBe(`${monthName(addPeriodMonths(from, 1))}2 000,00 kr100,00 kr0,00 kr`);
    expect(rows[12]).toBe(`${monthName(to)}12 000,00 kr0,00 kr208,33 kr`);
    expect(rows[13]).toBe('Totalt78 000,00 kr100,00 kr208,33 kr');
    await user.click(within(table).getByRole('link', { name: monthName(from) }));
    expect(await screen.findByRole('heading', { name: `Fakturagrunnlag for ${monthName(from)}` })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?periode=${from}`);
  });
});

import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '../../testing/axe-check';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse } from '../../testing/stub-api';
import { octoberRun, stubInvoicing } from './invoicing-test-api';

configure({ asyncUtilTimeout: 5000 });
setUpAdminTests({ scrollTo: 'stub' });

const october = '/admin/lokaler/7/faktura?periode=2026-10';
const periodReads = (api: ReturnType<typeof stubInvoicing>) => api.callsTo('GET', '/api/admin/location/7/invoicing').length;

describe('holding, releasing and adding lines', () => {
  it("'Hold tilbake' asks for the reason, refuses an empty one, sends the hold and leaves the focus on the line's button", async () => {
    const user = userEvent.setup();
    const api = stubInvoicing();
    renderAdmin(october, { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Hold tilbake Leie, lokalkategori 2, LOK-2026-00012' }));
    const dialog = await screen.findByRole('dialog', { name: 'Hold tilbake leie, lokalkategori 2' });
    expect(dialog).toHaveTextContent('De åpne linjene for leie, lokalkategori 2 i oktober 2026 på LOK-2026-00012 blir ikke fakturert');
    expect(await axeViolations()).toEqual([]);

    await user.type(within(dialog).getByRole('textbox', { name: 'Begrunnelse' }), '   ');
    await user.click(within(dialog).getByRole('button', { name: 'Hold tilbake' }));
    expect(await within(dialog).findByText('Skriv hvorfor linjen holdes tilbake.')).toBeInTheDocument();
    expect(within(dialog).getByRole('textbox', { name: 'Begrunnelse' })).toHaveFocus();
    expect(api.callsTo('PUT', '/api/admin/booking/12/invoice-basis/hold')).toEqual([]);

    const reads = periodReads(api);
    await user.type(within(dialog).getByRole('textbox', { name: 'Begrunnelse' }), ' Timelisten er ikke kommet ');
    await user.click(within(dialog).getByRole('button', { name: 'Hold tilbake' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('PUT', '/api/admin/booking/12/invoice-basis/hold').map((c) => c.body)).toEqual([
      { held: true, period: '2026-10', element: 'LOKALKATEGORI_2', reason: 'Timelisten er ikke kommet' },
    ]);
    expect(periodReads(api)).toBeGreaterThan(reads);
    const release = await screen.findByRole('button', { name: 'Slipp Leie, lokalkategori 2, LOK-2026-00012' });
    await waitFor(() => expect(release).toHaveFocus());
    expect(screen.getByText('Holdt tilbake: Timelisten er ikke kommet')).toBeInTheDocument();
    expect(screen.getByText('Linjen holdes tilbake')).toBeInTheDocument();
  });

  it("shows the server's refusal in the dialog; 'Avbryt' sends nothing and gives the focus back", async () => {
    const user = userEvent.setup();
    stubInvoicing({
      answers: {
        'PUT /api/admin/booking/12/invoice-basis/hold': () =>
          jsonResponse(409, { code: 'CONFLICT', msg: 'invoiced', userMsg: 'Linjen er allerede fakturert.' }),
      },
    });
    renderAdmin(october, { user: siri });
    const opener = await screen.findByRole('button', { name: 'Hold tilbake Leie, lokalkategori 2, LOK-2026-00012' });
    await user.click(opener);
    let dialog = await screen.findByRole('dialog');
    await user.type(within(dialog).getByRole('textbox', { name: 'Begrunnelse' }), 'Sjekkes');
    await user.click(within(dialog).getByRole('button', { name: 'Hold tilbake' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Linjen er allerede fakturert.');

    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(opener).toHaveFocus());
    // Opened again, the dialog starts without the old refusal.
    await user.click(opener);
    dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('alert')).not.toBeInTheDocument();
  });

  it('holds a line by keyboard alone: Enter opens the dialog, the reason is typed, Tab and Enter send it', async () => {
    const user = userEvent.setup();
    const api = stubInvoicing();
    renderAdmin(october, { user: siri });
    (await screen.findByRole('button', { name: 'Hold tilbake Leie, markedspris, LOK-2026-00013' })).focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Hold tilbake leie, markedspris' });
    within(dialog).getByRole('textbox', { name: 'Begrunnelse' }).focus();
    await user.keyboard('Kreditten venter på ny avtale{Tab}');
    expect(within(dialog).getByRole('button', { name: 'Hold tilbake' })).toHaveFocus();
    await user.keyboard('{Enter}');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Slipp Leie, markedspris, LOK-2026-00013' })).toHaveFocus());
    expect(api.callsTo('PUT', '/api/admin/booking/13/invoice-basis/hold').map((c) => c.body)).toEqual([
      { held: true, period: '2026-10', element: 'MARKEDSPRIS', reason: 'Kreditten venter på ny avtale' },
    ]);
  });

  it("'Slipp' releases the element's lines of the month at once and keeps the focus on the line", async () => {
    const user = userEvent.setup();
    const api = stubInvoicing();
    renderAdmin(october, { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Slipp Etableringsgebyr, LOK-2026-00012' }));
    const hold = await screen.findByRole('button', { name: 'Hold tilbake Etableringsgebyr, LOK-2026-00012' });
    expect(api.callsTo('PUT', '/api/admin/booking/12/invoice-basis/hold').map((c) => c.body)).toEqual([
      { held: false, period: '2026-10', element: 'ETABLERING' },
    ]);
    await waitFor(() => expect(hold).toHaveFocus());
    expect(screen.queryByText(/Holdt tilbake: Venter på avtale/)).not.toBeInTheDocument();
  });

  it("'Legg til linje' by keyboard: the fields are checked with the contract's messages, the line is sent in øre with its sign", async () => {
    const user = userEvent.setup();
    const api = stubInvoicing();
    renderAdmin(october, { user: siri });
    const opener = await screen.findByRole('button', { name: 'Legg til linje for LOK-2026-00013' });
    opener.focus();
    await user.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Legg til linje på LOK-2026-00013' });
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Legg til linjen' }));
    const summary = await within(dialog).findByRole('heading', { name: 'For å legge til linjen må du rette opp følgende feil:' });
    await waitFor(() => expect(summary.closest('[tabindex="-1"]')).toHaveFocus());
    expect(within(dialog).getByRole('link', { name: 'Skriv beløpet i kroner, for eksempel 250 eller -250,50.' })).toBeInTheDocument();
    expect(within(dialog).getByRole('link', { name: 'Skriv hvorfor linjen legges til.' })).toBeInTheDocument();

    await user.type(within(dialog).getByRole('textbox', { name: 'Beløp i kroner' }), '0');
    await user.click(within(dialog).getByRole('button', { name: 'Legg til linjen' }));
    expect(await within(dialog).findByRole('link', { name: 'Beløpet kan ikke være 0.' })).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/booking/13/invoice-basis/adjustments')).toEqual([]);

    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Element' }), 'Ekstra renhold');
    await user.clear(within(dialog).getByRole('textbox', { name: 'Beløp i kroner' }));
    await user.type(within(dialog).getByRole('textbox', { name: 'Beløp i kroner' }), '-250,50');
    await user.type(within(dialog).getByRole('textbox', { name: 'Begrunnelse' }), 'Renhold ble ikke gjort');
    await user.keyboard('{Tab}{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/api/admin/booking/13/invoice-basis/adjustments').map((c) => c.body)).toEqual([
      { period: '2026-10', element: 'EKSTRA_RENHOLD', amountOre: -25_050, reason: 'Renhold ble ikke gjort' },
    ]);
    const ola = screen.getByRole('article', { name: 'LOK-2026-00013 Ola Nordmann' });
    expect(await within(ola).findByText('Begrunnelse: Renhold ble ikke gjort')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Legg til linje for LOK-2026-00013' })).toHaveFocus());
  });
});

describe("'Send fakturaer for oktober 2026'", () => {
  it('asks once, stating the invoices, credit notes and total, then shows what was made and skipped with the focus on it', async () => {
    const user = userEvent.setup();
    const api = stubInvoicing({ answers: { 'POST /api/admin/location/7/invoicing/run': octoberRun() } });
    renderAdmin(october, { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Send fakturaer for oktober 2026' }));
    const dialog = await screen.findByRole('dialog', { name: 'Sende fakturaer for oktober 2026?' });
    const items = within(within(dialog).getByRole('list', { name: 'Dette sendes' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(items).toEqual(['1 faktura: 1 125,00 kr', '1 kreditnota: 750,00 kr', 'Totalt: 375,00 kr']);
    expect(dialog).toHaveTextContent('1 booking har et problem og blir ikke fakturert.');
    expect(await axeViolations()).toEqual([]);

    const reads = periodReads(api);
    await user.click(within(dialog).getByRole('button', { name: 'Send fakturaene' }));
    const outcome = await screen.findByRole('heading', { name: 'Laget 1 faktura og 1 kreditnota for oktober 2026' });
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(api.callsTo('POST', '/api/admin/location/7/invoicing/run').map((c) => c.body)).toEqual([{ period: '2026-10' }]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    const made = screen.getByRole('table', { name: 'Laget nå' });
    expect(
      within(made)
        .getAllByRole('row')
        .map((r) => r.textContent),
    ).toEqual([
      'NummerTypeMottakerBeløpKanal',
      '1003FakturaSagene IL1 125,00 krEHF',
      '1004KreditnotaOla Nordmann750,00 krFaktura fra kommunens økonomisystem',
    ]);
    const skipped = within(screen.getByRole('list', { name: 'Ikke fakturert' })).getAllByRole('listitem');
    expect(skipped.map((li) => li.textContent)).toEqual([
      'LOK-2026-00014, Bjølsen Musikkorps: Organisasjonen mangler fakturaadresse i Enhetsregisteret.',
    ]);
    await waitFor(() => expect(periodReads(api)).toBeGreaterThan(reads));
    expect(await axeViolations()).toEqual([]);

    await user.click(screen.getByRole('button', { name: 'Lukk meldingen' }));
    expect(screen.queryByRole('heading', { name: /Laget 1 faktura/ })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Utsending' })).toHaveFocus();
  });

  it("a run that makes nothing says so; a refused run keeps the question open with the server's message", async () => {
    const user = userEvent.setup();
    let refuse = true;
    const api = stubInvoicing({
      answers: {
        'POST /api/admin/location/7/invoicing/run': () =>
          refuse
            ? jsonResponse(409, {
                code: 'CONFLICT',
                msg: 'running',
                userMsg: 'Fakturaene for oktober 2026 blir laget nå. Prøv igjen om litt.',
              })
            : { period: '2026-10', made: [], skipped: octoberRun().skipped },
      },
    });
    renderAdmin(october, { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Send fakturaer for oktober 2026' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Send fakturaene' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Fakturaene for oktober 2026 blir laget nå. Prøv igjen om litt.');

    refuse = false;
    await user.click(within(dialog).getByRole('button', { name: 'Send fakturaene' }));
    const outcome = await screen.findByRole('heading', { name: 'Ingen fakturaer ble laget for oktober 2026' });
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(screen.getByText('Denne ble ikke fakturert:')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/admin/location/7/invoicing/run')).toHaveLength(2);
  });

  it("'Avbryt' sends nothing", async () => {
    const user = userEvent.setup();
    const api = stubInvoicing();
    renderAdmin(october, { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Send fakturaer for oktober 2026' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Avbryt' }));
    expect(api.callsTo('POST', '/api/admin/location/7/invoicing/run')).toEqual([]);
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

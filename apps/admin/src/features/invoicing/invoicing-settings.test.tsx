import { describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { axeViolations } from '../../testing/axe-check';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse } from '../../testing/stub-api';
import { stubInvoicing } from './invoicing-test-api';

configure({ asyncUtilTimeout: 5000 });
setUpAdminTests({ scrollTo: 'stub' });

const october = '/admin/lokaler/7/faktura?periode=2026-10';

describe("the location's invoice settings", () => {
  it('shows the stored settings, refuses payment terms outside 7–60 days on the field, and saves by PUT', async () => {
    const user = userEvent.setup();
    const api = stubInvoicing();
    renderAdmin(october, { user: siri });
    const form = await screen.findByRole('form', { name: 'Fakturainnstillinger' });
    const enabled = await within(form).findByRole('checkbox', { name: 'Fakturer leie ved dette lokalet' });
    const days = within(form).getByRole('textbox', { name: 'Betalingsfrist (dager)' });
    expect(enabled).toBeChecked();
    expect(days).toHaveValue('14');
    expect(await axeViolations()).toEqual([]);

    await user.clear(days);
    await user.type(days, '5');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    const summary = await within(form).findByRole('heading', { name: 'For å lagre må du rette opp følgende feil:' });
    await waitFor(() => expect(summary.closest('[tabindex="-1"]')).toHaveFocus());
    expect(within(form).getAllByText('Betalingsfristen må være minst 7 dager.')).toHaveLength(2);
    await user.clear(days);
    await user.type(days, 'to uker');
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await within(form).findAllByText('Skriv betalingsfristen som et helt antall dager.')).toHaveLength(2);
    expect(api.callsTo('PUT', '/api/admin/location/7/invoice-settings')).toEqual([]);

    await user.clear(days);
    await user.type(days, ' 30 ');
    await user.click(enabled);
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Innstillingene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/location/7/invoice-settings').map((c) => c.body)).toEqual([
      { enabled: false, paymentTermsDays: 30 },
    ]);
    expect(days).toHaveValue('30');
    expect(enabled).not.toBeChecked();
  });

  it("shows the server's refusal of a save as the settings forms do", async () => {
    const user = userEvent.setup();
    stubInvoicing({
      answers: {
        'PUT /api/admin/location/7/invoice-settings': () =>
          jsonResponse(403, {
            code: 'FORBIDDEN',
            msg: 'city-wide only',
            userMsg: 'Bare en administrator for hele byen kan slå på fakturering.',
          }),
      },
    });
    renderAdmin(october, { user: siri });
    const form = await screen.findByRole('form', { name: 'Fakturainnstillinger' });
    await user.click(await within(form).findByRole('checkbox', { name: 'Fakturer leie ved dette lokalet' }));
    await user.click(within(form).getByRole('button', { name: 'Lagre' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent('Bare en administrator for hele byen kan slå på fakturering.');
  });

  it('asks before leaving the page with unsaved settings; another month is not leaving', async () => {
    const user = userEvent.setup();
    stubInvoicing();
    const { router } = renderAdmin(october, { user: siri });
    const form = await screen.findByRole('form', { name: 'Fakturainnstillinger' });
    await user.click(await within(form).findByRole('checkbox', { name: 'Fakturer leie ved dette lokalet' }));
    await user.click(screen.getByRole('link', { name: 'Neste måned (november 2026)' }));
    expect(await screen.findByRole('heading', { name: 'Fakturagrunnlag for november 2026' })).toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    await user.click(screen.getByRole('link', { name: 'Søknader' }));
    expect(await screen.findByRole('dialog')).toHaveTextContent('Du bør lagre endringer før du går ut');
    expect(router.state.location.pathname).toBe('/admin/lokaler/7/faktura');
  });
});

describe("an invoice's PDF", () => {
  it('is fetched with the token and saved under the name the server gives', async () => {
    const user = userEvent.setup();
    const api = stubInvoicing({
      answers: {
        'GET /api/admin/invoices/501/pdf': () =>
          new Response('%PDF-1.7', {
            status: 200,
            headers: { 'content-type': 'application/pdf', 'content-disposition': 'attachment; filename="faktura-1001.pdf"' },
          }),
      },
    });
    vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:pdf', revokeObjectURL: vi.fn() }));
    const saved: string[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    renderAdmin(october, { user: siri });
    await user.click(await screen.findByRole('link', { name: 'PDF av faktura 1001' }));
    await waitFor(() => expect(saved).toEqual(['faktura-1001.pdf']));
    const call = api.callsTo('GET', '/api/admin/invoices/501/pdf');
    expect(call).toHaveLength(1);
    const init = api.fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/admin/invoices/501/pdf'))![1]!;
    expect(new Headers(init.headers).get('Authorization')).toBe('Bearer admin-token');
    click.mockRestore();
  });
});

import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderForm } from '../../testing/render-form';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { AdminsForm } from './admins-form';

const siriEmail = 'siri.saksbehandler@oslo.kommune.no';
const kariEmail = 'kari.kollega@oslo.kommune.no';

function stubAdmins(overrides: Record<string, unknown> = {}) {
  let admins = [{ email: kariEmail }, { email: siriEmail }];
  const api = stubApi({
    '/api/currentuser/roles': { userId: 1, name: 'Siri Saksbehandler', email: siriEmail, portal: 'ADMIN', roles: ['ADMIN'] },
    'GET /api/location/7/admins': () => admins,
    'POST /api/location/7/admins': ({ body }: { body: { email: string } }) => {
      admins = [...admins, { email: body.email }].sort((a, b) => a.email.localeCompare(b.email));
      return admins;
    },
    'DELETE /api/location/7/admins': ({ url }: { url: URL }) => {
      const gone = url.searchParams.getAll('emails');
      admins = admins.filter((a) => !gone.includes(a.email));
      return admins;
    },
    ...overrides,
  });
  return api;
}

setUpAdminTests();

const adminList = async () => within(await screen.findByRole('list', { name: 'Tilganger' }));

describe('AdminsForm', () => {
  it('lists the administrators, oneself without a remove button, and adds one by e-mail (trimmed, lower-case)', async () => {
    const user = userEvent.setup();
    const api = stubAdmins();
    renderForm(<AdminsForm locationId={7} mode="settings" />);
    const list = await adminList();
    expect(list.getAllByRole('listitem').map((li) => li.firstChild?.textContent)).toEqual([kariEmail, `${siriEmail} (deg)`]);
    await waitFor(() => expect(list.queryByRole('button', { name: `Fjern ${siriEmail}` })).not.toBeInTheDocument());
    expect(list.getByRole('button', { name: `Fjern ${kariEmail}` })).toBeInTheDocument();

    await user.type(screen.getByRole('textbox', { name: 'E-postadresse til ny administrator' }), '  Nora.Nyadmin@Oslo.Kommune.no ');
    await user.click(screen.getByRole('button', { name: 'Legg til administrator' }));
    expect(await screen.findByText('nora.nyadmin@oslo.kommune.no er lagt til som administrator.')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/location/7/admins')[0]?.body).toEqual({ email: 'nora.nyadmin@oslo.kommune.no' });
    expect((await adminList()).getByText('nora.nyadmin@oslo.kommune.no')).toBeInTheDocument();
  });

  it('refuses an address that is not an e-mail, and shows the server refusing a duplicate', async () => {
    const user = userEvent.setup();
    const api = stubAdmins({
      'POST /api/location/7/admins': jsonResponse(409, {
        msg: 'Duplicate',
        userMsg: 'Denne e-postadressen er allerede administrator.',
        code: 'CONFLICT',
      }),
    });
    renderForm(<AdminsForm locationId={7} mode="settings" />);
    const field = await screen.findByRole('textbox', { name: 'E-postadresse til ny administrator' });
    await user.type(field, 'ikke-en-epost');
    await user.click(screen.getByRole('button', { name: 'Legg til administrator' }));
    expect(await screen.findByText('Skriv inn en gyldig e-postadresse')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/location/7/admins')).toEqual([]);

    await user.clear(field);
    await user.type(field, kariEmail);
    await user.click(screen.getByRole('button', { name: 'Legg til administrator' }));
    expect(await screen.findByText('Denne e-postadressen er allerede administrator.')).toBeInTheDocument();
  });

  it('removes an administrator after the confirmation, with the e-mail in the query', async () => {
    const user = userEvent.setup();
    const api = stubAdmins();
    renderForm(<AdminsForm locationId={7} mode="settings" />);
    await user.click((await adminList()).getByRole('button', { name: `Fjern ${kariEmail}` }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(`${kariEmail} mister tilgangen til lokalet.`);
    await user.click(within(dialog).getByRole('button', { name: 'Ja, fjern' }));
    expect(await screen.findByText(`${kariEmail} er fjernet som administrator.`)).toBeInTheDocument();
    expect(api.callsTo('DELETE', '/api/location/7/admins')[0]?.url.search).toBe(`?emails=${encodeURIComponent(kariEmail)}`);
    expect((await adminList()).queryByText(kariEmail)).not.toBeInTheDocument();
  });

  it("shows the server's message in the dialog when the last administrator cannot be removed", async () => {
    const user = userEvent.setup();
    stubAdmins({
      'DELETE /api/location/7/admins': jsonResponse(409, {
        msg: 'Last',
        userMsg: 'Lokalet må ha minst én administrator.',
        code: 'CONFLICT',
      }),
    });
    renderForm(<AdminsForm locationId={7} mode="settings" />);
    await user.click((await adminList()).getByRole('button', { name: `Fjern ${kariEmail}` }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: 'Ja, fjern' }));
    expect(await within(dialog).findByText('Lokalet må ha minst én administrator.')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect((await adminList()).getByText(kariEmail)).toBeInTheDocument();
  });

  it("adds an address still in the field on 'Lagre og gå videre' in the wizard, then moves on", async () => {
    const user = userEvent.setup();
    const api = stubAdmins();
    const onSaved = vi.fn();
    renderForm(<AdminsForm locationId={7} mode="wizard" onSaved={onSaved} />, { url: '/nytt-lokale/abc/tilganger' });
    await user.type(await screen.findByRole('textbox', { name: 'E-postadresse til ny administrator' }), 'ola@oslo.kommune.no');
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', '/api/location/7/admins')).toHaveLength(1);
  });
});

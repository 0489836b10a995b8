import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAVED_CHANGES_MESSAGE } from '@lokaler/ui/unsaved-changes-guard';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { buildLocationDetails, testAreas, testMapSettings } from '../../testing/location-setup';
import { renderForm } from '../../testing/render-form';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { LocationInfoForm } from './location-info-form';

function stubInfo(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/admin/location/7': buildLocationDetails(),
    '/api/geographicareas': testAreas,
    '/api/client-settings/map.json': testMapSettings,
    'PUT /api/admin/location/7': ({ body }: { body: object }) => ({ ...buildLocationDetails(), ...body }),
    ...overrides,
  });
}

setUpAdminTests({ scrollTo: 'spy' });

describe('LocationInfoForm', () => {
  it('saves every field trimmed, the position typed in, and moves on in the wizard', async () => {
    const user = userEvent.setup();
    const api = stubInfo();
    const onSaved = vi.fn();
    renderForm(<LocationInfoForm locationId={7} mode="wizard" onSaved={onSaved} />, { url: '/nytt-lokale/abc/informasjon-om-lokalet' });

    const name = await screen.findByRole('textbox', { name: 'Navn på lokalet' });
    expect(name).toHaveValue('Testskolen');
    expect(screen.getByRole('combobox', { name: 'Bydel' })).toHaveValue('sagene');
    await user.clear(name);
    await user.type(name, '  Testskolen nord ');
    await user.selectOptions(screen.getByRole('combobox', { name: /Filterkategori/ }), 'Bydelslokale');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Bydel' }), 'Gamle Oslo');
    await user.type(screen.getByRole('textbox', { name: 'Gateadresse' }), 'Skoleveien 1');
    await user.type(screen.getByRole('textbox', { name: 'Postnummer' }), '0474');
    await user.type(screen.getByRole('textbox', { name: /^Hjemmeside/ }), 'https://testskolen.no');
    await user.type(screen.getByRole('textbox', { name: /^Informasjonsmelding/ }), '<p>Velkommen</p>');
    await user.type(screen.getByRole('textbox', { name: 'Breddegrad' }), '59,93');
    await user.type(screen.getByRole('textbox', { name: 'Lengdegrad' }), '10.75');
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));

    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('PUT', '/api/admin/location/7')[0]?.body).toEqual({
      name: 'Testskolen nord',
      publicLocationType: 'SCHOOLS',
      filterCategory: 'DISTRICT_VENUES',
      geographicAreaId: 'gamle-oslo',
      streetAddress: 'Skoleveien 1',
      postCode: '0474',
      city: null,
      phoneNumber: null,
      contactEmail: null,
      homepage: 'https://testskolen.no',
      externalUrl: null,
      companyCode: null,
      informationMessage: '<p>Velkommen</p>',
      lat: 59.93,
      lng: 10.75,
    });
    expect(screen.queryByText('Innstillingene ble lagret')).not.toBeInTheDocument();
  });

  it('sets the position with a click on the map', async () => {
    stubInfo();
    renderForm(<LocationInfoForm locationId={7} mode="settings" />);
    const map = await screen.findByRole('region', { name: 'Kart: klikk der lokalet ligger' });
    fireEvent.click(map, { clientX: 10, clientY: 10 });
    const lat = screen.getByRole<HTMLInputElement>('textbox', { name: 'Breddegrad' });
    await waitFor(() => expect(lat).not.toHaveValue(''));
    expect(Number(lat.value)).toBeGreaterThan(50);
    expect(screen.getByRole<HTMLInputElement>('textbox', { name: 'Lengdegrad' }).value).toMatch(/^\d+(\.\d+)?$/);
  });

  it('lists what is wrong above the form and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubInfo();
    renderForm(<LocationInfoForm locationId={7} mode="settings" />);
    await user.clear(await screen.findByRole('textbox', { name: 'Navn på lokalet' }));
    await user.type(screen.getByRole('textbox', { name: 'Postnummer' }), '47');
    await user.type(screen.getByRole('textbox', { name: /^Hjemmeside/ }), 'javascript:alert(1)');
    await user.type(screen.getByRole('textbox', { name: 'Breddegrad' }), '59.9');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));

    const summary = await screen.findByText('For å lagre må du rette opp følgende feil:');
    const list = summary.closest('[tabindex="-1"]') as HTMLElement;
    expect(within(list).getByRole('link', { name: 'Du må fylle inn navn på lokalet' })).toHaveAttribute('href', '#lk-info-name');
    expect(within(list).getByRole('link', { name: 'Postnummer må være 4 siffer' })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: /gyldig nettadresse/ })).toBeInTheDocument();
    expect(within(list).getByRole('link', { name: 'Velg lokalets plassering i kartet' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Navn på lokalet' })).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('PUT', '/api/admin/location/7')).toEqual([]);
  });

  it("shows the server's message when the save is refused, and 'Innstillingene ble lagret' when it succeeds", async () => {
    const user = userEvent.setup();
    let refuse = true;
    stubInfo({
      'PUT /api/admin/location/7': ({ body }: { body: object }) =>
        refuse
          ? jsonResponse(422, { msg: 'Unknown area', userMsg: 'Ukjent bydel.', code: 'UNPROCESSABLE' })
          : { ...buildLocationDetails(), ...body },
    });
    renderForm(<LocationInfoForm locationId={7} mode="settings" />);
    await user.type(await screen.findByRole('textbox', { name: 'Poststed' }), 'Oslo');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Ukjent bydel.')).toBeInTheDocument();

    refuse = false;
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Innstillingene ble lagret')).toBeInTheDocument();
    expect(screen.queryByText('Ukjent bydel.')).not.toBeInTheDocument();
  });

  it('asks before leaving unsaved changes in the settings', async () => {
    const user = userEvent.setup();
    stubInfo();
    const { router } = renderForm(<LocationInfoForm locationId={7} mode="settings" />, { url: '/innstillinger/lokalet/informasjon' });
    await user.type(await screen.findByRole('textbox', { name: 'Poststed' }), 'Oslo');
    await user.click(screen.getByRole('link', { name: 'Til forsiden' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Bli på siden' }));
    expect(router.state.location.pathname).toBe('/innstillinger/lokalet/informasjon');
  });

  it('lets the wizard (/nytt-lokale) leave with unsaved changes: it saves step by step', async () => {
    const user = userEvent.setup();
    stubInfo();
    renderForm(<LocationInfoForm locationId={7} mode="wizard" />, { url: '/nytt-lokale/abc/informasjon-om-lokalet' });
    await user.type(await screen.findByRole('textbox', { name: 'Poststed' }), 'Oslo');
    await user.click(screen.getByRole('link', { name: 'Til forsiden' }));
    expect(await screen.findByText('Forsiden')).toBeInTheDocument();
  });
});

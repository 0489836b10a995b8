import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { UNSAVED_CHANGES_MESSAGE } from '@lokaler/ui/unsaved-changes-guard';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { buildLocationDetails, testAreas, testMapSettings, testPreferences, testRules } from '../../testing/location-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { stubApi } from '../../testing/stub-api';

const roles = (list: string[]) => ({ userId: 1, name: 'Siri Saksbehandler', email: 'siri@oslo.kommune.no', portal: 'ADMIN', roles: list });

function stubSettings(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [
      { id: 7, name: 'Tøyen skole' },
      { id: 4, name: 'Bjølsen skole' },
    ],
    '/api/currentuser/roles': roles(['ADMIN']),
    'GET /api/admin/location/4': buildLocationDetails({ id: 4, name: 'Bjølsen skole' }),
    'GET /api/admin/location/7': buildLocationDetails({ id: 7, name: 'Tøyen skole' }),
    '/api/geographicareas': testAreas,
    '/api/client-settings/map.json': testMapSettings,
    '/api/preferences/location/4': testPreferences,
    '/api/location/4/bookingrules': testRules,
    ...overrides,
  });
}

setUpAdminTests({ scrollTo: 'spy' });

describe('the settings of a location', () => {
  it('opens the first location (in Norwegian order) at its information, with the sections to choose from', async () => {
    stubSettings();
    const { router } = renderAdmin('/admin/innstillinger/lokalet', { user: siri });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/innstillinger/lokalet/informasjon'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Innstillinger for Bjølsen skole' })).toBeInTheDocument();
    expect(await screen.findByRole('textbox', { name: 'Navn på lokalet' })).toHaveValue('Bjølsen skole');
    const nav = screen.getByRole('navigation', { name: 'Innstillinger' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Informasjon om lokalet',
      'Åpningstider og stengte datoer',
      'Rom',
      'Tilganger',
      'Innstillinger',
      'Om lån og leie',
      'Blokkerte tider',
      'Refusjon',
      'Endringslogg',
    ]);
    expect(within(nav).getByRole('link', { name: 'Refusjon' })).toHaveAttribute('href', '/admin/innstillinger/lokalet/refusjon?lokale=4');
    expect(within(nav).getByRole('link', { name: 'Informasjon om lokalet' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Tilganger' })).toHaveAttribute('href', '/admin/innstillinger/lokalet/tilganger?lokale=4');
  });

  it('switches location with the chooser, and the form shows the chosen location', async () => {
    const user = userEvent.setup();
    stubSettings();
    const { router } = renderAdmin('/admin/innstillinger/lokalet/informasjon', { user: siri });
    await screen.findByRole('textbox', { name: 'Navn på lokalet' });
    await user.selectOptions(screen.getByRole('combobox', { name: 'Lokale' }), 'Tøyen skole');
    await waitFor(() => expect(router.state.location.search).toBe('?lokale=7'));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Navn på lokalet' })).toHaveValue('Tøyen skole'));
    expect(screen.getByRole('heading', { level: 1, name: 'Innstillinger for Tøyen skole' })).toBeInTheDocument();
  });

  it("asks before leaving a section with unsaved changes: 'Du bør lagre endringer før du går ut'", async () => {
    const user = userEvent.setup();
    stubSettings();
    const { router } = renderAdmin('/admin/innstillinger/lokalet/informasjon?lokale=4', { user: siri });
    await user.type(await screen.findByRole('textbox', { name: 'Poststed' }), 'Oslo');
    await user.click(within(screen.getByRole('navigation', { name: 'Innstillinger' })).getByRole('link', { name: 'Innstillinger' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent(UNSAVED_CHANGES_MESSAGE);
    await user.click(within(dialog).getByRole('button', { name: 'Gå ut uten å lagre' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/innstillinger/lokalet/innstillinger'));
    expect(await screen.findByRole('textbox', { name: /Behandlingstid/ })).toHaveValue('14');
  });

  it("shows the opening hours' tabs, each its own address", async () => {
    const user = userEvent.setup();
    stubSettings();
    const { router } = renderAdmin('/admin/innstillinger/lokalet/apningstider?lokale=4', { user: siri });
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/innstillinger/lokalet/apningstider/apningstider'));
    expect(router.state.location.search).toBe('?lokale=4');
    await user.click(await screen.findByRole('tab', { name: 'Stengte datoer' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/innstillinger/lokalet/apningstider/stengte-datoer'));
    expect(screen.getByRole('tab', { name: 'Stengte datoer' })).toHaveAttribute('aria-selected', 'true');
  });

  it("opens another location's settings for a city-wide administrator by ?lokale=, named from its details", async () => {
    stubSettings({
      '/api/currentuser/roles': roles(['CITY_ADMIN']),
      'GET /api/admin/location/30': buildLocationDetails({ id: 30, name: 'Testskolen' }),
    });
    renderAdmin('/admin/innstillinger/lokalet/informasjon?lokale=30', { user: siri });
    expect(await screen.findByRole('heading', { level: 1, name: 'Innstillinger for Testskolen' })).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Lokale' })).toHaveDisplayValue('Testskolen');
    expect(await screen.findByRole('textbox', { name: 'Navn på lokalet' })).toHaveValue('Testskolen');
  });

  it("points a city-wide administrator with no location of their own to 'Nye lokaler'", async () => {
    stubSettings({ '/api/currentuser/adminlocations': [], '/api/currentuser/roles': roles(['CITY_ADMIN']) });
    renderAdmin('/admin/innstillinger/lokalet', { user: siri });
    expect(await screen.findByText('Du administrerer ingen lokaler ennå.')).toBeInTheDocument();
    const main = screen.getByRole('main');
    expect(await within(main).findByRole('link', { name: 'Nye lokaler' })).toHaveAttribute('href', '/admin/innstillinger/nye-lokaler');
    expect(within(screen.getByRole('banner')).getByRole('link', { name: 'Nye lokaler' })).toBeInTheDocument();
  });
});

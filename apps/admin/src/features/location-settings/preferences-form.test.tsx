import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { testPreferences, testRules } from '../../testing/location-setup';
import { renderForm } from '../../testing/render-form';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { PreferencesForm } from './preferences-form';

function stubPreferences(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/preferences/location/7': testPreferences,
    'GET /api/location/7/bookingrules': testRules,
    'PUT /api/preferences/location/7': ({ body }: { body: unknown }) => body,
    'PUT /api/location/7/bookingrules': ({ body }: { body: { rules: object } }) => ({ ...testRules, ...body.rules }),
    ...overrides,
  });
}

setUpAdminTests();

describe('PreferencesForm', () => {
  it("saves the preferences and the booking rules, then shows 'Innstillingene ble lagret' for 3 seconds", async () => {
    const user = userEvent.setup();
    const api = stubPreferences();
    renderForm(<PreferencesForm locationId={7} mode="settings" />);
    const behandlingstid = await screen.findByRole('textbox', { name: /Behandlingstid/ });
    expect(behandlingstid).toHaveValue('14');
    expect(screen.getByRole('checkbox', { name: 'Krev kontrakt' })).toBeChecked();
    await user.clear(behandlingstid);
    await user.type(behandlingstid, ' 21 ');
    await user.type(screen.getByRole('textbox', { name: /Minste varighet/ }), '60');
    await user.click(screen.getByRole('checkbox', { name: 'Innbyggere kan bare velge én tid per søknad' }));
    await user.click(screen.getByRole('checkbox', { name: 'Lag vedtak' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));

    expect(await screen.findByText('Innstillingene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/preferences/location/7')[0]?.body).toEqual({
      ...testPreferences,
      behandlingstid: 21,
      minBookingDurationMinutes: 60,
      maxOneTimeslotPerBookingForPublicUser: true,
    });
    expect(api.callsTo('PUT', '/api/location/7/bookingrules')[0]?.body).toEqual({ rules: { ...testRules, ENABLE_VEDTAK: true } });
    const shownAt = Date.now();
    await waitFor(() => expect(screen.queryByText('Innstillingene ble lagret')).not.toBeInTheDocument(), { timeout: 6000 });
    expect(Date.now() - shownAt).toBeGreaterThanOrEqual(2500);
  });

  it('shows the fair-share limits (empty: the city-wide value), saves a changed one and an emptied one as null', async () => {
    const user = userEvent.setup();
    const api = stubPreferences();
    renderForm(<PreferencesForm locationId={7} mode="settings" />);
    const hours = await screen.findByRole('textbox', { name: 'Maks timer til behandling per søker og semester' });
    const applications = screen.getByRole('textbox', { name: 'Maks søknader til behandling per søker og semester' });
    expect(screen.getByRole('group', { name: /^Rettferdig fordeling/ })).toBeInTheDocument();
    expect(hours).toHaveValue('');
    expect(applications).toHaveValue('5');
    await user.type(hours, ' 60 ');
    await user.clear(applications);
    await user.type(screen.getByRole('textbox', { name: 'Maks rom per søknad' }), '4');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Innstillingene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/location/7/bookingrules')[0]?.body).toEqual({
      rules: { ...testRules, MAX_PENDING_HOURS: 60, MAX_PENDING_APPLICATIONS: null, MAX_ROOMS_PER_APPLICATION: 4 },
    });
  });

  it('refuses a limit that is not a whole number in bounds, naming it, and sends nothing', async () => {
    const user = userEvent.setup();
    const api = stubPreferences();
    renderForm(<PreferencesForm locationId={7} mode="settings" />);
    await user.type(await screen.findByRole('textbox', { name: 'Maks timer til behandling per søker og semester' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'Maks datoer per rom i en fast booking' }), '2,5');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByRole('link', { name: 'Maks timer må være et helt tall fra 1 til 2000' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Maks datoer må være et helt tall fra 1 til 1000' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/preferences/location/7')).toEqual([]);
    expect(api.callsTo('PUT', '/api/location/7/bookingrules')).toEqual([]);
  });

  it('refuses a behandlingstid over 365 days and a minimum duration off the 15-minute grid', async () => {
    const user = userEvent.setup();
    const api = stubPreferences();
    renderForm(<PreferencesForm locationId={7} mode="wizard" />);
    const behandlingstid = await screen.findByRole('textbox', { name: /Behandlingstid/ });
    await user.clear(behandlingstid);
    await user.type(behandlingstid, '400');
    await user.type(screen.getByRole('textbox', { name: /Minste varighet/ }), '50');
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));
    expect(await screen.findByRole('link', { name: 'Behandlingstid må være et helt antall dager fra 0 til 365' })).toBeInTheDocument();
    expect(
      screen.getByRole('link', { name: 'Minste varighet må være et antall minutter delelig med 15, fra 15 til 1440' }),
    ).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/preferences/location/7')).toEqual([]);
  });

  it("shows the server's message, sends no rules after refused preferences, and does not move on", async () => {
    const user = userEvent.setup();
    const api = stubPreferences({
      'PUT /api/preferences/location/7': jsonResponse(403, {
        msg: 'Forbidden',
        userMsg: 'Du har ikke tilgang til dette lokalet.',
        code: 'FORBIDDEN',
      }),
    });
    const onSaved = vi.fn();
    renderForm(<PreferencesForm locationId={7} mode="wizard" onSaved={onSaved} />, { url: '/nytt-lokale/abc/innstillinger' });
    await user.click(await screen.findByRole('button', { name: 'Lagre og gå videre' }));
    expect(await screen.findByText('Du har ikke tilgang til dette lokalet.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/location/7/bookingrules')).toEqual([]);
    expect(onSaved).not.toHaveBeenCalled();
  });
});

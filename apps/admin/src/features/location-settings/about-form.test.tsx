import { describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderForm } from '../../testing/render-form';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { AboutForm } from './about-form';

const about = { whoCanApply: '<p>Lag og foreninger</p>', locationCosts: null, loanCriteria: null };

function stubAbout(overrides: Record<string, unknown> = {}) {
  return stubApi({
    'GET /api/about/7': about,
    // A bare null would read as 'no stub': the answer is built.
    'GET /api/admin/location/7/tenant-info': () => jsonResponse(200, null),
    'PUT /api/admin/location/7/about': ({ body }: { body: unknown }) => body,
    'PUT /api/admin/location/7/tenant-info': ({ body }: { body: unknown }) => body,
    ...overrides,
  });
}

setUpAdminTests();

describe('AboutForm', () => {
  it('saves the texts alone while the practical information is left empty', async () => {
    const user = userEvent.setup();
    const api = stubAbout();
    const onSaved = vi.fn();
    renderForm(<AboutForm locationId={7} mode="wizard" onSaved={onSaved} />, { url: '/nytt-lokale/abc/om-lan-og-leie' });
    expect(await screen.findByRole('textbox', { name: /^Hvem kan søke/ })).toHaveValue('<p>Lag og foreninger</p>');
    await user.type(screen.getByRole('textbox', { name: /^Hva koster det/ }), '  Gratis for lag  ');
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/api/admin/location/7/about')[0]?.body).toEqual({
      whoCanApply: '<p>Lag og foreninger</p>',
      locationCosts: 'Gratis for lag',
      loanCriteria: null,
    });
    expect(api.callsTo('PUT', '/api/admin/location/7/tenant-info')).toEqual([]);
  });

  it('saves the practical information with links added and removed', async () => {
    const user = userEvent.setup();
    const api = stubAbout();
    renderForm(<AboutForm locationId={7} mode="settings" />);
    await user.type(await screen.findByRole('textbox', { name: 'Overskrift' }), 'Før dere kommer');
    await user.type(screen.getByRole('textbox', { name: 'Beskrivelse' }), 'Nøkkelen henter dere hos vaktmester.');
    await user.click(screen.getByRole('button', { name: 'Legg til lenke' }));
    await user.click(screen.getByRole('button', { name: 'Legg til lenke' }));
    await user.type(screen.getByRole('textbox', { name: 'Lenketekst 1' }), 'Branninstruks');
    await user.type(screen.getByRole('textbox', { name: 'Nettadresse 1' }), 'https://testskolen.no/brann');
    await user.click(screen.getByRole('button', { name: 'Fjern lenke 2' }));
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Innstillingene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/location/7/tenant-info')[0]?.body).toEqual({
      heading: 'Før dere kommer',
      description: 'Nøkkelen henter dere hos vaktmester.',
      links: [{ linkText: 'Branninstruks', url: 'https://testskolen.no/brann' }],
    });
  });

  it('asks for heading, description and a valid link once the practical information is begun', async () => {
    const user = userEvent.setup();
    const api = stubAbout();
    renderForm(<AboutForm locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Legg til lenke' }));
    await user.type(screen.getByRole('textbox', { name: 'Nettadresse 1' }), 'ftp://x');
    await user.click(screen.getByRole('button', { name: 'Lagre' }));
    expect(await screen.findByRole('link', { name: 'Du må fylle inn overskrift' })).toHaveAttribute('href', '#lk-about-tenantInfo-heading');
    expect(screen.getByRole('link', { name: 'Du må fylle inn beskrivelse' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Du må fylle inn lenketekst' })).toHaveAttribute(
      'href',
      '#lk-about-tenantInfo-links-0-linkText',
    );
    expect(screen.getByRole('link', { name: /gyldig nettadresse/ })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/admin/location/7/about')).toEqual([]);
  });

  it("shows the server's message when the texts are refused", async () => {
    const user = userEvent.setup();
    stubAbout({
      'PUT /api/admin/location/7/about': jsonResponse(400, { msg: 'Bad', userMsg: 'Teksten er for lang', code: 'BAD_REQUEST' }),
    });
    renderForm(<AboutForm locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Lagre' }));
    expect(await screen.findByText('Teksten er for lang')).toBeInTheDocument();
  });
});

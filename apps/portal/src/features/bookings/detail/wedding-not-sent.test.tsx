import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { buildUserBooking } from '../testing/booking-factories';
import { kariRoles, resetBrowserState } from '../testing/setup';
import { prefill } from '../testing/wedding-wizard-kit';

beforeEach(resetBrowserState);
afterEach(() => vi.unstubAllGlobals());

const wedding = (weddingHold: { expiresAtUtc: string; held: boolean } | null) =>
  buildUserBooking({
    bookingId: 42,
    sourceForm: 'wedding',
    status: 'UNPROCESSED',
    weddingHold,
    location: { ...buildUserBooking().location, name: 'Oslo rådhus' },
  });

function stubBooking(booking: ReturnType<typeof wedding>) {
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/booking/42': booking,
    '/api/user/retroactive-contract/42': { text: '' },
    '/api/user/booking/42/infoforleietaker': { heading: '', description: '', links: [] },
    '/api/user/booking/42/changes': [],
    '/api/user/form/wedding/prefill/42': prefill,
    '/api/user/form/wedding/42/wizard-open': { holdExpiresAtUtc: prefill.holdExpiresAtUtc },
  });
}

/** Decision 038: the booking page of a wedding whose form is not sent yet. */
describe('/bookinger/:bookingId of a held wedding not sent yet', () => {
  it('says the application is not sent, until when to finish it (Oslo time), and leads back into the wizard', async () => {
    stubBooking(wedding({ expiresAtUtc: '2030-01-01T12:35:00.000Z', held: true }));
    const { router } = renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByRole('heading', { level: 2, name: 'Søknaden er ikke sendt ennå' })).toBeInTheDocument();
    expect(screen.getByText('Tidspunktet er holdt av til deg – fullfør innen 13:35, ellers blir det ledig for andre.')).toBeInTheDocument();
    expect(screen.getByText('Ikke sendt')).toHaveAttribute('data-color', 'warning');
    expect(screen.queryByText('Venter på behandling')).not.toBeInTheDocument();
    expect(screen.queryByText(/Vi har mottatt søknaden om vielse/)).not.toBeInTheDocument();
    await userEvent.click(screen.getByRole('link', { name: 'Fullfør søknaden om vielse' }));
    expect(await screen.findByRole('heading', { level: 2, name: 'Steg 1 av 3: Informasjon' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/ny-booking/vielse/informasjon');
    expect(router.state.location.search).toBe('?bookingId=42');
  });

  it('says the time is no longer held once it is not, with no way into the wizard', async () => {
    stubBooking(wedding({ expiresAtUtc: '2030-01-01T12:35:00.000Z', held: false }));
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByText(/Søknaden ble ikke sendt, og tidspunktet er ikke lenger holdt av til deg/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Fullfør søknaden om vielse' })).not.toBeInTheDocument();
  });

  it('a sent wedding waiting for the office says so, as before', async () => {
    stubBooking(wedding(null));
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByText(/Vi har mottatt søknaden om vielse/)).toBeInTheDocument();
    expect(screen.getByText('Venter på behandling')).toBeInTheDocument();
    expect(screen.queryByText('Søknaden er ikke sendt ennå')).not.toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { buildReservation, buildUserBooking } from '../testing/booking-factories';
import { callsOf, json, kariRoles, resetBrowserState } from '../testing/setup';

beforeEach(resetBrowserState);
afterEach(() => vi.unstubAllGlobals());

const cancellable = buildUserBooking({
  status: 'UNPROCESSED',
  isCancellable: true,
  hasOslonokkelen: true,
  periodDescription: '12.03.2030 – 19.03.2030',
  reservations: [
    buildReservation({ status: 'UNPROCESSED', displayName: 'Gymsal (G1)', bookableAssetId: 1 }),
    buildReservation({ status: 'UNPROCESSED', displayName: 'Garderobe', bookableAssetId: 2, date: '2030-03-19' }),
    buildReservation({ status: 'UNPROCESSED', displayName: 'Gymsal (G1)', bookableAssetId: 1, date: '2030-03-19' }),
  ],
});

function stubCancel(patch: () => Response, booking = cancellable) {
  let cancelled = false;
  const fetchMock = stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/booking/42': () => json(cancelled ? { ...booking, status: 'CANCELLED', isCancellable: false } : booking),
    '/api/user/retroactive-contract/42': { text: '' },
    '/api/user/booking/42/infoforleietaker': { heading: '', description: '', links: [] },
    '/api/oslonokkelen/42/info': () => json({ msg: 'closed', code: 'NOT_FOUND' }, 404),
    '/api/booking/42': () => {
      const response = patch();
      cancelled = response.ok;
      return response;
    },
  });
  return fetchMock;
}

describe('/bookinger/:bookingId/kanseller', () => {
  it('shows rooms and period, asks for confirmation and explains what happens to the digital key', async () => {
    stubCancel(() => new Response(null, { status: 204 }));
    renderPortal('/bookinger/42/kanseller', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Kanseller booking' })).toBeInTheDocument();
    expect(screen.getByText('Gymsal (G1), Garderobe')).toBeInTheDocument();
    expect(screen.getByText('Periode')).toBeInTheDocument();
    expect(screen.getByText('12.03.2030 – 19.03.2030')).toBeInTheDocument();
    expect(screen.getByText(/Er du sikker på at du vil kansellere bookingen\?/)).toBeInTheDocument();
    expect(screen.getByText(/Oslonøkkelen-appen, trekkes tilgangen tilbake/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Avbryt' })).toHaveAttribute('href', '/bookinger/42');
  });

  it('cancels with PATCH status cancelled and goes back to the booking, now Kansellert', async () => {
    const user = userEvent.setup();
    const fetchMock = stubCancel(() => new Response(null, { status: 204 }));
    const { router } = renderPortal('/bookinger/42/kanseller', { user: kari });
    await user.click(await screen.findByRole('button', { name: 'Ja, kanseller bookingen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger/42'));
    expect(await screen.findByText('Kansellert')).toBeInTheDocument();
    const patch = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/booking/42' && init?.method === 'PATCH');
    expect(JSON.parse(String(patch?.[1]?.body))).toEqual({ status: 'cancelled' });
  });

  it("stays on the page with the server's reason when cancelling fails", async () => {
    const user = userEvent.setup();
    stubCancel(() => json({ msg: 'deadline passed', userMsg: 'Fristen for å kansellere har gått ut.', code: 'CONFLICT' }, 409));
    const { router } = renderPortal('/bookinger/42/kanseller', { user: kari });
    await user.click(await screen.findByRole('button', { name: 'Ja, kanseller bookingen' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Fristen for å kansellere har gått ut.');
    expect(router.state.location.pathname).toBe('/bookinger/42/kanseller');
  });

  it('offers no cancel button once the deadline has passed, only whom to contact', async () => {
    const fetchMock = stubCancel(() => new Response(null, { status: 204 }), buildUserBooking({ status: 'APPROVED', isCancellable: false }));
    renderPortal('/bookinger/42/kanseller', { user: kari });
    expect(await screen.findByText(/Ta kontakt med Sagene samfunnshus på sagene@example.no/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Ja, kanseller bookingen' })).not.toBeInTheDocument();
    expect(callsOf(fetchMock).some((c) => c.startsWith('PATCH'))).toBe(false);
  });
});

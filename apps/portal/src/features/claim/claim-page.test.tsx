import { describe, expect, it } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setUpPortalTests } from '../../testing/browser-state';
import { kari, renderPortal, stubApi } from '../../testing/render-portal';

const token = 'abcdefghijklmnopqrstuvwxyz012345';

setUpPortalTests();

describe('/claim/:token', () => {
  it("says 'Henter din booking', then opens the booking the link is for", async () => {
    let answer: (value: Response) => void = () => {};
    let asked = false;
    stubApi({
      [`/api/verifiedbookingaccess/${token}`]: () =>
        new Promise<Response>((resolve) => {
          answer = resolve;
          asked = true;
        }),
      '/api/user/booking/42': () => new Promise<Response>(() => {}),
    });
    const { router } = renderPortal(`/claim/${token}`, { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Henter din booking' })).toBeInTheDocument();
    // The heading can show before the request is sent: answer it once it is.
    await waitFor(() => expect(asked).toBe(true));
    answer(new Response(JSON.stringify({ bookingId: 42 }), { status: 200 }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger/42'));
  });

  it('shows an error state when the link is not valid', async () => {
    stubApi({
      [`/api/verifiedbookingaccess/${token}`]: () => new Response(JSON.stringify({ msg: 'gone', code: 'NOT_FOUND' }), { status: 404 }),
    });
    const { router } = renderPortal(`/claim/${token}`, { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vi kunne ikke hente bookingen' })).toBeInTheDocument();
    expect(screen.getByText('Lenken er ikke gyldig, eller den er allerede brukt.')).toBeInTheDocument();
    expect(screen.queryByText(/uventet feil/)).not.toBeInTheDocument();
    expect(router.state.location.pathname).toBe(`/claim/${token}`);
  });

  it('speaks of the link, not of fields, when the server refuses a malformed token', async () => {
    stubApi({
      '/api/verifiedbookingaccess/kort': () =>
        new Response(
          JSON.stringify({
            msg: 'params/token: Ugyldig lenke',
            userMsg: 'Noen av feltene er ikke riktig fylt ut.',
            code: 'VALIDATION',
            fields: [{ path: 'params.token', message: 'Ugyldig lenke' }],
          }),
          { status: 400 },
        ),
    });
    renderPortal('/claim/kort', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vi kunne ikke hente bookingen' })).toBeInTheDocument();
    expect(screen.getByText('Lenken er ikke gyldig, eller den er allerede brukt.')).toBeInTheDocument();
    expect(screen.queryByText('Noen av feltene er ikke riktig fylt ut.')).not.toBeInTheDocument();
  });

  it('does not blame the link when the server fails', async () => {
    stubApi({
      [`/api/verifiedbookingaccess/${token}`]: () => new Response(JSON.stringify({ msg: 'db down', code: 'INTERNAL' }), { status: 500 }),
    });
    renderPortal(`/claim/${token}`, { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Vi kunne ikke hente bookingen' })).toBeInTheDocument();
    expect(screen.getByText(/Det oppstod en uventet feil/)).toBeInTheDocument();
    expect(screen.queryByText('Lenken er ikke gyldig, eller den er allerede brukt.')).not.toBeInTheDocument();
  });

  it('asks for login first and comes back to the link', async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({});
    const { auth } = renderPortal(`/claim/${token}`);
    await user.click(await screen.findByRole('button', { name: 'Logg inn' }));
    expect(auth.loginCalls).toEqual([`/claim/${token}`]);
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('verifiedbookingaccess'))).toBe(false);
  });
});

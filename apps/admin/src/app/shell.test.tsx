import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { renderAdmin, siri } from '../testing/render-admin';

const fetchMock = vi.fn<typeof fetch>();
const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
  fetchMock.mockReset();
  fetchMock.mockImplementation(async (input) => {
    if (String(input) === '/api/currentuser/adminlocations')
      return json(200, [
        { id: 7, name: 'Tøyen skole' },
        { id: 4, name: 'Bjølsen skole' },
      ]);
    return json(404, { msg: 'not stubbed', code: 'NOT_FOUND' });
  });
  vi.stubGlobal('fetch', fetchMock);
});
afterEach(() => vi.unstubAllGlobals());

describe('admin shell', () => {
  it("shows the landing page with 'Logg inn' when logged out", async () => {
    const user = userEvent.setup();
    const { auth } = renderAdmin('/admin/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Lokaler administrasjon' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).queryByRole('button', { name: 'Logg ut' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(auth.loginCalls).toEqual(['/']);
    expect(fetchMock).not.toHaveBeenCalledWith('/api/currentuser/adminlocations', expect.anything());
  });

  it("shows the admin's name, 'Logg ut' and the locations they administer after login", async () => {
    renderAdmin('/admin/', { user: siri });
    const header = await screen.findByRole('banner');
    expect(within(header).getByText('Siri Saksbehandler')).toBeInTheDocument();
    expect(within(header).getByRole('button', { name: 'Logg ut' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Mine lokaler' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Lokaler du administrerer' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Bjølsen skole', 'Tøyen skole']);

    const [, init] = fetchMock.mock.calls.find(([url]) => url === '/api/currentuser/adminlocations')!;
    expect(new Headers(init?.headers).get('Authorization')).toBe('Bearer admin-token');
  });

  it('logs out and shows the landing page again', async () => {
    const user = userEvent.setup();
    const { auth } = renderAdmin('/admin/', { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Logg ut' }));
    expect(auth.logoutCalls).toBe(1);
    expect(await screen.findByRole('button', { name: 'Logg inn' })).toBeInTheDocument();
  });

  it("shows 'Feil ved henting av data' when the locations cannot be loaded", async () => {
    fetchMock.mockImplementation(async () =>
      json(403, { msg: 'Not an administrator', userMsg: 'Du har ikke tilgang til dette.', code: 'FORBIDDEN' }),
    );
    renderAdmin('/admin/', { user: siri });
    expect(await screen.findByText('Feil ved henting av data')).toBeInTheDocument();
    expect(screen.getByText('Du har ikke tilgang til dette.')).toBeInTheDocument();
  });

  it('redirects an unknown path to /admin/404', async () => {
    const { router } = renderAdmin('/admin/finnes-ikke');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beklager, men denne siden finnes ikke' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/404');
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/admin');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { setFeatureSwitch } from '@lokaler/ui/feature-switches';
import { resetBrowserState } from '../features/bookings/testing/setup';
import { kari, renderPortal, stubApi } from '../testing/render-portal';

const generic = 'Du har ikke tilgang til denne siden, eller du har blitt logget ut på grunn av inaktivitet.';
const unauthorized = () => new Response(JSON.stringify({ msg: 'Token expired', code: 'UNAUTHENTICATED' }), { status: 401 });

beforeEach(resetBrowserState);
afterEach(() => vi.unstubAllGlobals());

describe('HTTP 401 (spec 01/02 §8), handled in one place', () => {
  it('alerts once even when several calls fail together, ends the session and clears the impersonation cookie', async () => {
    setFeatureSwitch('orgLogin', true);
    const logoutCalls: (string | null)[] = [];
    stubApi({
      '/api/user/booking': unauthorized,
      '/api/user/impersonation/effectiveuser': unauthorized,
      '/api/user/impersonation/organizations/valid': unauthorized,
      '/api/currentuser/roles': unauthorized,
      '/api/user/logout': ({ init }: { init: RequestInit | undefined }) => {
        logoutCalls.push(new Headers(init?.headers).get('Authorization'));
        return new Response(null, { status: 204 });
      },
    });
    renderPortal('/bookinger?showImpersonationDialog=true', { user: kari });

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(generic);
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    expect(within(screen.getByRole('banner')).getByRole('button', { name: 'Mine bookinger' })).toBeInTheDocument();
    await waitFor(() => expect(logoutCalls).toEqual([null]));
    expect(screen.getAllByText(generic)).toHaveLength(1);
  });

  it('says why when the session runs out unrenewed (inactivity), above the login prompt', async () => {
    stubApi({ '/api/user/booking': [] });
    const { auth } = renderPortal('/bookinger', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mine bookinger' })).toBeInTheDocument();
    expect(screen.queryByText(generic)).toBeNull();

    act(() => auth.setUser(null));
    expect(await screen.findByRole('alert')).toHaveTextContent(generic);
    expect(screen.getByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    expect(screen.getAllByText(generic)).toHaveLength(1);
  });

  it("says nothing of inactivity when the person chose 'Logg ut'", async () => {
    const user = userEvent.setup();
    stubApi({ '/api/user/booking': [], '/api/user/logout': () => new Response(null, { status: 204 }) });
    const { auth } = renderPortal('/bookinger', { user: kari });
    const trigger = await within(await screen.findByRole('banner')).findByRole('button', { name: 'Kari Nordmann' });
    await user.click(trigger);
    const menu = document.getElementById(trigger.getAttribute('popovertarget') ?? '')!;
    await user.click(within(menu).getByRole('button', { name: 'Logg ut', hidden: true }));
    await waitFor(() => expect(auth.logoutCalls).toBe(1));
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    expect(screen.queryByText(generic)).toBeNull();
  });

  it("clears the impersonation cookie before 'Logg ut' ends the login session", async () => {
    const user = userEvent.setup();
    const order: string[] = [];
    stubApi({
      '/api/location': [],
      '/api/user/logout': () => {
        order.push('POST /api/user/logout');
        return new Response(null, { status: 204 });
      },
    });
    const { auth } = renderPortal('/', { user: kari });
    const trigger = await within(await screen.findByRole('banner')).findByRole('button', { name: 'Kari Nordmann' });
    await user.click(trigger);
    const menu = document.getElementById(trigger.getAttribute('popovertarget') ?? '')!;
    const logout = within(menu).getByRole('button', { name: 'Logg ut', hidden: true });
    const originalLogout = auth.logout;
    auth.logout = async () => {
      order.push('oidc logout');
      await originalLogout();
    };
    await user.click(logout);
    await waitFor(() => expect(order).toEqual(['POST /api/user/logout', 'oidc logout']));
  });

  it('still logs out when clearing the cookie fails', async () => {
    const user = userEvent.setup();
    stubApi({ '/api/location': [], '/api/user/logout': () => new Response('{}', { status: 500 }) });
    const { auth } = renderPortal('/', { user: kari });
    const trigger = await within(await screen.findByRole('banner')).findByRole('button', { name: 'Kari Nordmann' });
    await user.click(trigger);
    const menu = document.getElementById(trigger.getAttribute('popovertarget') ?? '')!;
    await user.click(within(menu).getByRole('button', { name: 'Logg ut', hidden: true }));
    await waitFor(() => expect(auth.logoutCalls).toBe(1));
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { clearClientLogHistory } from '@lokaler/api-client/frontend-error-log';
import { setFeatureSwitch } from '@lokaler/ui/feature-switches';
import { leavePage } from '@lokaler/ui/leave-page';
import { buildLocation } from '../testing/factories';
import { kari, renderPortal, stubApi } from '../testing/render-portal';

vi.mock('@lokaler/ui/leave-page', () => ({ leavePage: vi.fn() }));

const locations = [
  buildLocation({ id: 2, name: 'Tøyen skole', publicLocationType: 'SCHOOLS', geographicAreaName: 'Gamle Oslo' }),
  buildLocation({ id: 1, name: 'Østensjø bydelshus', publicLocationType: 'DISTRICT_VENUES', geographicAreaName: 'Østensjø' }),
  buildLocation({ id: 4, name: 'Biblioteket Grünerløkka', publicLocationType: 'LIBRARIES', geographicAreaName: 'Grünerløkka' }),
  buildLocation({
    id: 3,
    name: 'Aktivitetshuset Vika',
    publicLocationType: 'DISTRICT_VENUES',
    geographicAreaName: 'Frogner',
    externalUrl: 'https://vika.example.no',
  }),
];

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetApiClient();
  clearClientLogHistory();
  vi.stubGlobal('scrollTo', vi.fn());
  stubApi({ '/api/location': locations });
});
afterEach(() => vi.unstubAllGlobals());

/**
 * Opens the user menu. jsdom opens the popover (:popover-open) but still computes display:none for
 * it, so the items are queried with hidden: true after checking that the menu really is open.
 */
async function openUserMenu(user: ReturnType<typeof userEvent.setup>, name: string) {
  const trigger = await within(await screen.findByRole('banner')).findByRole('button', { name });
  await user.click(trigger);
  const menu = document.getElementById(trigger.getAttribute('popovertarget') ?? '');
  expect(menu).not.toBeNull();
  expect(menu!.matches(':popover-open')).toBe(true);
  const q = within(menu!);
  return {
    link: (label: string) => q.getByRole('link', { name: label, hidden: true }),
    button: (label: string) => q.getByRole('button', { name: label, hidden: true }),
    queryLink: (label: string) => q.queryByRole('link', { name: label, hidden: true }),
    queryButton: (label: string) => q.queryByRole('button', { name: label, hidden: true }),
  };
}

describe('header', () => {
  it("shows the login button 'Mine bookinger' when logged out, which logs in and returns to this page", async () => {
    const user = userEvent.setup();
    const { auth } = renderPortal('/oversikt?kategorier=skoler');
    const header = await screen.findByRole('banner');
    const login = within(header).getByRole('button', { name: 'Mine bookinger' });
    expect(within(header).queryByRole('button', { name: 'Kari Nordmann' })).not.toBeInTheDocument();

    await user.click(login);
    expect(auth.loginCalls).toEqual(['/oversikt?kategorier=skoler']);
  });

  it("shows the user menu with the user's name after login", async () => {
    const user = userEvent.setup();
    renderPortal('/', { user: kari });
    const header = await screen.findByRole('banner');
    expect(within(header).queryByRole('button', { name: 'Mine bookinger' })).not.toBeInTheDocument();

    await screen.findByRole('link', { name: 'Kontakt oss' }); // the footer's: the CONTACT_US setting has arrived
    const menu = await openUserMenu(user, 'Kari Nordmann');
    expect(menu.link('Mine bookinger')).toHaveAttribute('href', '/bookinger');
    expect(menu.link('Kontakt oss')).toHaveAttribute('href', '/kontakt-oss');
    expect(menu.link('Personvern')).toHaveAttribute('href', expect.stringContaining('oslo.kommune.no'));
    expect(menu.button('Logg ut')).toBeInTheDocument();
    expect(menu.queryButton('Bytt representasjon')).not.toBeInTheDocument();
  });

  it("offers 'Bytt representasjon' only when the orgLogin switch is on", async () => {
    setFeatureSwitch('orgLogin', true);
    const user = userEvent.setup();
    const { router } = renderPortal('/', { user: kari });
    // The addresses the router arrives at (while a page's code loads, it is still at the one before).
    const start = `${router.state.location.pathname}${router.state.location.search}`;
    const visited: string[] = [];
    router.subscribe((state) => {
      const at = `${state.location.pathname}${state.location.search}`;
      if (state.navigation.state === 'idle' && at !== (visited.at(-1) ?? start)) visited.push(at);
    });
    const menu = await openUserMenu(user, 'Kari Nordmann');
    await user.click(menu.button('Bytt representasjon'));
    // The choose-organisation dialog (spec 01 §2); /bookinger itself comes with a later issue.
    await waitFor(() => expect(visited[0]).toBe('/bookinger?showImpersonationDialog=true'));
  });

  it('shows the organisation a person acts for beside their name, and only their name as a private person', async () => {
    stubApi({
      '/api/location': locations,
      '/api/user/impersonation/effectiveuser': {
        name: 'Bjølsen IL',
        id: '998877665',
        impersonationId: '998877665',
        email: 'kari@example.no',
      },
    });
    const user = userEvent.setup();
    renderPortal('/', { user: kari });
    const menu = await openUserMenu(user, 'Kari Nordmann for Bjølsen IL');
    expect(menu.button('Logg ut')).toBeInTheDocument();
  });

  it('shows only the name of a person acting as themselves', async () => {
    const fetchMock = stubApi({
      '/api/location': locations,
      '/api/user/impersonation/effectiveuser': { name: 'Kari Nordmann', id: '1', impersonationId: null, email: 'kari@example.no' },
    });
    renderPortal('/', { user: kari });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/user/impersonation/effectiveuser')).toBe(true));
    expect(await within(screen.getByRole('banner')).findByRole('button', { name: 'Kari Nordmann' })).toBeInTheDocument();
  });

  it("hides 'Kontakt oss' when the CONTACT_US setting is not ENABLED", async () => {
    const user = userEvent.setup();
    const fetchMock = stubApi({
      '/api/location': locations,
      '/api/settings?setting=CONTACT_US': { name: 'CONTACT_US', value: 'DISABLED' },
    });
    renderPortal('/', { user: kari });
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/settings?setting=CONTACT_US')).toBe(true));
    const menu = await openUserMenu(user, 'Kari Nordmann');
    expect(menu.button('Logg ut')).toBeInTheDocument();
    expect(menu.queryLink('Kontakt oss')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Kontakt oss' })).not.toBeInTheDocument();
  });

  it("logs out with 'Logg ut' and shows the login button again", async () => {
    const user = userEvent.setup();
    const { auth } = renderPortal('/', { user: kari });
    const menu = await openUserMenu(user, 'Kari Nordmann');
    await user.click(menu.button('Logg ut'));
    expect(auth.logoutCalls).toBe(1);
    expect(await screen.findByRole('button', { name: 'Mine bookinger' })).toBeInTheDocument();
  });
});

describe('routes', () => {
  it('redirects an unknown path to /404', async () => {
    const { router } = renderPortal('/finnes/ikke');
    expect(await screen.findByRole('heading', { level: 1, name: 'Beklager, men denne siden finnes ikke' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/404');
    expect(document.title).toBe('Fant ikke siden – Lokaler');
  });

  it('serves /404 itself, with a link to the main page', async () => {
    renderPortal('/404');
    await screen.findByRole('heading', { name: 'Beklager, men denne siden finnes ikke' });
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
  });

  it('opens the map on /kart (spec 01 §2): the new search in its map view, the query kept', async () => {
    const { router } = renderPortal('/kart?loanType=singleLoan');
    await waitFor(() => expect(router.state.location.pathname).toBe('/portal'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({ loanType: 'singleLoan', searchType: 'map' });
    expect(await screen.findByRole('link', { name: 'Vis i kart' })).toHaveAttribute('aria-current', 'page');
  });

  it('leaves the portal for the admin app on /admin with a full page load', async () => {
    renderPortal('/admin');
    await screen.findByRole('heading', { name: 'Går til administrasjon' });
    expect(leavePage).toHaveBeenCalledWith('/admin/');
  });

  it('completes the login on /auth/callback and returns to the page the user came from', async () => {
    const { router } = renderPortal('/auth/callback?code=abc&state=xyz', { user: kari });
    await waitFor(() => expect(router.state.location.pathname).toBe('/oversikt'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Lokaler til lån og leie' })).toBeInTheDocument();
  });

  it("shows 'Ups, noe gikk galt' when the login setup fails, and reports it", async () => {
    const fetchMock = stubApi({});
    renderPortal('/', { loadAuthClient: () => Promise.reject(new Error('client settings unavailable')) });
    expect(await screen.findByRole('heading', { level: 1, name: 'Ups, noe gikk galt' })).toBeInTheDocument();
    expect(screen.getByText('Vennligst prøv igjen senere')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tilbake' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Gå til forsiden' })).toHaveAttribute('href', '/');
    await waitFor(() => expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/frontenderror')).toBe(true));
  });
});

describe('pages', () => {
  it('has the home page with one h1, the four category cards and the contact note', async () => {
    renderPortal('/');
    expect(await screen.findByRole('heading', { level: 1 })).toHaveTextContent('Finn lokaler til lån og leie');
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const nav = screen.getByRole('navigation', { name: 'Kategorier' });
    expect(
      within(nav)
        .getAllByRole('link')
        .map((a) => a.getAttribute('href')),
    ).toEqual([
      '/oversikt?kategorier=bydelslokaler',
      '/oversikt?kategorier=skoler',
      '/oversikt?kategorier=biblioteker',
      '/oversikt?kategorier=barnehager',
    ]);
    expect(screen.getByText(/Kontakt Kulturetaten på/)).toBeInTheDocument();
  });

  it("links the footer to the 'Tilgjengelighetserklæring': status, known deviations, testing, contact and enforcement", async () => {
    const user = userEvent.setup();
    const { router } = renderPortal('/');
    const footer = await screen.findByRole('contentinfo');
    await user.click(within(footer).getByRole('link', { name: 'Tilgjengelighetserklæring' }));
    expect(router.state.location.pathname).toBe('/tilgjengelighetserklaering');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tilgjengelighetserklæring' })).toBeInTheDocument();
    expect(
      within(screen.getByRole('main'))
        .getAllByRole('heading', { level: 2 })
        .map((h) => h.textContent),
    ).toEqual(['Status', 'Kjente avvik', 'Slik har vi testet', 'Fant du en feil?', 'Tilsyn og klage']);
    expect(screen.getByText(/delvis i samsvar/)).toBeInTheDocument();
    const main = within(screen.getByRole('main'));
    expect(main.getByRole('link', { name: 'postmottak@kul.oslo.kommune.no' })).toHaveAttribute(
      'href',
      'mailto:postmottak@kul.oslo.kommune.no',
    );
    expect(await main.findByRole('link', { name: 'kontaktskjemaet' })).toHaveAttribute(
      'href',
      '/kontakt-oss?referringPage=%2Ftilgjengelighetserklaering',
    );
    expect(screen.getByRole('link', { name: 'uutilsynet.no' })).toHaveAttribute('href', 'https://www.uutilsynet.no/');
    expect(document.title).toBe('Tilgjengelighetserklæring – Lokaler');
  });

  it('has a skip link to the main content and the header, main and footer landmarks', async () => {
    renderPortal('/');
    await screen.findByRole('heading', { level: 1 });
    expect(screen.getByRole('link', { name: 'Hopp til hovedinnhold' })).toHaveAttribute('href', '#main');
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    expect(screen.getByRole('banner')).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('lists the locations on /oversikt per category in Norwegian order, with links to their pages or external sites', async () => {
    renderPortal('/oversikt');
    const results = await screen.findByRole('region', { name: '4 resultater' });
    expect(
      within(results)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Tøyen skole', '/sted/2'],
      ['Biblioteket Grünerløkka', '/sted/4'],
      ['Aktivitetshuset Vika (åpnes i ny fane)', 'https://vika.example.no'],
      ['Østensjø bydelshus', '/sted/1'],
    ]);
    expect(within(results).getByRole('link', { name: /Aktivitetshuset Vika/ })).toHaveAttribute('target', '_blank');
    expect(within(results).getByText('Østensjø')).toBeInTheDocument();
  });

  it('filters /oversikt by the kategorier in the query', async () => {
    renderPortal('/oversikt?kategorier=skoler,biblioteker');
    await screen.findByText('2 resultater');
    expect(screen.getByRole('link', { name: 'Tøyen skole' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Biblioteket Grünerløkka' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Østensjø bydelshus' })).not.toBeInTheDocument();
  });

  it("shows 'Feil ved henting av data' with the server's message when the list cannot load", async () => {
    stubApi({
      '/api/location': () =>
        new Response(JSON.stringify({ msg: 'db down', userMsg: 'Lokalene kunne ikke hentes.', code: 'INTERNAL' }), { status: 500 }),
    });
    renderPortal('/oversikt');
    expect(await screen.findByText('Feil ved henting av data')).toBeInTheDocument();
    expect(screen.getByText('Lokalene kunne ikke hentes.')).toBeInTheDocument();
  });

  it('shows the new-portal invitation on the home page only while PORTAL_2_BETA is ENABLED', async () => {
    stubApi({ '/api/location': locations, '/api/settings?setting=PORTAL_2_BETA': { name: 'PORTAL_2_BETA', value: 'ENABLED' } });
    renderPortal('/');
    expect(await screen.findByRole('link', { name: 'Prøv den nye løsningen' })).toHaveAttribute('href', '/portal');
  });
});

describe('session end (spec 01 §8 HTTP 401)', () => {
  it('tells the user and logs them out when the API answers 401 to their token', async () => {
    stubApi({ '/api/location': () => new Response(JSON.stringify({ msg: 'Token expired', code: 'UNAUTHORIZED' }), { status: 401 }) });
    const { auth } = renderPortal('/oversikt', { user: kari });
    expect(
      await screen.findByText('Du har ikke tilgang til denne siden, eller du har blitt logget ut på grunn av inaktivitet.'),
    ).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Mine bookinger' })).toBeInTheDocument();
    await act(async () => expect(await auth.getUser()).toBeNull());
  });
});

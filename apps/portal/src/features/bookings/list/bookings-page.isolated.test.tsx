import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useAnswerInTransition } from '@lokaler/ui/answer-in-transition';
import { setFeatureSwitch } from '@lokaler/ui/feature-switches';
import { leavePage } from '@lokaler/ui/leave-page';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { privacyWarning } from '../impersonation/identity-panel';
import { buildSummary } from '../testing/booking-factories';
import { callsOf, json, kariRoles, resetBrowserState } from '../testing/setup';

vi.mock('@lokaler/ui/leave-page', () => ({ leavePage: vi.fn() }));
// The real hook, watched: the table's answer must come through it (decision 050).
vi.mock('@lokaler/ui/answer-in-transition', async (importOriginal) => {
  const real = await importOriginal<{ useAnswerInTransition: typeof useAnswerInTransition }>();
  return { useAnswerInTransition: vi.fn(real.useAnswerInTransition) };
});

beforeEach(() => {
  resetBrowserState();
  vi.mocked(leavePage).mockClear();
});
afterEach(() => vi.unstubAllGlobals());

const bookings = [
  buildSummary({
    bookingId: 3,
    status: 'UNPROCESSED',
    locationName: 'Sagene skole',
    createdTimeUtc: '2030-02-10T23:30:00Z',
    periodDescription: '14.03.2030',
  }),
  buildSummary({
    bookingId: 4,
    status: 'APPROVED',
    locationName: 'Sagene samfunnshus',
    createdTimeUtc: '2030-02-01T10:00:00Z',
    periodDescription: '20.03.2030 – 24.04.2030',
    caseNumber: 'LOK-2030-00004',
  }),
];

const organizations = [
  { orgnr: '998877665', orgNavn: 'Sagene Sjakklubb', rolleKode: 'KOMAB', impersonationId: '998877665' },
  { orgnr: '997766554', orgNavn: 'Tøyen Sportsklubb', rolleKode: 'KOMAB', impersonationId: '997766554' },
];

function stubBookings(extra: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/booking': bookings,
    '/api/user/impersonation/effectiveuser': { name: 'Kari Nordmann', id: '1', impersonationId: null, email: 'kari.nordmann@example.no' },
    '/api/user/impersonation/organizations/valid': organizations,
    ...extra,
  });
}

describe('/bookinger', () => {
  it('asks a logged-out person to log in and fetches nothing', async () => {
    const fetchMock = stubBookings();
    renderPortal('/bookinger');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('GET /api/user/booking');
  });

  it('lists the bookings with Opprettet, Sted, Dato, Status and a link each', async () => {
    stubBookings();
    renderPortal('/bookinger', { user: kari });
    const table = await screen.findByRole('table', { name: 'Mine bookinger' });
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Opprettet', 'Sted', 'Dato', 'Status', 'Åpne']);
    const rows = within(table).getAllByRole('row').slice(1);
    // Created just before midnight UTC is the next day in Oslo.
    expect(
      within(rows[0]!)
        .getAllByRole('cell')
        .map((td) => td.textContent),
    ).toEqual(['11.02.2030', 'Sagene skole', '14.03.2030', 'Venter på behandling', 'Se booking']);
    expect(within(rows[1]!).getByText('Godkjent')).toHaveAttribute('data-color', 'success');
    expect(within(rows[1]!).getByRole('link', { name: 'Se booking LOK-2030-00004 hos Sagene samfunnshus' })).toHaveAttribute(
      'href',
      '/bookinger/4',
    );
    expect(document.title).toBe('Mine bookinger – Lokaler');
  });

  it("shows an application in a semester round as 'Mottatt' with its 'Søknadsfrist' (decision 029)", async () => {
    stubBookings({
      '/api/user/booking': [
        buildSummary({ bookingId: 5, status: 'UNPROCESSED', round: { name: 'Høst', deadline: '2030-06-01', collected: true } }),
        ...bookings,
      ],
    });
    renderPortal('/bookinger', { user: kari });
    const table = await screen.findByRole('table', { name: 'Mine bookinger' });
    const [inRound, single] = within(table).getAllByRole('row').slice(1);
    expect(within(inRound!).getByText('Mottatt')).toHaveAttribute('data-color', 'info');
    expect(within(inRound!).getByText('Søknadsfrist 01.06.2030')).toBeInTheDocument();
    expect(within(single!).getByText('Venter på behandling')).toBeInTheDocument();
    expect(within(single!).queryByText(/Søknadsfrist/)).not.toBeInTheDocument();
  });

  it("shows a wedding time taken whose form is not sent as 'Ikke sendt', not as waiting (decision 038)", async () => {
    stubBookings({
      '/api/user/booking': [
        buildSummary({ bookingId: 6, sourceForm: 'wedding', status: 'UNPROCESSED', weddingNotSent: true }),
        ...bookings,
      ],
    });
    renderPortal('/bookinger', { user: kari });
    const table = await screen.findByRole('table', { name: 'Mine bookinger' });
    const [held, single] = within(table).getAllByRole('row').slice(1);
    expect(within(held!).getByText('Ikke sendt')).toHaveAttribute('data-color', 'warning');
    expect(within(held!).queryByText('Venter på behandling')).not.toBeInTheDocument();
    expect(within(single!).getByText('Venter på behandling')).toBeInTheDocument();
  });

  it('renders the table in a transition, not in the render the answer arrived in (decision 050)', async () => {
    vi.mocked(useAnswerInTransition).mockClear();
    stubBookings();
    renderPortal('/bookinger', { user: kari });
    await screen.findByRole('table', { name: 'Mine bookinger' });
    const answers = vi.mocked(useAnswerInTransition).mock.calls.map(([answer]) => answer);
    expect(answers).toContainEqual(bookings);
  });

  it('opens the booking on a click anywhere in its row', async () => {
    const user = userEvent.setup();
    stubBookings();
    const { router } = renderPortal('/bookinger', { user: kari });
    await user.click(await screen.findByText('Sagene samfunnshus'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/bookinger/4'));
  });

  it('says so when there are no bookings', async () => {
    stubBookings({ '/api/user/booking': [] });
    renderPortal('/bookinger', { user: kari });
    expect(await screen.findByText(/Du har ingen bookinger ennå/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Finn et lokale å låne eller leie' })).toHaveAttribute('href', '/oversikt');
  });

  it("shows 'Feil ved henting av data' with the server's message when the list cannot be loaded", async () => {
    stubBookings({ '/api/user/booking': () => json({ msg: 'Database unavailable', code: 'INTERNAL' }, 500) });
    renderPortal('/bookinger', { user: kari });
    expect(await screen.findByText('Feil ved henting av data')).toBeInTheDocument();
    expect(screen.getByText('Database unavailable')).toBeInTheDocument();
  });

  it('has no organisation panel or dialog while orgLogin is off', async () => {
    stubBookings();
    renderPortal('/bookinger?showImpersonationDialog=true', { user: kari });
    await screen.findByRole('table');
    expect(screen.queryByRole('heading', { name: 'Logg inn som' })).not.toBeInTheDocument();
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });
});

describe('/bookinger with orgLogin', () => {
  beforeEach(() => setFeatureSwitch('orgLogin', true));

  it('has a side panel that says who the person acts as, with the privacy warning for the PUBLIC group', async () => {
    stubBookings();
    renderPortal('/bookinger', { user: kari });
    const panel = await screen.findByRole('complementary', { name: 'Logg inn som' });
    expect(await within(panel).findByText(/Du er logget inn som privatperson/)).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Logg inn som organisasjon' })).toHaveAttribute(
      'href',
      '/bookinger?showImpersonationDialog=true',
    );
    expect(within(panel).queryByRole('button', { name: 'Logg inn som privatperson' })).not.toBeInTheDocument();
    expect(await within(panel).findByText(privacyWarning)).toBeInTheDocument();
  });

  it("asks 'Hvem vil du logge på som?', switches to the chosen organisation and loads /bookinger again", async () => {
    const user = userEvent.setup();
    const fetchMock = stubBookings({
      '/api/user/impersonation': () => json({ name: 'Tøyen Sportsklubb', id: '997766554', impersonationId: '997766554', email: null }),
    });
    renderPortal('/bookinger?showImpersonationDialog=true', { user: kari });
    const dialog = await screen.findByRole('dialog', { name: 'Hvem vil du logge på som?' });
    expect(await within(dialog).findByRole('radio', { name: /Privatperson/ })).toBeChecked();
    await user.click(await within(dialog).findByRole('radio', { name: /Tøyen Sportsklubb/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Logg inn' }));

    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/bookinger'));
    const post = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/user/impersonation' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ orgNo: '997766554', orgName: 'Tøyen Sportsklubb' });
  });

  it('switches back to the private person with an empty orgNo and NO_IMPERSONATION', async () => {
    const user = userEvent.setup();
    const fetchMock = stubBookings({
      '/api/user/impersonation/effectiveuser': {
        name: 'Sagene Sjakklubb',
        id: '998877665',
        impersonationId: '998877665',
        email: 'kari.nordmann@example.no',
      },
      '/api/user/impersonation': () => json({ name: 'Kari Nordmann', id: '1', impersonationId: null, email: null }),
    });
    renderPortal('/bookinger', { user: kari });
    const panel = await screen.findByRole('complementary', { name: 'Logg inn som' });
    expect(await within(panel).findByText(/Du er logget inn på vegne av/)).toHaveTextContent('Sagene Sjakklubb');
    await user.click(within(panel).getByRole('button', { name: 'Logg inn som privatperson' }));
    await waitFor(() => expect(leavePage).toHaveBeenCalledWith('/bookinger'));
    const post = fetchMock.mock.calls.find(([url, init]) => String(url) === '/api/user/impersonation' && init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ orgNo: '', orgName: 'NO_IMPERSONATION' });
  });

  it('shows the error and stays when the switch is refused', async () => {
    const user = userEvent.setup();
    stubBookings({
      '/api/user/impersonation': () =>
        json({ msg: 'not a representative', userMsg: 'Du kan ikke logge på som denne organisasjonen.', code: 'FORBIDDEN' }, 403),
    });
    renderPortal('/bookinger?showImpersonationDialog=true', { user: kari });
    const dialog = await screen.findByRole('dialog', { name: 'Hvem vil du logge på som?' });
    await user.click(await within(dialog).findByRole('radio', { name: /Sagene Sjakklubb/ }));
    await user.click(within(dialog).getByRole('button', { name: 'Logg inn' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Du kan ikke logge på som denne organisasjonen.');
    expect(leavePage).not.toHaveBeenCalled();
  });

  it('closes the dialog with Avbryt and stays on /bookinger', async () => {
    const user = userEvent.setup();
    stubBookings();
    const { router } = renderPortal('/bookinger?showImpersonationDialog=true', { user: kari });
    const dialog = await screen.findByRole('dialog', { name: 'Hvem vil du logge på som?' });
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(`${router.state.location.pathname}${router.state.location.search}`).toBe('/bookinger');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { closingMessages } from '@lokaler/domain/closing-with-bookings';
import { addDays, addYears } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { buildAdminRoom } from '../../testing/admin-location-schedule';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { installBrowserPolyfills, jsonResponse, stubApi, type StubRequest } from '../../testing/stub-api';

const slot = (startTime: string, extra: { booked?: boolean; blocked?: boolean } = {}) => ({
  startTime,
  duration: 'PT15M',
  booked: false,
  bookingAllowed: true,
  displayAsBlockedButAllowed: false,
  blocked: false,
  ...extra,
});
const quarters = ['10:00:00', '10:15:00', '10:30:00', '10:45:00'];
const schedule = {
  bookableAssetId: 3,
  timeslotsByDate: {
    '2026-12-07': [slot('10:00:00'), slot('10:15:00'), slot('10:30:00', { booked: true }), slot('10:45:00', { blocked: true })],
    '2026-12-08': quarters.map((t) => slot(t)),
    '2026-12-09': [],
    '2026-12-10': [],
    '2026-12-11': [],
    '2026-12-12': [],
    '2026-12-13': [],
  },
};
const put = '/api/bookableasset/3/blockedtimes';
const url = '/admin/innstillinger/lokalet/blokkerte-tider?lokale=7&rom=3&uke=2026-12-09';

function stub(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/admin/bookableasset/7/bookableassets': [buildAdminRoom({ id: 3, name: 'Gymsal' }), buildAdminRoom({ id: 4, name: 'Aula' })],
    'GET /api/bookableasset/3/blockedtimes/schedule': schedule,
    'GET /api/bookableasset/4/blockedtimes/schedule': { bookableAssetId: 4, timeslotsByDate: {} },
    [`PUT ${put}`]: (r: StubRequest) => ({
      bookableAssetId: 3,
      timeslotsByDate: Object.fromEntries(Object.keys((r.body as { timeslotsByDate: object }).timeslotsByDate).map((d) => [d, []])),
    }),
    ...overrides,
  });
}

beforeEach(() => {
  resetApiClient();
  installBrowserPolyfills();
});
afterEach(() => vi.unstubAllGlobals());

const cell = (name: string) => screen.getByRole('button', { name });

async function open() {
  const user = userEvent.setup();
  const view = renderAdmin(url, { user: siri });
  expect(await screen.findByRole('grid', { name: 'Gymsal, uke 50' })).toBeInTheDocument();
  return { user, ...view };
}

describe('blocked times week grid', () => {
  it('shows free, reserved and blocked slots, chooses a range by shift-click and blocks it', async () => {
    const api = stub();
    const { user, router } = await open();
    expect(cell('Blokker mandag 07.12 kl. 10:00')).toHaveAttribute('aria-pressed', 'false');
    expect(cell('Reservert mandag 07.12 kl. 10:30')).toHaveAttribute('aria-disabled', 'true');
    expect(cell('Åpne mandag 07.12 kl. 10:45 (blokkert)')).toHaveAttribute('aria-pressed', 'false');
    expect(screen.getAllByRole('columnheader')).toHaveLength(7);
    expect(api.callsTo('GET', '/api/bookableasset/3/blockedtimes/schedule')[0]?.url.search).toBe(
      '?fromInclusive=2026-12-07&toInclusive=2026-12-13',
    );

    await user.click(cell('Blokker mandag 07.12 kl. 10:00'));
    await user.keyboard('{Shift>}');
    await user.click(cell('Blokker tirsdag 08.12 kl. 10:30'));
    await user.keyboard('{/Shift}');
    expect(cell('Blokker mandag 07.12 kl. 10:15')).toHaveAttribute('aria-pressed', 'true');
    expect(cell('Reservert mandag 07.12 kl. 10:30')).not.toHaveAttribute('aria-pressed');
    expect(screen.getByText(/^5 tider à 15 minutter valgt\./)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Blokker valgte' }));

    expect(await screen.findByText('De valgte tidene ble blokkert')).toBeInTheDocument();
    expect(api.callsTo('PUT', put)[0]?.body).toEqual({
      timeslotsByDate: {
        '2026-12-07': [{ startTime: '10:00:00', blocked: true, duration: 'PT30M' }],
        '2026-12-08': [{ startTime: '10:00:00', blocked: true, duration: 'PT45M' }],
      },
    });
    expect(cell('Blokker mandag 07.12 kl. 10:00')).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Neste uke' }));
    await waitFor(() => expect(router.state.location.search).toContain('uke=2026-12-14'));
    await waitFor(() =>
      expect(api.callsTo('GET', '/api/bookableasset/3/blockedtimes/schedule').some((c) => c.url.search.includes('2026-12-14'))).toBe(true),
    );
  });

  it('is operated by keyboard: one tab stop, arrows move (over closed cells and edges), Space toggles, Shift+arrow extends', async () => {
    const api = stub();
    const { user } = await open();
    const first = cell('Blokker mandag 07.12 kl. 10:00');
    expect(first).toHaveAttribute('tabindex', '0');
    expect(
      within(screen.getByRole('grid'))
        .getAllByRole('button')
        .filter((b) => b.tabIndex === 0),
    ).toHaveLength(1);
    first.focus();
    await user.keyboard('{ArrowRight}');
    expect(cell('Blokker tirsdag 08.12 kl. 10:00')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    // Wednesday to Sunday are closed: the focus stays on Tuesday.
    expect(cell('Blokker tirsdag 08.12 kl. 10:00')).toHaveFocus();
    await user.keyboard('{ArrowDown} ');
    expect(cell('Blokker tirsdag 08.12 kl. 10:15')).toHaveAttribute('aria-pressed', 'true');
    expect(cell('Blokker tirsdag 08.12 kl. 10:15')).toHaveAttribute('tabindex', '0');
    await user.keyboard('{Shift>}{ArrowDown}{/Shift}');
    expect(cell('Blokker tirsdag 08.12 kl. 10:30')).toHaveFocus();
    expect(cell('Blokker tirsdag 08.12 kl. 10:30')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowLeft}');
    expect(cell('Reservert mandag 07.12 kl. 10:30')).toHaveFocus();
    await user.keyboard(' ');
    expect(cell('Reservert mandag 07.12 kl. 10:30')).not.toHaveAttribute('aria-pressed');
    await user.keyboard('{ArrowRight}{ArrowDown} ');
    expect(cell('Blokker tirsdag 08.12 kl. 10:45')).toHaveAttribute('aria-pressed', 'true');
    await user.keyboard('{ArrowUp} ');
    expect(cell('Blokker tirsdag 08.12 kl. 10:30')).toHaveAttribute('aria-pressed', 'false');

    await user.click(screen.getByRole('button', { name: 'Åpne valgte' }));
    expect(await screen.findByText('De valgte tidene ble åpnet')).toBeInTheDocument();
    expect(api.callsTo('PUT', put)[0]?.body).toEqual({
      timeslotsByDate: {
        '2026-12-08': [
          { startTime: '10:15:00', blocked: false, duration: 'PT15M' },
          { startTime: '10:45:00', blocked: false, duration: 'PT15M' },
        ],
      },
    });
  });

  it('repeats weekly up to an end date that is required and not after a year from today', async () => {
    const api = stub();
    const { user } = await open();
    await user.click(cell('Blokker mandag 07.12 kl. 10:00'));
    await user.click(screen.getByRole('checkbox', { name: 'Gjenta hver uke' }));
    await user.click(screen.getByRole('button', { name: 'Blokker valgte' }));
    expect(await screen.findByText('Feltet må fylles ut')).toBeInTheDocument();
    expect(screen.getByLabelText('Gjenta til og med')).toHaveFocus();

    const lastDate = addYears(todayInOslo(new Date()), 1);
    await user.type(screen.getByLabelText('Gjenta til og med'), addDays(lastDate, 1));
    await user.click(screen.getByRole('button', { name: 'Blokker valgte' }));
    expect(await screen.findByText(`Sluttdato kan ikke være etter ${formatDateNorwegian(lastDate)}`)).toBeInTheDocument();
    expect(api.callsTo('PUT', put)).toHaveLength(0);

    await user.clear(screen.getByLabelText('Gjenta til og med'));
    await user.type(screen.getByLabelText('Gjenta til og med'), '2026-12-21');
    await user.click(screen.getByRole('button', { name: 'Blokker valgte' }));
    await waitFor(() => expect(api.callsTo('PUT', put)).toHaveLength(1));
    expect(Object.keys((api.callsTo('PUT', put)[0]?.body as { timeslotsByDate: object }).timeslotsByDate)).toEqual([
      '2026-12-07',
      '2026-12-14',
      '2026-12-21',
    ]);
  });

  it("shows the server's message when the change is refused", async () => {
    stub({
      [`PUT ${put}`]: () => jsonResponse(400, { msg: 'bad', code: 'VALIDATION', userMsg: 'En blokkert tid kan ikke gå over midnatt' }),
    });
    const { user } = await open();
    await user.click(cell('Blokker mandag 07.12 kl. 10:00'));
    await user.click(screen.getByRole('button', { name: 'Blokker valgte' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('En blokkert tid kan ikke gå over midnatt');
  });

  it('a block over bookings (409 AFFECTED_BOOKINGS) lists them; cancelling sends the message with the decision', async () => {
    const affected = [
      {
        bookingId: 31,
        caseNumber: 'LOK-2026-031',
        status: 'APPROVED',
        applicantName: 'Kari Nordmann',
        organizationName: 'Sagene IF',
        times: [{ reservationId: 301, bookableAssetId: 3, roomName: 'Gymsal', date: '2026-12-14', startTime: '10:00', endTime: '11:00' }],
      },
    ];
    const api = stub({
      [`PUT ${put}`]: (r: StubRequest) =>
        (r.body as { affectedBookings?: unknown }).affectedBookings
          ? { bookableAssetId: 3, timeslotsByDate: {} }
          : jsonResponse(409, { msg: 'hits', code: 'AFFECTED_BOOKINGS', userMsg: closingMessages.affected, affectedBookings: affected }),
    });
    const { user } = await open();
    await user.click(cell('Blokker mandag 07.12 kl. 10:00'));
    await user.click(screen.getByRole('checkbox', { name: 'Gjenta hver uke' }));
    await user.type(screen.getByLabelText('Gjenta til og med'), '2026-12-14');
    await user.click(screen.getByRole('button', { name: 'Blokker valgte' }));
    const dialog = await screen.findByRole('dialog', { name: 'En booking har tider i perioden' });
    expect(dialog).toHaveTextContent('Gymsal blokkeres i de valgte tidene.');
    expect(within(dialog).getByRole('list', { name: 'Bookinger som berøres' })).toHaveTextContent(
      'Sagene IF (Kari Nordmann) – sak LOK-2026-031Gymsal: 14.12.2026 10:00–11:00',
    );
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(within(dialog).getByLabelText('Melding til dem som har booket'), 'Gymsalen brukes til eksamen.');
    await user.click(within(dialog).getByRole('button', { name: closingMessages.cancel }));
    expect(
      await screen.findByText('De valgte tidene ble blokkert. Bookingene i tidene er avlyst, og søkerne har fått melding.'),
    ).toBeInTheDocument();
    const [first, second] = api.callsTo('PUT', put);
    expect(second?.body).toEqual({
      ...(first?.body as object),
      affectedBookings: { decision: 'CANCEL', message: 'Gymsalen brukes til eksamen.' },
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
  });

  it('switches room through the room chooser', async () => {
    const api = stub();
    const { user, router } = await open();
    await user.selectOptions(screen.getByLabelText('Rom'), 'Aula');
    await waitFor(() => expect(router.state.location.search).toContain('rom=4'));
    expect(await screen.findByText('Rommet er stengt denne uken.')).toBeInTheDocument();
    expect(api.callsTo('GET', '/api/bookableasset/4/blockedtimes/schedule')).toHaveLength(1);
  });

  it('shows one day at a time on a narrow screen, with a day switcher', async () => {
    vi.stubGlobal('matchMedia', (query: string) => ({
      matches: query.includes('max-width'),
      addEventListener: () => {},
      removeEventListener: () => {},
    }));
    stub();
    const { user } = await open();
    expect(screen.getAllByRole('columnheader')).toHaveLength(1);
    const days = screen.getByRole('group', { name: 'Velg dag' });
    await user.click(within(days).getByRole('button', { name: /^tir\.? 8\.12\.$/ }));
    expect(within(days).getByRole('button', { name: /^tir\.? 8\.12\.$/ })).toHaveAttribute('aria-pressed', 'true');
    expect(screen.getByRole('columnheader')).toHaveTextContent(/tir/);
    expect(cell('Blokker tirsdag 08.12 kl. 10:45')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Blokker mandag 07.12 kl. 10:00' })).not.toBeInTheDocument();
  });
});

describe('blocked times accessibility', () => {
  it('has no axe violations with a choice made', async () => {
    stub();
    const { user } = await open();
    await user.click(cell('Blokker mandag 07.12 kl. 10:00'));
    await user.click(screen.getByRole('checkbox', { name: 'Gjenta hver uke' }));
    expect(await axeViolations()).toEqual([]);
  });
});

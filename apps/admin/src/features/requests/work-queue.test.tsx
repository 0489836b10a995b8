import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import type { AdminBookingListItem } from '@lokaler/domain/admin-booking-list';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { counts, item, listQueries, stubList } from '../../testing/request-list';

// The whole app renders per test; on a busy machine the default 1 s for findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5000 });

beforeEach(() => {
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
  // Wednesday 11 March 2026 in Oslo: this week runs to Sunday the 15th. Only the clock is fake.
  vi.useFakeTimers({ toFake: ['Date'] });
  vi.setSystemTime(new Date('2026-03-11T10:00:00Z'));
});
afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const queue: AdminBookingListItem[] = [
  item(1, { deadlineDate: '2026-03-10', createdTimeUtc: '2026-03-08T09:30:00.000Z', batchApprovable: true, applicantName: 'Amina Hassan' }),
  item(2, {
    deadlineDate: '2026-03-15',
    createdTimeUtc: '2026-03-11T07:00:00.000Z',
    assignee: { userId: 4, name: 'Jonas Driftsleder', assignedUtc: '2026-03-11T08:00:00.000Z' },
    batchApprovable: true,
    applicantName: 'Per Hansen',
    firstDate: '2026-03-18',
    lastDate: '2026-04-22',
  }),
  item(3, { deadlineDate: '2026-03-16', sourceForm: 'wedding' }),
  item(4, { deadlineDate: null, firstDate: null, lastDate: null }),
];
const rowOf = (caseNumber: string) => screen.getByRole('link', { name: caseNumber }).closest('tr')!;

function stubQueue(extra: Record<string, unknown> = {}) {
  return stubList({
    'GET /api/booking': () => ({ items: queue, total: queue.length, page: 0, pageSize: 25, countsByStatus: counts }),
    ...extra,
  });
}

describe('the work queue in the request list', () => {
  it('says each deadline, overdue and due this week in words, the age and the case officer, sorted by deadline', async () => {
    stubQueue();
    renderAdmin('/admin/lokaler/7/soknader', { user: siri });
    await screen.findByRole('link', { name: 'LOK-2026-00001' });
    expect(within(rowOf('LOK-2026-00001')).getByText('Fristen er passert')).toBeInTheDocument();
    expect(within(rowOf('LOK-2026-00001')).getByText('10.03.2026')).toBeInTheDocument();
    expect(within(rowOf('LOK-2026-00001')).getByText('3 dager')).toBeInTheDocument();
    expect(within(rowOf('LOK-2026-00002')).getByText('Frist denne uken')).toBeInTheDocument();
    expect(within(rowOf('LOK-2026-00002')).getByText('I dag')).toBeInTheDocument();
    expect(within(rowOf('LOK-2026-00002')).getByText('Jonas Driftsleder')).toBeInTheDocument();
    // Monday next week is neither.
    expect(within(rowOf('LOK-2026-00003')).queryByText(/Frist/)).toBeNull();
    expect(within(rowOf('LOK-2026-00004')).getByText('Ingen frist')).toBeInTheDocument();
    expect(within(rowOf('LOK-2026-00001')).getByText('Ingen')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Sortering' })).toHaveValue('deadline');
    expect(await axeViolations()).toEqual([]);
  });

  it("keeps 'Mine saker' in the URL and asks the server for the caller's cases", async () => {
    const user = userEvent.setup();
    const api = stubQueue();
    const { router } = renderAdmin('/admin/lokaler/7/soknader?sort=-created', { user: siri });
    await user.click(await screen.findByRole('checkbox', { name: /Mine saker/ }));
    await waitFor(() => expect(router.state.location.search).toBe('?assignee=me&sort=-created'));
    await waitFor(() => expect(listQueries(api).at(-1)).toMatchObject({ assignee: 'me', sort: '-created' }));
    expect(screen.getByRole('table', { name: /^Mine saker, Venter på behandling/ })).toBeInTheDocument();
  });

  it('links each row to the booking with the list it came from, for Neste søknad', async () => {
    stubQueue();
    renderAdmin('/admin/lokaler/7/soknader?status=ALL&text=kor', { user: siri });
    const link = await screen.findByRole('link', { name: 'LOK-2026-00002' });
    expect(link).toHaveAttribute('href', `/admin/soknader/2?liste=${encodeURIComponent('status=ALL&text=kor')}`);
  });

  it('approves the selected applications after one confirmation that names them, and reports a failure by name', async () => {
    const user = userEvent.setup();
    const api = stubQueue({
      'POST /api/booking/approve-batch': {
        results: [
          { bookingId: 1, caseNumber: 'LOK-2026-00001', applicantName: 'Amina Hassan', approved: true, message: null },
          {
            bookingId: 2,
            caseNumber: 'LOK-2026-00002',
            applicantName: 'Per Hansen',
            approved: false,
            message: 'Søknaden er allerede behandlet.',
          },
        ],
        approvedCount: 1,
        failedCount: 1,
      },
    });
    renderAdmin('/admin/lokaler/7/soknader', { user: siri });
    await screen.findByRole('link', { name: 'LOK-2026-00001' });
    // Only rows that can be approved together have a checkbox.
    expect(screen.queryByRole('checkbox', { name: 'Velg LOK-2026-00003' })).toBeNull();
    expect(screen.queryByRole('button', { name: /Godkjenn valgte/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Velg LOK-2026-00001' }));
    await user.click(screen.getByRole('checkbox', { name: 'Velg LOK-2026-00002' }));
    await user.click(screen.getByRole('button', { name: 'Godkjenn valgte (2)' }));

    const dialog = await screen.findByRole('dialog', { name: 'Godkjenne 2 søknader?' });
    const names = within(within(dialog).getByRole('list', { name: 'Søknader som godkjennes' }))
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(names).toEqual(['LOK-2026-00001 · Amina Hassan · 17.03.2026', 'LOK-2026-00002 · Per Hansen · 18.03.2026–22.04.2026']);
    expect(await axeViolations()).toEqual([]);
    const listCalls = listQueries(api).length;
    await user.click(within(dialog).getByRole('button', { name: 'Godkjenn 2 søknader' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/booking/approve-batch')).toHaveLength(1));
    expect(api.callsTo('POST', '/api/booking/approve-batch')[0]!.body).toEqual({ locationId: 7, bookingIds: [1, 2] });
    // The opener leaves with the selection: the outcome takes the focus.
    const outcome = await screen.findByRole('heading', { name: '1 søknad er godkjent' });
    await waitFor(() => expect(outcome).toHaveFocus());
    expect(screen.getByText('LOK-2026-00002, Per Hansen: Søknaden er allerede behandlet.')).toBeInTheDocument();
    await waitFor(() => expect(listQueries(api).length).toBeGreaterThan(listCalls));
    expect(screen.queryByRole('button', { name: /Godkjenn valgte/ })).toBeNull();
    expect(await axeViolations()).toEqual([]);
  });

  it('cancels the confirmation without sending anything', async () => {
    const user = userEvent.setup();
    const api = stubQueue();
    renderAdmin('/admin/lokaler/7/soknader', { user: siri });
    await user.click(await screen.findByRole('checkbox', { name: 'Velg LOK-2026-00001' }));
    await user.click(screen.getByRole('button', { name: 'Godkjenn valgte (1)' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Godkjenne 1 søknad?' })).getByRole('button', { name: 'Avbryt' }));
    expect(api.callsTo('POST', '/api/booking/approve-batch')).toEqual([]);
    expect(screen.getByRole('button', { name: 'Godkjenn valgte (1)' })).toBeInTheDocument();
  });
});

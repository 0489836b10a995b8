import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAdminBooking, buildAdminWedding } from '../testing/admin-booking';
import { setUpAdminTests } from '../testing/admin-test-setup';
import { axeViolations } from '../testing/axe-check';
import { renderAdmin, siri } from '../testing/render-admin';
import { stubApi } from '../testing/stub-api';
import { NO_MORE_APPLICATIONS } from './next-application';

configure({ asyncUtilTimeout: 5000 });
setUpAdminTests({ scrollTo: 'stub' });

const list = 'status=UNPROCESSED&text=kor&sort=-created';
const liste = `liste=${encodeURIComponent(list)}`;
const nextCalls = (api: ReturnType<typeof stubApi>) =>
  api.callsTo('GET', '/api/booking/next').map((c) => Object.fromEntries(c.url.searchParams));

/** Booking 5 (or the wedding 9), which becomes `decided` after the decision is sent. */
function stubDecision(next: number | null, decided: 'REJECTED' | 'APPROVED', wedding = false) {
  let status: 'UNPROCESSED' | 'REJECTED' | 'APPROVED' = 'UNPROCESSED';
  const id = wedding ? 9 : 5;
  // The town hall's wedding: no vedtak or contract, so it is approved at once.
  const build = wedding
    ? (change: { status: typeof status }) => buildAdminWedding({ enableVedtak: false, requireContract: false, ...change })
    : buildAdminBooking;
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    [`GET /api/booking/${id}`]: () => build({ status }),
    [`/api/booking-log/${id}/changes`]: [],
    [`/api/booking-log/${id}/email-reminders`]: [],
    [`GET /api/booking/${id}/comment`]: { comment: '' },
    [`GET /api/booking/${id}/assignee`]: { assignee: null, heldByMe: false },
    '/api/rejection-choices': [{ key: 'OPPTATT', title: 'Lokalet er opptatt', text: 'Lokalet er opptatt.' }],
    'PUT /api/booking/5/reject': () => {
      status = decided;
      return { bookingId: 5, status: 'REJECTED', contractRequired: false, vedtakStored: false, contractStored: false };
    },
    'PUT /api/booking/9/approve': () => {
      status = decided;
      return { bookingId: 9, status: 'APPROVED', contractRequired: false, vedtakStored: false, contractStored: false };
    },
    'GET /api/booking/next': { bookingId: next },
  });
}

describe("'Neste søknad' after a decision", () => {
  it('opens the next application in the list it came from after a rejection, keeping the list', async () => {
    const user = userEvent.setup();
    const api = stubDecision(12, 'REJECTED');
    const { router } = renderAdmin(`/admin/soknader/5?${liste}`, { user: siri });
    // Undecided: no 'Neste søknad' yet; the way to the approval page keeps the list.
    expect(await screen.findByRole('link', { name: 'Godkjenn søknaden' })).toHaveAttribute('href', `/admin/soknader/5/godkjenn?${liste}`);
    expect(screen.getByRole('link', { name: 'Søknader for Bjølsen skole' })).toHaveAttribute('href', `/admin/lokaler/7/soknader?${list}`);
    expect(screen.queryByRole('link', { name: 'Neste søknad' })).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Avslå søknaden' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Lokalet er opptatt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Avslå søknaden' }));

    const next = await screen.findByRole('link', { name: 'Neste søknad' });
    expect(next).toHaveAttribute('href', `/admin/soknader/12?${liste}`);
    expect(nextCalls(api).at(-1)).toEqual({ locationId: '7', status: 'UNPROCESSED', text: 'kor', sort: '-created', after: '5' });
    expect(await axeViolations()).toEqual([]);
    await user.click(next);
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/12'));
    expect(router.state.location.search).toBe(`?${liste}`);
  });

  it('says when there are no more, with the way back to the list', async () => {
    stubDecision(null, 'REJECTED');
    renderAdmin(`/admin/soknader/5?${liste}`, { user: siri });
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Avslå søknaden' }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('radio', { name: 'Lokalet er opptatt' }));
    await user.click(within(dialog).getByRole('button', { name: 'Avslå søknaden' }));
    expect(await screen.findByText(NO_MORE_APPLICATIONS)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Tilbake til søknadene' })).toHaveAttribute('href', `/admin/lokaler/7/soknader?${list}`);
    expect(await axeViolations()).toEqual([]);
  });

  it('comes back from the approval page with the list, and offers the next one', async () => {
    const user = userEvent.setup();
    stubDecision(14, 'APPROVED', true);
    const { router } = renderAdmin(`/admin/soknader/9/godkjenn?${liste}`, { user: siri });
    await user.click(await screen.findByRole('button', { name: 'Godkjenn søknaden' }));
    await user.click(
      within(await screen.findByRole('dialog', { name: 'Godkjenne søknaden?' })).getByRole('button', { name: 'Ja, godkjenn' }),
    );
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/9'));
    expect(router.state.location.search).toBe(`?${liste}`);
    expect(await screen.findByRole('link', { name: 'Neste søknad' })).toHaveAttribute('href', `/admin/soknader/14?${liste}`);
  });

  it('offers nothing on a booking not opened from a list', async () => {
    const api = stubDecision(12, 'REJECTED');
    renderAdmin('/admin/soknader/5', { user: siri });
    await screen.findByRole('button', { name: 'Avslå søknaden' });
    expect(screen.queryByRole('link', { name: 'Neste søknad' })).toBeNull();
    expect(nextCalls(api)).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { BookingStatus } from '@lokaler/domain/booking';
import { buildAdminBooking } from '../../testing/admin-booking';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi, type StubRequest } from '../../testing/stub-api';

configure({ asyncUtilTimeout: 5000 });
setUpAdminTests({ scrollTo: 'stub' });

const jonas = { userId: 4, name: 'Jonas Driftsleder', assignedUtc: '2026-03-11T08:00:00.000Z' };
const me = { userId: 2, name: 'Siri Saksbehandler', assignedUtc: '2026-03-11T09:15:00.000Z' };

function stubCase(assignee: [typeof jonas | null], put: (request: StubRequest) => unknown, status: BookingStatus = 'UNPROCESSED') {
  let current = assignee[0] ?? null;
  let mine = false;
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/booking/5': buildAdminBooking({ status }),
    '/api/booking-log/5/changes': [],
    '/api/booking-log/5/email-reminders': [],
    'GET /api/booking/5/comment': { comment: '' },
    'GET /api/booking/5/assignee': () => ({ assignee: current, heldByMe: mine }),
    'PUT /api/booking/5/assignee': (request: StubRequest) => {
      const answer = put(request);
      if (answer instanceof Response) return answer;
      current = me;
      mine = true;
      return { assignee: me, heldByMe: true };
    },
    'DELETE /api/booking/5/assignee': () => {
      current = null;
      mine = false;
      return { assignee: null, heldByMe: false };
    },
  });
}

describe("the case officer on the booking page ('Ta saken')", () => {
  it('takes a free case, says so, and gives it up again', async () => {
    const user = userEvent.setup();
    const api = stubCase([null], () => null);
    renderAdmin('/admin/soknader/5', { user: siri });
    const section = await screen.findByRole('region', { name: 'Saksbehandler' });
    expect(await within(section).findByText('Ingen har tatt saken ennå.')).toBeInTheDocument();
    await user.click(within(section).getByRole('button', { name: 'Ta saken' }));
    expect(await within(section).findByText('Du har saken (tatt 11.03.2026 10:15).')).toBeInTheDocument();
    // The button that was pressed is gone: the focus is on the one that replaced it.
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Gi fra deg saken' })).toHaveFocus());
    expect(api.callsTo('PUT', '/api/booking/5/assignee')[0]!.body).toEqual({ takeOver: false });
    expect(await axeViolations()).toEqual([]);
    await user.click(within(section).getByRole('button', { name: 'Gi fra deg saken' }));
    expect(await within(section).findByText('Ingen har tatt saken ennå.')).toBeInTheDocument();
    await waitFor(() => expect(within(section).getByRole('button', { name: 'Ta saken' })).toHaveFocus());
    expect(api.callsTo('DELETE', '/api/booking/5/assignee')).toHaveLength(1);
  });

  it("asks before taking over another's case, and sends the take-over only after yes", async () => {
    const user = userEvent.setup();
    const api = stubCase([jonas], () => null);
    renderAdmin('/admin/soknader/5', { user: siri });
    const section = await screen.findByRole('region', { name: 'Saksbehandler' });
    expect(await within(section).findByText('Jonas Driftsleder har saken (tatt 11.03.2026 09:00).')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Ta saken' })).toBeNull();
    await user.click(within(section).getByRole('button', { name: 'Ta over saken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta over saken?' });
    expect(within(dialog).getByText('Saken er tatt av Jonas Driftsleder. Vil du ta den over?')).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(api.callsTo('PUT', '/api/booking/5/assignee')).toEqual([]);

    await user.click(within(section).getByRole('button', { name: 'Ta over saken' }));
    await user.click(within(await screen.findByRole('dialog', { name: 'Ta over saken?' })).getByRole('button', { name: 'Ta over saken' }));
    await waitFor(() => expect(api.callsTo('PUT', '/api/booking/5/assignee')[0]?.body).toEqual({ takeOver: true }));
    expect(await within(section).findByText(/^Du har saken/)).toBeInTheDocument();
  });

  it("asks with the server's name when someone took the case first (409)", async () => {
    const user = userEvent.setup();
    const api = stubCase([null], (request) =>
      (request.body as { takeOver: boolean }).takeOver
        ? null
        : jsonResponse(409, { msg: 'taken', code: 'CONFLICT', userMsg: 'Saken er tatt av Jonas Driftsleder.' }),
    );
    renderAdmin('/admin/soknader/5', { user: siri });
    const section = await screen.findByRole('region', { name: 'Saksbehandler' });
    await user.click(await within(section).findByRole('button', { name: 'Ta saken' }));
    const dialog = await screen.findByRole('dialog', { name: 'Ta over saken?' });
    expect(within(dialog).getByText('Saken er tatt av Jonas Driftsleder. Vil du ta den over?')).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Ta over saken' }));
    await waitFor(() =>
      expect(api.callsTo('PUT', '/api/booking/5/assignee').map((c) => c.body)).toEqual([{ takeOver: false }, { takeOver: true }]),
    );
    expect(await within(section).findByText(/^Du har saken/)).toBeInTheDocument();
  });

  it.each(['REJECTED', 'CANCELLED', 'AUTOREJECTED'] as const)('offers no take on a finished booking (%s)', async (status) => {
    stubCase([null], () => null, status);
    renderAdmin('/admin/soknader/5', { user: siri });
    const section = await screen.findByRole('region', { name: 'Saksbehandler' });
    expect(await within(section).findByText('Ingen har tatt saken ennå.')).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: 'Ta saken' })).toBeNull();
  });

  it("offers no take-over of another's finished booking", async () => {
    stubCase([jonas], () => null, 'REJECTED');
    renderAdmin('/admin/soknader/5', { user: siri });
    const section = await screen.findByRole('region', { name: 'Saksbehandler' });
    expect(await within(section).findByText(/^Jonas Driftsleder har saken/)).toBeInTheDocument();
    expect(within(section).queryByRole('button', { name: /Ta (over )?saken/ })).toBeNull();
  });
});

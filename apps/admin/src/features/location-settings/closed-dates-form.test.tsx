import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { closedDateMessages } from '@lokaler/domain/opening-hours';
import { axeViolations } from '../../testing/axe-check';
import { renderInApp } from '../../testing/render-in-app';
import { installBrowserPolyfills, jsonResponse, stubApi } from '../../testing/stub-api';
import { closingMessages } from '@lokaler/domain/closing-with-bookings';
import { CLOSED_DATES_CANCELLED, CLOSED_DATES_KEPT, ClosedDatesForm } from './closed-dates-form';

const path = '/api/admin/location/7/closeddates';
const christmas = { id: 4, fromDate: '2026-12-24', toDate: '2026-12-26', reason: 'Julestengt' };

beforeEach(() => {
  resetApiClient();
  installBrowserPolyfills();
});

async function fill(user: ReturnType<typeof userEvent.setup>, from: string, to: string, reason: string) {
  if (from) await user.type(screen.getByLabelText('Fra og med dato'), from);
  if (to) await user.type(screen.getByLabelText('Til og med dato'), to);
  if (reason) await user.type(screen.getByLabelText('Begrunnelse'), reason);
}

describe('ClosedDatesForm', () => {
  it('lists the ranges as dd.MM.yyyy–dd.MM.yyyy with their reason and adds one', async () => {
    const api = stubApi({
      [`GET ${path}`]: [christmas],
      [`POST ${path}`]: { id: 5, fromDate: '2027-04-01', toDate: '2027-04-01', reason: 'Påske' },
    });
    const user = userEvent.setup();
    renderInApp(<ClosedDatesForm locationId={7} mode="settings" />);
    const row = (await screen.findByRole('cell', { name: '24.12.2026–26.12.2026' })).closest('tr')!;
    expect(within(row).getByText('Julestengt')).toBeInTheDocument();
    await fill(user, '2027-04-01', '2027-04-01', '  Påske ');
    await user.click(screen.getByRole('button', { name: 'Legg til' }));
    expect(await screen.findByText('Den stengte perioden ble lagt til')).toBeInTheDocument();
    expect(api.callsTo('POST', path)[0]?.body).toEqual({ fromDate: '2027-04-01', toDate: '2027-04-01', reason: 'Påske' });
    await waitFor(() => expect(screen.getByLabelText('Begrunnelse')).toHaveValue(''));
  });

  it('shows the schema messages and sends nothing', async () => {
    const api = stubApi({ [`GET ${path}`]: [] });
    const user = userEvent.setup();
    renderInApp(<ClosedDatesForm locationId={7} mode="settings" />);
    expect(await screen.findByText('Lokalet har ingen stengte perioder.')).toBeInTheDocument();
    await fill(user, '2027-04-05', '2027-04-01', '');
    await user.click(screen.getByRole('button', { name: 'Legg til' }));
    // Under the field and in the error summary, which has the focus.
    expect(await screen.findAllByText(closedDateMessages.reason)).toHaveLength(2);
    expect(screen.getByRole('group', { name: 'For å lagre må du rette opp følgende feil:' })).toHaveFocus();
    await user.type(screen.getByLabelText('Begrunnelse'), 'Påske');
    await user.click(screen.getByRole('button', { name: 'Legg til' }));
    expect(await screen.findAllByText(closedDateMessages.order)).toHaveLength(2);
    expect(screen.getByLabelText('Til og med dato')).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);
    expect(api.callsTo('POST', path)).toHaveLength(0);
  });

  it("shows the server's 409 message", async () => {
    stubApi({
      [`GET ${path}`]: [christmas],
      [`POST ${path}`]: () => jsonResponse(409, { msg: 'overlap', code: 'CONFLICT', userMsg: closedDateMessages.overlap }),
    });
    const user = userEvent.setup();
    renderInApp(<ClosedDatesForm locationId={7} mode="settings" />);
    await screen.findByRole('cell', { name: '24.12.2026–26.12.2026' });
    await fill(user, '2026-12-25', '2026-12-31', 'Romjul');
    await user.click(screen.getByRole('button', { name: 'Legg til' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(closedDateMessages.overlap);
  });

  describe('a range over bookings (409 AFFECTED_BOOKINGS, decision 042)', () => {
    const affected = [
      {
        bookingId: 31,
        caseNumber: 'LOK-2026-031',
        status: 'APPROVED',
        applicantName: 'Kari Nordmann',
        organizationName: 'Sagene IF',
        times: [
          { reservationId: 301, bookableAssetId: 2, roomName: 'Gymsal (G1)', date: '2026-12-18', startTime: '18:00', endTime: '19:30' },
        ],
      },
      {
        bookingId: 32,
        caseNumber: 'LOK-2026-032',
        status: 'APPROVED',
        applicantName: 'Ole Olsen',
        organizationName: null,
        times: [
          { reservationId: 302, bookableAssetId: 3, roomName: 'Aula', date: '2026-12-18', startTime: '10:00', endTime: '11:00' },
          { reservationId: 303, bookableAssetId: 2, roomName: 'Gymsal (G1)', date: '2026-12-19', startTime: '12:00', endTime: '13:00' },
        ],
      },
    ];
    const leak = { id: 6, fromDate: '2026-12-18', toDate: '2026-12-19', reason: 'Vannlekkasje' };
    /** 409 with the list until the save carries a decision. */
    const answers = () => ({
      [`GET ${path}`]: [christmas],
      [`POST ${path}`]: (r: { body: unknown }) =>
        (r.body as { affectedBookings?: unknown }).affectedBookings
          ? jsonResponse(201, leak)
          : jsonResponse(409, { msg: 'hits', code: 'AFFECTED_BOOKINGS', userMsg: closingMessages.affected, affectedBookings: affected }),
    });

    it('lists who and which times; cancelling needs a message, then sends it with the decision', async () => {
      const api = stubApi(answers());
      const user = userEvent.setup();
      renderInApp(<ClosedDatesForm locationId={7} mode="settings" />);
      await screen.findByRole('cell', { name: '24.12.2026–26.12.2026' });
      await fill(user, '2026-12-18', '2026-12-19', 'Vannlekkasje');
      await user.click(screen.getByRole('button', { name: 'Legg til' }));
      const dialog = await screen.findByRole('dialog', { name: '2 bookinger har tider i perioden' });
      expect(dialog).toHaveTextContent('Lokalet stenges 18.12.2026–19.12.2026 (Vannlekkasje).');
      const list = within(dialog).getByRole('list', { name: 'Bookinger som berøres' });
      expect(list).toHaveTextContent('Sagene IF (Kari Nordmann) – sak LOK-2026-031');
      expect(list).toHaveTextContent('Gymsal (G1): 18.12.2026 18:00–19:30');
      expect(list).toHaveTextContent('Ole Olsen – sak LOK-2026-032');
      expect(list).toHaveTextContent('Aula: 18.12.2026 10:00–11:00');
      expect(list).toHaveTextContent('Gymsal (G1): 19.12.2026 12:00–13:00');
      expect(await axeViolations()).toEqual([]);

      await user.click(within(dialog).getByRole('button', { name: closingMessages.cancel }));
      expect(within(dialog).getByText(closingMessages.messageRequired)).toBeInTheDocument();
      expect(api.callsTo('POST', path)).toHaveLength(1);

      await user.type(within(dialog).getByLabelText('Melding til dem som har booket'), 'Beklager, vi har en vannlekkasje.');
      await user.click(within(dialog).getByRole('button', { name: closingMessages.cancel }));
      expect(await screen.findByText(CLOSED_DATES_CANCELLED)).toBeInTheDocument();
      expect(api.callsTo('POST', path)[1]?.body).toEqual({
        fromDate: '2026-12-18',
        toDate: '2026-12-19',
        reason: 'Vannlekkasje',
        affectedBookings: { decision: 'CANCEL', message: 'Beklager, vi har en vannlekkasje.' },
      });
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    });

    it("'Behold bookingene' saves the range and keeps them; 'Avbryt' saves nothing", async () => {
      const api = stubApi(answers());
      const user = userEvent.setup();
      renderInApp(<ClosedDatesForm locationId={7} mode="settings" />);
      await screen.findByRole('cell', { name: '24.12.2026–26.12.2026' });
      await fill(user, '2026-12-18', '2026-12-19', 'Vannlekkasje');
      await user.click(screen.getByRole('button', { name: 'Legg til' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Avbryt' }));
      await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
      expect(api.callsTo('POST', path)).toHaveLength(1);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();

      await user.click(screen.getByRole('button', { name: 'Legg til' }));
      await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: closingMessages.keep }));
      expect(await screen.findByText(CLOSED_DATES_KEPT)).toBeInTheDocument();
      expect(api.callsTo('POST', path)[2]?.body).toEqual({
        fromDate: '2026-12-18',
        toDate: '2026-12-19',
        reason: 'Vannlekkasje',
        affectedBookings: { decision: 'KEEP' },
      });
    });
  });

  it("removes a range after 'Fjern' is confirmed, and not when cancelled", async () => {
    const api = stubApi({ [`GET ${path}`]: [christmas], [`DELETE ${path}/4`]: () => new Response(null, { status: 204 }) });
    const user = userEvent.setup();
    renderInApp(<ClosedDatesForm locationId={7} mode="settings" />);
    await user.click(await screen.findByRole('button', { name: 'Fjern 24.12.2026–26.12.2026' }));
    const dialog = screen.getByRole('dialog');
    expect(dialog).toHaveTextContent('Lokalet blir åpent igjen 24.12.2026–26.12.2026 (Julestengt).');
    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(api.callsTo('DELETE', `${path}/4`)).toHaveLength(0);
    await user.click(screen.getByRole('button', { name: 'Fjern 24.12.2026–26.12.2026' }));
    await user.click(within(screen.getByRole('dialog')).getByRole('button', { name: 'Fjern' }));
    expect(await screen.findByText('Den stengte perioden ble fjernet')).toBeInTheDocument();
    expect(api.callsTo('DELETE', `${path}/4`)).toHaveLength(1);
  });

  it("in the wizard adds a typed range before 'Lagre og gå videre' goes on", async () => {
    const api = stubApi({
      [`GET ${path}`]: [],
      [`POST ${path}`]: { id: 5, fromDate: '2027-04-01', toDate: '2027-04-02', reason: 'Påske' },
    });
    const onSaved = vi.fn();
    const user = userEvent.setup();
    renderInApp(<ClosedDatesForm locationId={7} mode="wizard" onSaved={onSaved} />);
    await screen.findByText('Lokalet har ingen stengte perioder.');
    await fill(user, '2027-04-01', '2027-04-02', 'Påske');
    await user.click(screen.getByRole('button', { name: 'Lagre og gå videre' }));
    await waitFor(() => expect(onSaved).toHaveBeenCalledTimes(1));
    expect(api.callsTo('POST', path)).toHaveLength(1);
  });
});

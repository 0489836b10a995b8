import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { installBrowserPolyfills, jsonResponse } from '../../testing/stub-api';
import { stubCalendar, week51 } from './calendar-test-data';

beforeEach(() => {
  resetApiClient();
  installBrowserPolyfills();
});
afterEach(() => vi.unstubAllGlobals());

const conflict = () =>
  jsonResponse(409, {
    msg: 'overlap',
    code: 'BOOKING_CONFLICT',
    userMsg: 'Tidspunktet er ikke lenger ledig.',
    conflicts: [{ bookableAssetId: 3, date: '2026-12-17', startTime: '12:00:00', endTime: '13:00:00' }],
  });

async function openWeek51() {
  renderAdmin('/admin/lokaler/7/kalender?uke=2026-12-16', { user: siri });
  const table = await screen.findByRole('table', { name: /Reservasjoner per rom, Uke 51/ });
  const row = (room: string) => within(within(table).getByRole('rowheader', { name: room }).closest('tr')!).getAllByRole('cell');
  return { table, row };
}

/** A fake DataTransfer: jsdom has none. */
const dataTransfer = () => ({ setData: vi.fn(), getData: vi.fn(), effectAllowed: 'all', dropEffect: 'none' });

describe('moving a time in the admin calendar (decision 067)', () => {
  it("shows each booking's status in words in the week, and offers 'Flytt' for the times that can be moved", async () => {
    stubCalendar();
    const { row } = await openWeek51();
    const korps = within(row('Gymsal')[3]!).getByRole('link');
    expect(korps).toHaveAccessibleName('17:00–18:00 Korps, Venter på behandling');
    // The status is text on the screen, not only a colour or a screen reader's word.
    expect(within(korps).getByText('Venter på behandling')).not.toHaveClass('lk-visually-hidden');
    expect(within(row('Aula')[2]!).getByText('Godkjent')).toBeVisible();
    expect(screen.getAllByRole('button', { name: /^Flytt / })).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Flytt 10:00–11:00 Yoga, Aula onsdag 16.12.' })).toBeInTheDocument();
    expect(await axeViolations()).toEqual([]);
  });

  it("moves a time with the keyboard dialog: the right body, a 409's taken times shown, the calendar left as it was", async () => {
    const user = userEvent.setup();
    const api = stubCalendar({ 'PUT /api/reservation/303': conflict });
    const { row } = await openWeek51();
    await user.click(screen.getByRole('button', { name: 'Flytt 10:00–11:00 Yoga, Aula onsdag 16.12.' }));
    const dialog = await screen.findByRole('dialog', { name: 'Flytt tid' });
    expect(within(dialog).getByText('Yoga: Aula, onsdag 16.12.2026 10:00–11:00')).toBeInTheDocument();
    const date = within(dialog).getByLabelText('Ny dato');
    await user.clear(date);
    await user.type(date, '2026-12-17');
    const start = within(dialog).getByLabelText('Ny starttid');
    await user.clear(start);
    await user.type(start, '12:00');
    const end = within(dialog).getByLabelText('Ny sluttid');
    await user.clear(end);
    await user.type(end, '11:00');
    await user.selectOptions(within(dialog).getByRole('combobox', { name: 'Rom' }), 'Gymsal');
    await user.click(within(dialog).getByRole('button', { name: 'Flytt tiden' }));
    // An end before the start is refused before anything is sent.
    expect(await within(dialog).findByRole('link', { name: 'Sluttiden må være etter starttiden' })).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/reservation/303')).toHaveLength(0);

    await user.clear(end);
    await user.type(end, '13:30');
    await user.click(within(dialog).getByRole('button', { name: 'Flytt tiden' }));
    expect(await within(dialog).findByText('Tidspunktet er ikke lenger ledig.')).toBeInTheDocument();
    expect(within(dialog).getByText('Gymsal 17.12.2026 kl. 12:00–13:00')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/reservation/303').map((c) => c.body)).toEqual([
      { updateReservations: [{ newDate: '2026-12-17', newStartTime: '12:00:00', newDuration: 'PT1H30M' }], newBookableAssetId: 3 },
    ]);
    expect(await axeViolations()).toEqual([]);

    await user.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(within(row('Aula')[2]!).getByRole('link')).toHaveTextContent('10:00–11:00 Yoga');
    expect(within(row('Gymsal')[3]!).getByRole('link')).toHaveTextContent('17:00–18:00 Korps');
    expect(within(row('Gymsal')[3]!).queryByText(/Yoga/)).not.toBeInTheDocument();
  });

  it("asks 'Flytt tiden til …?' after a drag, sends the move only on yes, and refreshes the calendar", async () => {
    const user = userEvent.setup();
    const moved = {
      ...week51,
      bookings: week51.bookings.map((b) =>
        b.bookingId === 32
          ? {
              ...b,
              reservations: [b.reservations[0]!, { ...b.reservations[1]!, reservationId: 305, bookableAssetId: 3, date: '2026-12-17' }],
            }
          : b,
      ),
    };
    let saved = false;
    const api = stubCalendar({
      '/api/booking/calendardata': () => (saved ? moved : week51),
      'PUT /api/reservation/303': () => {
        saved = true;
        return { bookingId: 32, reservations: [] };
      },
    });
    const { row } = await openWeek51();
    const yoga = within(row('Aula')[2]!).getByRole('link').closest('[draggable="true"]')!;
    const transfer = dataTransfer();
    fireEvent.dragStart(yoga, { dataTransfer: transfer });
    fireEvent.dragOver(row('Gymsal')[3]!, { dataTransfer: transfer });
    fireEvent.drop(row('Gymsal')[3]!, { dataTransfer: transfer });
    fireEvent.dragEnd(yoga, { dataTransfer: transfer });

    const dialog = await screen.findByRole('dialog', { name: 'Flytt tiden til Gymsal, torsdag 17.12.2026 10:00–11:00?' });
    expect(within(dialog).getByText('Yoga, nå: Aula, onsdag 16.12.2026 10:00–11:00.')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/reservation/303')).toHaveLength(0);
    expect(await axeViolations()).toEqual([]);
    await user.click(within(dialog).getByRole('button', { name: 'Flytt' }));

    expect(await screen.findByText('Endringene ble lagret')).toBeInTheDocument();
    expect(api.callsTo('PUT', '/api/reservation/303').map((c) => c.body)).toEqual([
      { updateReservations: [{ newDate: '2026-12-17', newStartTime: '10:00:00', newDuration: 'PT1H' }], newBookableAssetId: 3 },
    ]);
    await waitFor(() => expect(within(row('Gymsal')[3]!).getAllByRole('link')[0]).toHaveTextContent('10:00–11:00 Yoga'));
    expect(within(row('Aula')[2]!).queryByRole('link')).not.toBeInTheDocument();
  });

  it('keeps the calendar as it was when a dragged move is refused, with the message in the confirmation', async () => {
    const user = userEvent.setup();
    stubCalendar({ 'PUT /api/reservation/303': conflict });
    const { row } = await openWeek51();
    const yoga = within(row('Aula')[2]!).getByRole('link').closest('[draggable="true"]')!;
    const transfer = dataTransfer();
    fireEvent.dragStart(yoga, { dataTransfer: transfer });
    fireEvent.dragOver(row('Aula')[3]!, { dataTransfer: transfer });
    fireEvent.drop(row('Aula')[3]!, { dataTransfer: transfer });
    const dialog = await screen.findByRole('dialog', { name: 'Flytt tiden til Aula, torsdag 17.12.2026 10:00–11:00?' });
    await user.click(within(dialog).getByRole('button', { name: 'Flytt' }));
    expect(await within(dialog).findByText('Tidspunktet er ikke lenger ledig.')).toBeInTheDocument();
    expect(within(row('Aula')[2]!).getByRole('link')).toHaveTextContent('10:00–11:00 Yoga');
    expect(within(row('Aula')[3]!).queryByRole('link')).not.toBeInTheDocument();
  });
});

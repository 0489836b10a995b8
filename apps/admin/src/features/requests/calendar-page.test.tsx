import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, within } from '@testing-library/react';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { buildRooms } from '../../testing/admin-rooms';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { installBrowserPolyfills, stubApi } from '../../testing/stub-api';

beforeEach(() => {
  resetApiClient();
  installBrowserPolyfills();
});
afterEach(() => vi.unstubAllGlobals());

const reservation = (reservationId: number, bookableAssetId: number, date: string, startTime: string, endTime: string) => ({
  reservationId,
  bookableAssetId,
  date,
  startTime,
  endTime,
  duration: 'PT1H',
  status: 'APPROVED' as const,
});

/** Week 51 of 2026: Friday 18.12 closed ('Vannlekkasje') with Sagene IF's time kept on it; a block in the hall on Tuesday over Yoga. */
const calendar = {
  bookings: [
    {
      bookingId: 31,
      caseNumber: 'LOK-31',
      status: 'APPROVED',
      bookingPurpose: 'PUBLICUSER_LOAN',
      title: 'Sagene IF',
      reservations: [reservation(301, 3, '2026-12-18', '18:00:00', '19:00:00')],
    },
    {
      bookingId: 32,
      caseNumber: 'LOK-32',
      status: 'APPROVED',
      bookingPurpose: 'PUBLICUSER_LOAN',
      title: 'Yoga',
      reservations: [reservation(302, 4, '2026-12-15', '10:00:00', '11:00:00'), reservation(303, 4, '2026-12-16', '10:00:00', '11:00:00')],
    },
  ],
  closedDates: [{ date: '2026-12-18', reason: 'Vannlekkasje' }],
  blockedTimes: [{ bookableAssetId: 4, date: '2026-12-15', startTime: '10:30:00', endTime: '12:00:00' }],
};

describe('the admin week calendar marks closed days and blocked times (decision 042)', () => {
  it('shows the closed day with its reason, the blocked time, and the times kept over them as kept', async () => {
    stubApi({
      '/api/currentuser/adminlocations': [{ id: 7, name: 'Lakkegata skole' }],
      '/api/location/7/bookableassets': buildRooms([
        { id: 3, name: 'Gymsal' },
        { id: 4, name: 'Aula' },
      ]),
      '/api/booking/calendardata': calendar,
    });
    renderAdmin('/admin/lokaler/7/kalender?uke=2026-12-16', { user: siri });
    const table = await screen.findByRole('table', { name: /Reservasjoner per rom, Uke 51/ });
    expect(within(table).getByRole('columnheader', { name: /fre.*18\.12\..*Stengt/ })).toBeInTheDocument();

    const gym = within(table).getByRole('rowheader', { name: 'Gymsal' }).closest('tr')!;
    const gymCells = within(gym).getAllByRole('cell');
    expect(gymCells[4]).toHaveTextContent('Stengt: Vannlekkasje');
    expect(within(gymCells[4]!).getByRole('link')).toHaveTextContent('18:00–19:00 Sagene IF (beholdt), Godkjent');

    const hall = within(table).getByRole('rowheader', { name: 'Aula' }).closest('tr')!;
    const hallCells = within(hall).getAllByRole('cell');
    expect(hallCells[1]).toHaveTextContent('10:30–12:00 Blokkert');
    expect(within(hallCells[1]!).getByRole('link')).toHaveTextContent('10:00–11:00 Yoga (beholdt)');
    // The same time on a day with no closing is not marked.
    expect(within(hallCells[2]!).getByRole('link')).not.toHaveTextContent('beholdt');
    expect(hallCells[4]).toHaveTextContent('Stengt: Vannlekkasje');
    expect(await axeViolations()).toEqual([]);
  });
});

import { describe, expect, it } from 'vitest';
import { configure, screen, within } from '@testing-library/react';
import type { ApprovalCheck } from '@lokaler/domain/admin-approval-check';
import type { BookingReservation } from '@lokaler/domain/booking-reservation';
import { buildAdminBooking } from '../../testing/admin-booking';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { axeViolations } from '../../testing/axe-check';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { CHECK_FAILED } from './approval-times';

// The whole app renders per test; on a busy machine the default 1 s for findBy/waitFor is too tight.
configure({ asyncUtilTimeout: 5000 });

setUpAdminTests({ scrollTo: 'stub' });

const base = buildAdminBooking();
const aula: BookingReservation = {
  ...base.reservations[0]!,
  reservationId: 53,
  bookableAssetId: 4,
  bookableAssetName: 'Aula',
  bookableAssetNumber: '12',
  displayName: 'Aula (12)',
  date: '2026-03-24',
  startTime: '17:30:00',
  endTime: '19:00:00',
  duration: 'PT1H30M',
};
// Moved to another time: not part of the approval.
const replaced: BookingReservation = { ...base.reservations[0]!, reservationId: 50, date: '2026-03-10', status: 'REPLACED' };
const booking = buildAdminBooking({ reservations: [replaced, ...base.reservations, aula] });

const checkOf = (takenIds: number[]): ApprovalCheck => ({
  bookingId: 5,
  times: [...base.reservations, aula].map((r) => ({ ...r, noLongerFree: takenIds.includes(r.reservationId) })),
  noLongerFreeCount: takenIds.length,
});

function stubPage(check: unknown) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/booking/5': booking,
    'GET /api/booking/5/approval-check': check,
  });
}

const rowsOf = (table: HTMLElement) =>
  within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) =>
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    );

describe('the rooms and times being approved', () => {
  it("lists each room and time above the prices and marks in words one that is no longer free ('Ikke lenger ledig')", async () => {
    stubPage(checkOf([52]));
    renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    const section = await screen.findByRole('region', { name: 'Rom og tider som godkjennes' });
    const table = within(section).getByRole('table');
    await within(table).findByText('Ikke lenger ledig');
    expect(rowsOf(table)).toEqual([
      ['Gymsal', 'tir 17.03.2026', '18:00–19:00', 'Ledig'],
      ['Gymsal', 'tir 17.03.2026', '19:00–20:00', 'Ikke lenger ledig'],
      ['Aula (12)', 'tir 24.03.2026', '17:30–19:00', 'Ledig'],
    ]);
    expect(screen.getByText(/Én av tidene er ikke lenger ledig\. Noen av tidene er blokkert eller opptatt/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Endre tidene i søknad LOK-2026-00005' })).toHaveAttribute('href', '/admin/soknader/5');
    // Above the price fields: what is approved comes before what it costs.
    const category = screen.getByRole('group', { name: 'Kostnadskategori' });
    expect(section.compareDocumentPosition(category) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
    expect(await axeViolations()).toEqual([]);
  });

  it('says nothing more when every time is still free', async () => {
    stubPage(checkOf([]));
    renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    const section = await screen.findByRole('region', { name: 'Rom og tider som godkjennes' });
    const table = within(section).getByRole('table');
    await within(table).findAllByText('Ledig');
    expect(rowsOf(table).map((r) => r[3])).toEqual(['Ledig', 'Ledig', 'Ledig']);
    expect(screen.queryByText(/ikke lenger ledig/i)).not.toBeInTheDocument();
  });

  it('still lists the times when the check fails, and says it could not check them', async () => {
    stubPage(() => jsonResponse(403, { msg: 'Forbidden', code: 'FORBIDDEN' }));
    renderAdmin('/admin/soknader/5/godkjenn', { user: siri });
    expect(await screen.findByText(CHECK_FAILED)).toBeInTheDocument();
    const table = screen.getByRole('table');
    expect(rowsOf(table).map((r) => r[3])).toEqual(['–', '–', '–']);
    expect(await axeViolations()).toEqual([]);
  });
});

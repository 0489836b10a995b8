import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import axe from 'axe-core';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { BOOKING_DRAFT_KEY, readBookingDraft } from '@lokaler/ui/booking-draft';
import { setUpPortalTests } from '../../testing/browser-state';
import { renderPortal } from '../../testing/render-portal';
import { availabilityRequests, day, monday, openCalendar, scheduleRequests, slot, stub, tuesday } from './room-page-stub';

setUpPortalTests();

describe('/ressurs: the room calendar', () => {
  it('shows the first bookable week of the first room, with week number, legend and a room switcher', async () => {
    stub();
    const user = userEvent.setup();
    await openCalendar();
    expect(screen.getByRole('heading', { level: 1, name: 'Velg tidspunkt' })).toBeInTheDocument();
    // Spec 01 §9's capacity text for each room, one person singular.
    expect(screen.getByText(/: Gymsal \(G1\) \(Plass til 30 personer\), Klasserom \(101\) \(Plass til 1 person\)$/)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Forklaring' })).toHaveTextContent(/Ledig.*Ikke ledig.*Valgt.*Din reservasjon.*Stengt/);
    expect(slot(monday, '18:00')).toHaveAccessibleName(`${day(monday)} kl. 18:00–18:15, Ledig`);
    expect(slot(tuesday, '19:00')).toHaveAccessibleName(`${day(tuesday)} kl. 19:00–19:15, Ikke ledig`);
    expect(screen.getByRole('button', { name: 'Gymsal (G1)' })).toHaveAttribute('aria-pressed', 'true');

    await user.click(screen.getByRole('button', { name: 'Klasserom (101)' }));
    expect(await screen.findByRole('grid', { name: /Klasserom \(101\), uke/ })).toBeInTheDocument();
  });

  it("shows a closed day as 'Stengt' with the location's reason: its cells and its day button cannot be chosen", async () => {
    stub({ closed: [{ date: tuesday, reason: 'Vannlekkasje' }] });
    const user = userEvent.setup();
    await openCalendar();
    const closedCell = slot(tuesday, '18:00');
    expect(closedCell).toHaveAccessibleName(`${day(tuesday)} kl. 18:00–18:15, Stengt`);
    expect(closedCell).toHaveAttribute('aria-disabled', 'true');
    expect(within(closedCell).queryByRole('button')).toBeNull();
    // The kept booking of the day reads 'Stengt' too, not 'Ikke ledig'.
    expect(slot(tuesday, '19:00')).toHaveAccessibleName(`${day(tuesday)} kl. 19:00–19:15, Stengt`);
    await user.click(closedCell);
    expect(closedCell).toHaveAttribute('aria-selected', 'false');
    const dayButton = screen.getByRole('button', { name: `${day(tuesday)}: Stengt: Vannlekkasje` });
    expect(dayButton).toHaveAttribute('aria-disabled', 'true');
    expect(dayButton).toHaveTextContent(/Stengt$/);
    await user.click(dayButton);
    expect(readBookingDraft().checked).toEqual([]);
    expect(screen.getByText(`Stengt ${day(tuesday)}: Vannlekkasje`)).toBeInTheDocument();
    expect(screen.getByRole('list', { name: 'Forklaring' })).toHaveTextContent(/Stengt/);
    // The other days are as before.
    expect(slot(monday, '18:00')).toHaveAccessibleName(`${day(monday)} kl. 18:00–18:15, Ledig`);
    expect(screen.getByRole('button', { name: `${day(monday)}: velg hele dagen` })).not.toHaveAttribute('aria-disabled');
    const grid = screen.getByRole('grid', { name: /Gymsal \(G1\), uke/ });
    const result = await axe.run(grid, { rules: { 'color-contrast': { enabled: false } } });
    expect(result.violations.map((v) => v.id)).toEqual([]);
  });

  it('says the room is closed this week when every day of it is closed', async () => {
    stub({ closed: Array.from({ length: 7 }, (_, i) => ({ date: addDays(monday, i), reason: null })) });
    renderPortal('/ressurs?ressurs=11&ressurs=12');
    expect(await screen.findByText('Rommet er stengt denne uken. Velg en annen uke.')).toBeInTheDocument();
    expect(screen.queryByRole('grid')).toBeNull();
  });

  it('loads in one request: the grid shows after GET /api/bookableasset/calendar alone; the next week asks /api/schedule', async () => {
    const fetchMock = stub();
    const user = userEvent.setup();
    await openCalendar();
    const apiCalls = () =>
      fetchMock.mock.calls
        .map(([input]) => new URL(String(input), 'http://localhost').pathname)
        .filter((p) => !p.startsWith('/api/settings'));
    expect(apiCalls()).toEqual(['/api/bookableasset/calendar']);
    expect(scheduleRequests).toEqual([]);
    await user.click(screen.getByRole('button', { name: 'Neste uke' }));
    await waitFor(() => expect(scheduleRequests).toEqual([addDays(monday, 7)]));
  });

  it('merges adjacent chosen slots in the summary and keeps the choice in localStorage', async () => {
    stub();
    const user = userEvent.setup();
    await openCalendar();
    await user.click(slot(monday, '18:00'));
    await user.click(slot(monday, '18:15'));
    await user.click(slot(monday, '19:00'));
    const chosen = screen.getByRole('region', { name: 'Valgte tider' });
    expect(
      within(chosen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([`${formatDate(monday, 'EEEE d. MMMM yyyy')} kl. 18:00–18:30`, `${formatDate(monday, 'EEEE d. MMMM yyyy')} kl. 19:00–19:15`]);
    expect(JSON.parse(localStorage.getItem(BOOKING_DRAFT_KEY)!).checked).toHaveLength(3);
  });

  it('is operated by keyboard: arrows move, Space toggles, the result is announced', async () => {
    stub();
    const user = userEvent.setup();
    await openCalendar();
    slot(monday, '18:00').focus();
    await user.keyboard('{ArrowRight}{ArrowDown}');
    expect(slot(tuesday, '18:15')).toHaveFocus();
    await user.keyboard(' ');
    expect(slot(tuesday, '18:15')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByText(`${day(tuesday)} kl. 18:15–18:30, Valgt`)).toBeInTheDocument();
    expect(readBookingDraft().checked).toEqual([{ bookableAssetId: 11, date: tuesday, startTime: '18:15:00' }]);
  });

  it('adds one-time slots: checks availability, marks them reserved, and leads to /send', async () => {
    stub();
    const user = userEvent.setup();
    const { router } = await openCalendar();
    await user.click(slot(monday, '18:00'));
    await user.click(slot(monday, '18:15'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));

    await waitFor(() => expect(availabilityRequests).toHaveLength(1));
    expect(availabilityRequests[0]).toEqual({
      bookingCreationDtos: [
        { bookableAssetId: 11, datesAndTimes: [{ date: monday, startTime: '18:00:00', duration: 'PT30M' }], repetition: null },
      ],
    });
    expect(await screen.findByText('Tiden er ledig.')).toBeInTheDocument();
    expect(slot(monday, '18:00')).toHaveAccessibleName(`${day(monday)} kl. 18:00–18:15, Din reservasjon`);
    expect(readBookingDraft().checked).toEqual([]);
    expect(readBookingDraft().availability?.probablyAvailable).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Gå til søknad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/send'));
    expect(Object.fromEntries(new URLSearchParams(router.state.location.search))).toEqual({
      purpose: 'PUBLICUSER_LOAN',
      activityType: 'school',
    });
  });

  it('says the fair-share limits of the location once times are chosen (not before: the first paint stays one request), and the one a choice goes past', async () => {
    const fetchMock = stub({
      extra: {
        '/api/location/1/booking-limits': {
          limits: { maxPendingHours: 40, maxPendingApplications: 10, maxRoomsPerApplication: 1, maxDatesPerSeries: 60 },
          pending: null,
        },
      },
    });
    const user = userEvent.setup();
    await openCalendar();
    expect(screen.queryByRole('heading', { name: 'Grenser for søknader' })).not.toBeInTheDocument();
    await user.click(slot(monday, '18:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(await screen.findByRole('heading', { name: 'Grenser for søknader' })).toBeInTheDocument();
    expect(screen.getByText('Du kan ha inntil 40 timer og 10 søknader til behandling ved dette stedet per semester.')).toBeInTheDocument();
    expect(screen.getByText('En søknad kan gjelde inntil 1 rom og 60 datoer per rom.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([input]) => String(input).includes('/booking-limits'))).toHaveLength(1);

    await user.click(screen.getByRole('button', { name: 'Klasserom (101)' }));
    await user.click(await screen.findByRole('gridcell', { name: new RegExp(`^${day(monday)} kl\\. 18:00–`) }));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(await screen.findByRole('heading', { name: 'Søknaden går over grensen for dette stedet' })).toBeInTheDocument();
    expect(screen.getByText('En søknad kan gjelde høyst 1 rom. Du har valgt 2 rom.')).toBeInTheDocument();
  });

  it("says 'Du må velge et tidspunkt' when nothing is chosen", async () => {
    stub();
    const user = userEvent.setup();
    await openCalendar();
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(screen.getByText('Du må velge et tidspunkt')).toBeInTheDocument();
    expect(availabilityRequests).toHaveLength(0);
  });
});

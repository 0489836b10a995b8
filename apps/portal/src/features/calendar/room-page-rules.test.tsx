import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { weddingMessages } from '@lokaler/domain/wedding-application-texts';
import { BOOKING_DRAFT_KEY, readBookingDraft } from '@lokaler/ui/booking-draft';
import { setUpPortalTests } from '../../testing/browser-state';
import { buildLocation } from '../../testing/factories';
import { renderPortal } from '../../testing/render-portal';
import { buildRoom } from '../../testing/room-factories';
import { availabilityRequests, day, gym, lastDate, monday, openCalendar, slot, stub, time, today, tuesday } from './room-page-stub';

setUpPortalTests();

describe("/ressurs: the room calendar's rules, limits and repetition", () => {
  it('validates the end date of a weekly series before saving (required, not after the last date)', async () => {
    stub();
    const user = userEvent.setup();
    await openCalendar();
    await user.click(screen.getByRole('radio', { name: 'Hver uke' }));
    await user.click(slot(monday, '18:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    const endDate = screen.getByLabelText('Sluttdato');
    expect(await screen.findByText('Feltet må fylles ut')).toBeInTheDocument();
    expect(endDate).toHaveFocus();

    await user.type(endDate, addDays(lastDate, 1));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(await screen.findByText(`Sluttdato kan ikke være etter ${formatDateNorwegian(lastDate)}`)).toBeInTheDocument();
    expect(availabilityRequests).toHaveLength(0);

    await user.clear(endDate);
    await user.type(endDate, addDays(monday, 14));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    await waitFor(() => expect(availabilityRequests).toHaveLength(1));
    expect(availabilityRequests[0]!.bookingCreationDtos[0]!.repetition).toEqual({ pattern: 'WEEKLY', lastDate: addDays(monday, 14) });
    // The series shows as reserved in the weeks it covers.
    await user.click(screen.getByRole('button', { name: 'Neste uke' }));
    await waitFor(() => expect(slot(addDays(monday, 7), '18:00')).toHaveAccessibleName(/Din reservasjon$/));
  });

  it('clears the checked times when the repetition changes, and the end date when one time is chosen', async () => {
    stub();
    const user = userEvent.setup();
    await openCalendar();
    await user.click(slot(monday, '18:00'));
    await user.click(screen.getByRole('radio', { name: 'Annenhver uke' }));
    expect(readBookingDraft().checked).toEqual([]);
    await user.type(screen.getByLabelText('Sluttdato'), addDays(monday, 28));
    expect(readBookingDraft().repetition).toEqual({ pattern: 'BIWEEKLY', lastDate: addDays(monday, 28) });
    await user.click(screen.getByRole('radio', { name: 'Én gang' }));
    expect(readBookingDraft().repetition).toEqual({ pattern: 'SINGLE_DAY', lastDate: null });
    expect(screen.queryByLabelText('Sluttdato')).not.toBeInTheDocument();
  });

  it('forces weekly when a room does not allow single bookings', async () => {
    stub({ rooms: [buildRoom({ id: 11, displayName: 'Gymsal (G1)', allowSingleBookingsForPublicUser: false })] });
    await openCalendar('/ressurs?ressurs=11');
    expect(screen.queryByRole('radio', { name: 'Én gang' })).not.toBeInTheDocument();
    expect(screen.getByRole('radio', { name: 'Hver uke' })).toBeChecked();
    expect(screen.getByText('Lokalet kan bare lånes med gjentakelse, hver uke eller annenhver uke.')).toBeInTheDocument();
  });

  it('shows the rules before the first click: single or repeated, the minimum duration, how far ahead and behandlingstid', async () => {
    stub({
      place: buildLocation({ id: 1, name: 'Tøyen skole', minBookingDurationMinutes: 60 }),
      bounds: { firstDate: addDays(today, 21), lastDate },
    });
    await openCalendar();
    const rules = screen.getByRole('region', { name: 'Regler for å låne' });
    expect(
      within(rules)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([
      'Du kan låne én gang eller fast, hver uke eller annenhver uke.',
      'Hver booking må vare minst 1 time.',
      `Du kan booke fra ${formatDateNorwegian(addDays(today, 21))} til og med ${formatDateNorwegian(lastDate)}.`,
      'Lokalet krever at søknader sendes inn minst 21 dager før ønsket dato.',
    ]);
    expect(availabilityRequests).toEqual([]);
  });

  it("says at once, before 'Legg til valgte tider', when a choice is shorter than the location's minimum", async () => {
    stub({ place: buildLocation({ id: 1, name: 'Tøyen skole', minBookingDurationMinutes: 60 }) });
    const user = userEvent.setup();
    await openCalendar('/ressurs?ressurs=11');
    await user.click(slot(monday, '18:00'));
    expect(
      screen.getByText(`Bookingen må vare minst 60 minutter. Velg flere tider rett etter hverandre: ${day(monday)} kl. 18:00.`),
    ).toBeInTheDocument();
    for (const clock of ['18:15', '18:30', '18:45']) await user.click(slot(monday, clock));
    expect(screen.queryByText(/Bookingen må vare minst 60 minutter/)).not.toBeInTheDocument();
    await user.click(slot(monday, '18:15'));
    expect(
      screen.getByText(
        `Bookingen må vare minst 60 minutter. Velg flere tider rett etter hverandre: ${day(monday)} kl. 18:00; ${day(monday)} kl. 18:30.`,
      ),
    ).toBeInTheDocument();
    expect(availabilityRequests).toEqual([]);
  });

  it('keeps one interval in a one-slot-only room: a slot that does not extend it replaces it', async () => {
    stub({ rooms: [buildRoom({ id: 11, displayName: 'Gymsal (G1)', maxOneTimeslotPerBookingForPublicUser: true })] });
    const user = userEvent.setup();
    await openCalendar('/ressurs?ressurs=11');
    expect(screen.getByText('Du kan bare velge ett sammenhengende tidspunkt per booking i dette rommet.')).toBeInTheDocument();
    await user.click(slot(monday, '18:00'));
    await user.click(slot(monday, '18:15'));
    await user.click(slot(tuesday, '18:00'));
    expect(readBookingDraft().checked).toEqual([{ bookableAssetId: 11, date: tuesday, startTime: '18:00:00' }]);
  });

  it("shows 'Ledig {n} av {m} valgte datoer' in red when half or fewer are free, and lists the taken ones", async () => {
    stub({
      availability: () =>
        Response.json({
          probablyAvailable: [{ bookableAssetId: 11, datesAndTimes: [time(monday, '18:00:00', '18:30:00', true, monday)], violations: [] }],
          unavailable: [
            {
              bookableAssetId: 11,
              datesAndTimes: [
                time(addDays(monday, 7), '18:00:00', '18:30:00', false, monday),
                time(addDays(monday, 14), '18:00:00', '18:30:00', false, monday),
              ],
              violations: [],
            },
          ],
          errors: [],
        }),
    });
    const user = userEvent.setup();
    await openCalendar();
    await user.click(screen.getByRole('radio', { name: 'Hver uke' }));
    await user.type(screen.getByLabelText('Sluttdato'), addDays(monday, 14));
    await user.click(slot(monday, '18:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    const banner = (await screen.findByText('Ledig 1 av 3 valgte datoer')).closest('.ds-alert');
    expect(banner).toHaveAttribute('data-color', 'danger');
    expect(screen.getByText(/Disse tidene er ikke ledig i Gymsal \(G1\)/)).toBeInTheDocument();
    expect(screen.getAllByText(/Tidspunktet er ikke ledig/)).toHaveLength(2);
    // Something is free and nothing breaks a rule: the person may go on with the free time.
    expect(screen.getByRole('button', { name: 'Gå til søknad' })).toBeEnabled();
  });

  it('blocks the way on while a request breaks a rule, and shows the message', async () => {
    stub({
      availability: () =>
        Response.json({
          probablyAvailable: [],
          unavailable: [],
          errors: [
            {
              bookableAssetId: 11,
              datesAndTimes: [
                { ...time(monday, '18:00:00', '18:15:00', false), reason: 'TOO_SHORT', message: 'Bookingen må vare minst 60 minutter' },
              ],
              violations: [{ code: 'TOO_SHORT', message: 'Bookingen må vare minst 60 minutter' }],
            },
          ],
        }),
    });
    const user = userEvent.setup();
    await openCalendar();
    await user.click(slot(monday, '18:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect((await screen.findAllByText(/Bookingen må vare minst 60 minutter/)).length).toBeGreaterThan(0);
    expect(screen.getByRole('button', { name: 'Gå til søknad' })).toBeDisabled();
  });

  it('clears the reservations when the availability check fails, and says so', async () => {
    stub({ availability: () => Response.json({ msg: 'down', userMsg: 'Tjenesten er utilgjengelig.', code: 'INTERNAL' }, { status: 500 }) });
    const user = userEvent.setup();
    await openCalendar();
    await user.click(slot(monday, '18:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(await screen.findByText('Tjenesten er utilgjengelig.')).toBeInTheDocument();
    expect(readBookingDraft().reservations).toEqual([]);
    expect(readBookingDraft().availability).toBeNull();
    expect(slot(monday, '18:00')).toHaveAccessibleName(/Ledig$/);
  });

  it('limits week navigation to the window: not before this week, not past the last date', async () => {
    stub({ bounds: { firstDate: today, lastDate: addDays(weekStart(today), 8) } });
    const user = userEvent.setup();
    renderPortal('/ressurs?ressurs=11');
    const back = await screen.findByRole('button', { name: 'Forrige uke' });
    const forward = screen.getByRole('button', { name: 'Neste uke' });
    expect(back).toBeDisabled();
    expect(forward).toBeEnabled();
    await user.click(forward);
    await waitFor(() => expect(screen.getByRole('button', { name: 'Neste uke' })).toBeDisabled());
    expect(screen.getByRole('button', { name: 'Forrige uke' })).toBeEnabled();
  });

  it('forgets choices kept for rooms that are not in the URL', async () => {
    stub({ rooms: [gym] });
    localStorage.setItem(
      BOOKING_DRAFT_KEY,
      JSON.stringify({
        repetition: { pattern: 'SINGLE_DAY', lastDate: null },
        checked: [
          { bookableAssetId: 99, date: monday, startTime: '18:00:00' },
          { bookableAssetId: 11, date: monday, startTime: '18:15:00' },
        ],
        reservations: [],
        availability: null,
      }),
    );
    await openCalendar('/ressurs?ressurs=11');
    expect(readBookingDraft().checked).toEqual([{ bookableAssetId: 11, date: monday, startTime: '18:15:00' }]);
    expect(slot(monday, '18:15')).toHaveAttribute('aria-selected', 'true');
  });

  it("at a wedding venue takes exactly one wedding time: a second time is refused in the calendar, with the server's text", async () => {
    stub({
      rooms: [gym],
      place: buildLocation({ id: 1, name: 'Oslo rådhus', filterCategory: 'WEDDINGS', publicLocationType: 'WEDDINGS' }),
    });
    const user = userEvent.setup();
    await openCalendar('/ressurs?ressurs=11');
    // Two separate times at once: refused, nothing sent.
    await user.click(slot(monday, '18:00'));
    await user.click(slot(monday, '19:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(await screen.findByText(weddingMessages.oneTimeOnly)).toBeInTheDocument();
    expect(availabilityRequests).toHaveLength(0);

    // One time (two adjacent slots are one time) is taken.
    await user.click(screen.getByRole('button', { name: 'Fjern valgte tider' }));
    await user.click(slot(monday, '18:00'));
    await user.click(slot(monday, '18:15'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(await screen.findByText('Tiden er ledig.')).toBeInTheDocument();
    expect(screen.queryByText(weddingMessages.oneTimeOnly)).not.toBeInTheDocument();

    // A second time on top of it: refused, the first kept.
    await user.click(slot(tuesday, '18:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    expect(await screen.findByText(weddingMessages.oneTimeOnly)).toBeInTheDocument();
    expect(availabilityRequests).toHaveLength(1);
    expect(readBookingDraft().reservations).toEqual([
      { bookableAssetId: 11, datesAndTimes: [{ date: monday, startTime: '18:00:00', duration: 'PT30M' }], repetition: null },
    ]);
  });

  it('elsewhere adds a second time as before', async () => {
    stub({ rooms: [gym] });
    const user = userEvent.setup();
    await openCalendar('/ressurs?ressurs=11');
    await user.click(slot(monday, '18:00'));
    await user.click(slot(monday, '19:00'));
    await user.click(screen.getByRole('button', { name: 'Legg til valgte tider' }));
    await waitFor(() => expect(availabilityRequests).toHaveLength(1));
    expect(screen.queryByText(weddingMessages.oneTimeOnly)).not.toBeInTheDocument();
  });
});

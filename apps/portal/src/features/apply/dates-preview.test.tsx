import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateBookingRequest } from '@lokaler/domain/booking-create';
import type { AvailabilityResponse, TimeWithAvailability } from '@lokaler/domain/booking-request';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { writeBookingDraft } from '@lokaler/ui/booking-draft';
import { kari, renderPortal, stubApi } from '../../testing/render-portal';
import { buildRoom } from '../../testing/room-factories';

/**
 * Decision 027 on /send: every date of a repeating application with its state before sending;
 * the dates that are not free named (the bug: a second room's 24.12 and 31.12 went missing
 * between the calendar and the form with no banner); sending without them only by an explicit choice,
 * which the request carries (availabilityData.omitted) and the receipt names.
 */

const gym = buildRoom({ id: 11, displayName: 'Gymsal', theme: 'school' });
const hall = buildRoom({ id: 12, displayName: 'Aula', theme: 'school' });
const thursdays = ['2026-12-24', '2026-12-31', '2027-01-07', '2027-01-14', '2027-01-21', '2027-01-28', '2027-02-04'];
const time = (date: string, reason: TimeWithAvailability['reason'] = null): TimeWithAvailability => ({
  date,
  startTime: '18:00:00',
  endTime: '19:00:00',
  duration: 'PT1H',
  initialRepetitionDate: '2026-12-24',
  available: reason === null,
  reason,
  message: reason ? 'Lokalet er stengt denne dagen' : null,
});
/** The first room is free on every Thursday; the second is closed on 24.12 and 31.12. */
const availability: AvailabilityResponse = {
  probablyAvailable: [
    { bookableAssetId: 11, datesAndTimes: thursdays.map((d) => time(d)), violations: [] },
    { bookableAssetId: 12, datesAndTimes: thursdays.slice(2).map((d) => time(d)), violations: [] },
  ],
  unavailable: [{ bookableAssetId: 12, datesAndTimes: thursdays.slice(0, 2).map((d) => time(d, 'CLOSED_DATE')), violations: [] }],
  errors: [],
};
const draft = (answer: AvailabilityResponse = availability) =>
  writeBookingDraft({
    repetition: { pattern: 'WEEKLY', lastDate: '2027-02-04' },
    checked: [],
    reservations: [11, 12].map((id) => ({
      bookableAssetId: id,
      datesAndTimes: [{ date: '2026-12-24', startTime: '18:00:00', duration: 'PT1H' }],
      repetition: { pattern: 'WEEKLY' as const, lastDate: '2027-02-04' },
    })),
    availability: answer,
  });

let posted: CreateBookingRequest[];
beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
  posted = [];
  stubApi({
    '/api/bookableasset': ({ url }: { url: URL }) =>
      Response.json([gym, hall].filter((r) => url.searchParams.getAll('ids').includes(String(r.id)))),
    '/api/currentuser/roles': { userId: 1, name: 'Kari Nordmann', email: 'kari@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] },
    '/api/booking': ({ init }: { init: RequestInit | undefined }) => {
      posted.push(JSON.parse(String(init?.body)) as CreateBookingRequest);
      return Response.json({ bookingId: 9, caseNumber: 'LOK-2026-00009' }, { status: 201 });
    },
  });
});
afterEach(() => vi.unstubAllGlobals());

const SEND = '/send?purpose=PUBLICUSER_LOAN&activityType=school';

async function fillSchoolForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Aktivitet' }), 'Innebandy');
  await user.type(screen.getByRole('textbox', { name: 'Hvem er aktiviteten for, og hva er formålet?' }), 'Trening');
  await user.type(screen.getByRole('textbox', { name: 'Forventet antall deltakere' }), '18');
  await user.type(screen.getByRole('textbox', { name: 'Telefon' }), '912 34 567');
}

describe('/send: every date with its fate', () => {
  it("names the second room's two closed dates before sending, with the state in words", async () => {
    draft();
    renderPortal(SEND, { user: kari });
    const warning = await screen.findByRole('heading', { level: 4, name: '2 datoer er ikke ledige' });
    const named = within(warning.parentElement!)
      .getAllByRole('listitem')
      .map((li) => li.textContent);
    expect(named).toEqual(['torsdag 24.12.2026 kl. 18:00–19:00: Stengt', 'torsdag 31.12.2026 kl. 18:00–19:00: Stengt']);
    // The whole series folds behind a summary that counts the fates.
    expect(screen.getByText('Alle datoene (7 datoer: 5 ledige, 2 ikke ledige)')).toBeInTheDocument();
    expect(screen.getByText('Alle datoene (7 datoer, alle ledige)')).toBeInTheDocument();
  });

  it('does not send while the choice is not made, then sends the free dates and the two left out, and the receipt names them', async () => {
    draft();
    const user = userEvent.setup();
    const { router } = renderPortal(SEND, { user: kari });
    await fillSchoolForm(user);
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    const choice = screen.getByRole('checkbox', { name: 'Send søknaden uten datoene som ikke er ledige (2)' });
    expect(choice).toHaveFocus();
    expect(
      screen.getByText('Velg om du vil sende søknaden uten datoene som ikke er ledige, eller endre tidspunktene.'),
    ).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/send');
    expect(posted).toEqual([]);

    await user.click(choice);
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posted).toHaveLength(1);
    const [request] = posted;
    expect(request!.sendWithoutOmitted).toBe(true);
    expect(request!.availabilityData.probablyAvailable.map((e) => [e.bookableAssetId, e.datesAndTimes.length])).toEqual([
      [11, 7],
      [12, 5],
    ]);
    expect(request!.availabilityData.omitted).toEqual([
      {
        bookableAssetId: 12,
        datesAndTimes: thursdays
          .slice(0, 2)
          .map((date) => ({ date, startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: '2026-12-24' })),
      },
    ]);
    expect(await screen.findByText('Søkt uten 2 datoer som ikke var ledige:')).toBeInTheDocument();
    expect(screen.getByText('Aula: torsdag 24.12.2026 kl. 18:00')).toBeInTheDocument();
    expect(screen.getByText('Aula: torsdag 31.12.2026 kl. 18:00')).toBeInTheDocument();
  });

  it('asks for no choice when every date is free, and sends no omission list', async () => {
    draft({ ...availability, probablyAvailable: [availability.probablyAvailable[0]!], unavailable: [] });
    const user = userEvent.setup();
    const { router } = renderPortal(SEND, { user: kari });
    await fillSchoolForm(user);
    expect(screen.queryByRole('checkbox')).toBeNull();
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posted[0]!.availabilityData).not.toHaveProperty('omitted');
    expect(posted[0]).not.toHaveProperty('sendWithoutOmitted');
  });

  it('offers no way to send when a date breaks a rule of the request itself: the times must change', async () => {
    draft({
      ...availability,
      errors: [
        {
          bookableAssetId: 12,
          datesAndTimes: [{ ...time('2027-02-11', 'TOO_SHORT'), message: 'Bookingen må vare minst 60 minutter' }],
          violations: [],
        },
      ],
    });
    renderPortal(SEND, { user: kari });
    expect(
      await screen.findByText('Noen av tidene kan ikke sendes slik de er. Endre tidspunktene før du sender søknaden.'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Send søknad' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Endre tidspunkter' })).toBeInTheDocument();
  });
});

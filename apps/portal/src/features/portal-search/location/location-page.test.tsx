import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import type { Location } from '@lokaler/domain/location';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { minutesToTime } from '@lokaler/domain/scheduling/time-of-day';
import { readBookingDraft } from '@lokaler/ui/booking-draft';
import { buildLocation } from '../../../testing/factories';
import { renderPortal, stubApi } from '../../../testing/render-portal';
import { buildRoom } from '../../../testing/room-factories';

const school = buildLocation({
  id: 7,
  name: 'Tøyen skole',
  minBookingDurationMinutes: 60,
  phoneNumber: '23456789',
  informationMessage: '<p>Søknadsfrist <b>1. juni</b>.</p>',
});

function hit(id: number, displayName: string, overrides: Partial<SearchAssetHit> = {}): SearchAssetHit {
  return {
    bookableAssetId: id,
    locationId: 7,
    datesCount: 1,
    unavailableDates: [],
    name: displayName,
    displayName,
    capacity: 30,
    assetTypeId: null,
    locationName: 'Tøyen skole',
    geographicAreaId: 'gamle-oslo',
    geographicAreaName: 'Gamle Oslo',
    latLng: null,
    tagIds: [],
    behandlingstid: 0,
    ...overrides,
  };
}
const gym = hit(11, 'Gymsal (G1)', { capacity: 120 });
const classroom = hit(12, 'Klasserom (101)', { capacity: 1 });
const hall = hit(13, 'Aula', { unavailableDates: ['2030-03-05'] });

/** 12 free hours from 08:00 in the gym, two in the classroom. */
const hours = (first: number, count: number, date = '2030-03-05') =>
  Array.from({ length: count }, (_, i) => ({
    timeInterval: { start: minutesToTime((first + i) * 60), end: minutesToTime((first + i + 1) * 60) },
    firstAvailable: date,
  }));

type Request = { url: URL; init: RequestInit | undefined };
const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

/** PUT /api/booking/availability answering every time as probably available (with its end time), recording the requests. */
function availabilityEcho(sent: unknown[]) {
  return ({ init }: Request) => {
    const body = JSON.parse(String(init?.body)) as {
      bookingCreationDtos: { bookableAssetId: number; datesAndTimes: { date: string; startTime: string; duration: string }[] }[];
    };
    sent.push(body);
    const answer: AvailabilityResponse = {
      probablyAvailable: body.bookingCreationDtos.map((dto) => ({
        bookableAssetId: dto.bookableAssetId,
        violations: [],
        datesAndTimes: dto.datesAndTimes.map((t) => ({
          ...t,
          endTime: '19:00:00',
          initialRepetitionDate: null,
          available: true,
          reason: null,
          message: null,
        })),
      })),
      unavailable: [],
      errors: [],
    };
    return json(answer);
  };
}

function stub(location: Location = school, extra: Record<string, unknown> = {}) {
  return stubApi({
    [`/api/location/${location.id}`]: location,
    [`/api/about/${location.id}`]: { whoCanApply: '<p>Lag og foreninger</p>', locationCosts: null, loanCriteria: null },
    '/api/tags': [],
    [`/api/search/assets/${location.id}`]: { available: [gym, classroom], unavailable: [hall] },
    '/api/bookableasset/availabletime': ({ url }: Request) =>
      json(url.searchParams.get('bookableAssetId') === '11' ? hours(8, 12) : hours(18, 2)),
    '/api/bookableasset': [
      buildRoom({ id: 11, displayName: 'Gymsal (G1)', locationId: 7 }),
      buildRoom({ id: 12, displayName: 'Klasserom (101)', locationId: 7 }),
    ],
    ...extra,
  });
}

const single = 'loanType=singleLoan&date=2030-03-05&duration=PT1H';
const card = (name: string) => screen.getByRole('article', { name });
const roomItem = (id: number) => document.getElementById(`rom-${id}`)!;

beforeEach(() => {
  localStorage.clear();
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

describe('/lokale/:locationId', () => {
  it("shows the location, its about accordion and contact, and the search form 'Finn rom til lån eller leie'; no rooms while the search is incomplete", async () => {
    const fetch = stub();
    renderPortal('/lokale/7?loanType=singleLoan&duration=PT1H');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tøyen skole' })).toBeInTheDocument();
    expect(screen.getByText('1. juni').tagName).toBe('B');
    expect(await screen.findByText('Hvem kan låne eller leie?')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '23 45 67 89' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Finn rom til lån eller leie' })).toBeInTheDocument();
    // The location's minimum (60 minutes) hides the shorter durations.
    expect(
      within(screen.getByRole('combobox', { name: 'Varighet' })).queryByRole('option', { name: '30 minutter' }),
    ).not.toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Rom' })).not.toBeInTheDocument();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/search/assets'))).toBe(false);
  });

  it('shows the location with its about texts in one go, holding a screen until then, so the contact box and the form do not move (decision 025)', async () => {
    let answerAbout: (response: Response) => void = () => {};
    const about = new Promise<Response>((resolve) => (answerAbout = resolve));
    stub(school, { '/api/about/7': () => about });
    const { container } = renderPortal('/lokale/7?loanType=singleLoan&duration=PT1H');
    await waitFor(() => expect(container.querySelector('.lk-location-page .lk-route-loading')).not.toBeNull());
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.queryByRole('heading', { level: 1, name: 'Tøyen skole' })).not.toBeInTheDocument();
    answerAbout(json({ whoCanApply: '<p>Lag og foreninger</p>', locationCosts: null, loanCriteria: null }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tøyen skole' })).toBeInTheDocument();
    expect(screen.getByText('Hvem kan låne eller leie?')).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Finn rom til lån eller leie' })).toBeInTheDocument();
    expect(container.querySelector('.lk-route-loading')).toBeNull();
  });

  it('does not hold the location while its about texts fail: the page shows without them', async () => {
    stub(school, { '/api/about/7': () => json({ msg: 'nede', code: 'INTERNAL' }, 500) });
    renderPortal('/lokale/7?loanType=singleLoan&duration=PT1H');
    expect(await screen.findByRole('heading', { level: 1, name: 'Tøyen skole' })).toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Finn rom til lån eller leie' })).toBeInTheDocument();
    expect(screen.queryByText('Hvem kan låne eller leie?')).not.toBeInTheDocument();
  });

  it('lists the rooms with their availability once the search is complete, and writes a new search to the URL', async () => {
    const user = userEvent.setup();
    stub();
    const { router } = renderPortal('/lokale/7?loanType=singleLoan&duration=PT1H');
    await screen.findByRole('form', { name: 'Finn rom til lån eller leie' });
    const date = addDays(todayInOslo(new Date()), 30);
    await user.type(screen.getByLabelText('Dato'), date);
    await user.click(screen.getByRole('button', { name: 'Søk' }));
    await waitFor(() => expect(router.state.location.search).toBe(`?loanType=singleLoan&date=${date}&duration=PT1H`));
    expect(await screen.findByRole('article', { name: 'Gymsal (G1)' })).toBeInTheDocument();
    expect(within(card('Gymsal (G1)')).getByText('Ledig')).toBeInTheDocument();
    expect(within(card('Gymsal (G1)')).getByText('Passer til 120 personer')).toBeInTheDocument();
    expect(within(card('Aula')).getByText('Ikke ledig')).toBeInTheDocument();
  });

  it("raises a duration below the location's minimum before searching, as the form does", async () => {
    const fetch = stub();
    renderPortal('/lokale/7?loanType=singleLoan&date=2030-03-05&duration=PT30M');
    await screen.findByRole('article', { name: 'Gymsal (G1)' });
    const searched = fetch.mock.calls
      .map(([url]) => new URL(String(url), 'http://localhost'))
      .find((u) => u.pathname === '/api/search/assets/7');
    expect(searched?.searchParams.get('duration')).toBe('PT1H');
  });

  it("shows 9 times first and the rest after 'Vis flere'; the times read HH:mm–HH:mm", async () => {
    const user = userEvent.setup();
    stub();
    const { router } = renderPortal(`/lokale/7?${single}`);
    await user.click(within(await screen.findByRole('article', { name: 'Gymsal (G1)' })).getByRole('button', { name: 'Velg rom' }));
    await waitFor(() => expect(router.state.location.search).toContain('ressurs=11'));
    const times = await within(card('Gymsal (G1)')).findByRole('list', { name: 'Ledige tider for Gymsal (G1)' });
    expect(
      within(times)
        .getAllByRole('button')
        .map((b) => b.textContent),
    ).toEqual([
      '08:00–09:00',
      '09:00–10:00',
      '10:00–11:00',
      '11:00–12:00',
      '12:00–13:00',
      '13:00–14:00',
      '14:00–15:00',
      '15:00–16:00',
      '16:00–17:00',
    ]);
    await user.click(within(card('Gymsal (G1)')).getByRole('button', { name: 'Vis flere' }));
    expect(within(times).getAllByRole('button')).toHaveLength(12);
    expect(within(card('Gymsal (G1)')).queryByRole('button', { name: 'Vis flere' })).not.toBeInTheDocument();
  });

  it("says 'Fant ingen ledige tidspunkt' when no time fits", async () => {
    stub(school, { '/api/bookableasset/availabletime': [] });
    renderPortal(`/lokale/7?${single}&ressurs=13`);
    expect(
      await within(await screen.findByRole('article', { name: 'Aula' })).findByText('Fant ingen ledige tidspunkt'),
    ).toBeInTheDocument();
  });

  it("refuses 'Gå til søknad' while a chosen room has no time: the message at the room and below, and focus on the first such room", async () => {
    const user = userEvent.setup();
    const fetch = stub();
    renderPortal(`/lokale/7?${single}&ressurs=11&ressurs=12`);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Gymsal (G1)' })).findByRole('button', { name: '09:00–10:00' }),
    );
    await user.click(screen.getByRole('button', { name: 'Gå til søknad' }));

    expect(within(card('Klasserom (101)')).getByText('Du må velge et tidspunkt')).toBeInTheDocument();
    expect(within(card('Gymsal (G1)')).queryByText('Du må velge et tidspunkt')).not.toBeInTheDocument();
    expect(screen.getByText('Legg til tidspunkt for alle valgte rom eller fjern dem fra listen.')).toBeInTheDocument();
    expect(roomItem(12)).toHaveFocus();
    expect(fetch.mock.calls.some(([url]) => String(url).includes('/api/booking/availability'))).toBe(false);

    // Choosing a time for it takes the messages away.
    await user.click(await within(card('Klasserom (101)')).findByRole('button', { name: '18:00–19:00' }));
    expect(screen.queryByText('Du må velge et tidspunkt')).not.toBeInTheDocument();
    expect(screen.queryByText('Legg til tidspunkt for alle valgte rom eller fjern dem fra listen.')).not.toBeInTheDocument();
  });

  it('hands a single loan to the application flow: the booking request is checked, stored in the draft, and /send opens with the time', async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    stub(school, { '/api/booking/availability': availabilityEcho(sent) });
    const { router } = renderPortal(`/lokale/7?${single}&ressurs=12`);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Klasserom (101)' })).findByRole('button', { name: '18:00–19:00' }),
    );
    expect(within(screen.getByRole('complementary', { name: 'Valgte rom' })).getByText('18:00–19:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gå til søknad' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/send'));
    expect(router.state.location.search).toBe('?purpose=PUBLICUSER_LOAN&activityType=school');
    expect(sent).toEqual([
      {
        bookingCreationDtos: [
          { bookableAssetId: 12, datesAndTimes: [{ date: '2030-03-05', startTime: '18:00:00', duration: 'PT1H' }], repetition: null },
        ],
      },
    ]);
    expect(readBookingDraft().reservations).toEqual([
      { bookableAssetId: 12, datesAndTimes: [{ date: '2030-03-05', startTime: '18:00:00', duration: 'PT1H' }], repetition: null },
    ]);
    expect(readBookingDraft().availability?.probablyAvailable[0]?.bookableAssetId).toBe(12);
    expect(await screen.findByRole('heading', { level: 1, name: 'Søknad om lån av lokale' })).toBeInTheDocument();
    expect(await screen.findByText(/kl\. 18:00–19:00/)).toBeInTheDocument();
  });

  it("chooses per weekday for a recurring loan, with 'Ledig {n} av {m} valgte datoer', and sends the weekly series from the search's first Monday (the date not free is named on the form, decision 027)", async () => {
    const user = userEvent.setup();
    const sent: unknown[] = [];
    const recurring =
      'loanType=recurringLoan&from=2030-03-04&to=2030-03-31&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=MONDAY&daysOfWeek=THURSDAY';
    stub(school, {
      '/api/search/assets/7/repeating': {
        available: [hit(11, 'Gymsal (G1)', { datesCount: 8, unavailableDates: ['2030-03-04'] })],
        unavailable: [],
      },
      '/api/bookableasset/availabletimeseries': {
        byWeekday: {
          MONDAY: [
            { timeInterval: { start: '18:00:00', end: '19:00:00' }, firstAvailable: '2030-03-11', availableDatesCount: 3, datesCount: 4 },
          ],
          THURSDAY: [],
        },
        datesCount: 8,
        unavailableDates: ['2030-03-04'],
        share: 0.875,
      },
      '/api/booking/availability': availabilityEcho(sent),
    });
    const { router } = renderPortal(`/lokale/7?${recurring}&ressurs=11`);
    const gymCard = await screen.findByRole('article', { name: 'Gymsal (G1)' });
    expect(within(gymCard).getByText('Ledig 7 av 8 valgte datoer')).toBeInTheDocument();
    const monday = await within(gymCard).findByRole('list', { name: 'Ledige tider mandag for Gymsal (G1)' });
    expect(within(gymCard).getByText('Fant ingen ledige tidspunkt')).toBeInTheDocument();
    await user.click(within(monday).getByRole('button', { name: '18:00–19:00 Ledig 3 av 4 valgte datoer' }));
    expect(within(screen.getByRole('complementary', { name: 'Valgte rom' })).getByText('Mandag 18:00–19:00')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Gå til søknad' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/send'));
    expect(sent).toEqual([
      {
        bookingCreationDtos: [
          {
            bookableAssetId: 11,
            datesAndTimes: [{ date: '2030-03-04', startTime: '18:00:00', duration: 'PT1H' }],
            repetition: { pattern: 'WEEKLY', lastDate: '2030-03-31' },
          },
        ],
      },
    ]);
    expect(readBookingDraft().repetition).toEqual({ pattern: 'WEEKLY', lastDate: '2030-03-31' });
  });

  it('keeps the choices and says why in Norwegian when the check fails', async () => {
    const user = userEvent.setup();
    stub(school, { '/api/booking/availability': () => new Response(null, { status: 500 }) });
    const { router } = renderPortal(`/lokale/7?${single}&ressurs=12`);
    await user.click(
      await within(await screen.findByRole('article', { name: 'Klasserom (101)' })).findByRole('button', { name: '18:00–19:00' }),
    );
    await user.click(screen.getByRole('button', { name: 'Gå til søknad' }));
    expect(await screen.findByText('Vi kunne ikke gå videre til søknaden:')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/lokale/7');
    expect(within(card('Klasserom (101)')).getByRole('button', { name: '18:00–19:00' })).toHaveAttribute('aria-pressed', 'true');
    expect(readBookingDraft().reservations).toEqual([]);
  });

  it('shows the processing-time message when the location has behandlingstid', async () => {
    stub(buildLocation({ id: 8, name: 'Kampen barnehage', behandlingstid: 7 }));
    renderPortal('/lokale/8');
    expect(await screen.findByText('Lokalet krever at søknader sendes inn minst 7 dager før ønsket dato.')).toBeInTheDocument();
  });

  it('removes a room with its times, and scrolls to and focuses the room named by scrollTo once', async () => {
    const user = userEvent.setup();
    const scrollIntoView = vi.fn();
    Element.prototype.scrollIntoView = scrollIntoView;
    stub();
    const { router } = renderPortal(`/lokale/7?ressurs=12&scrollTo=12&${single}`);
    await screen.findByRole('article', { name: 'Klasserom (101)' });
    await waitFor(() => expect(router.state.location.search).not.toContain('scrollTo'));
    expect(scrollIntoView).toHaveBeenCalledTimes(1);
    expect(roomItem(12)).toHaveFocus();

    await user.click(await within(card('Klasserom (101)')).findByRole('button', { name: '18:00–19:00' }));
    await user.click(
      within(screen.getByRole('complementary', { name: 'Valgte rom' })).getByRole('button', { name: 'Fjern Klasserom (101)' }),
    );
    await waitFor(() => expect(router.state.location.search).not.toContain('ressurs'));
    await user.click(within(card('Klasserom (101)')).getByRole('button', { name: 'Velg rom' }));
    expect(await within(card('Klasserom (101)')).findByRole('button', { name: '18:00–19:00' })).toHaveAttribute('aria-pressed', 'false');
  });

  it.each(['UNPUBLISHED', 'DELETED'] as const)('sends a %s location to /404', async (status) => {
    stub(buildLocation({ id: 9, status }));
    const { router } = renderPortal('/lokale/9');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });

  it('sends an unknown location to /404', async () => {
    stub();
    const { router } = renderPortal('/lokale/999');
    await waitFor(() => expect(router.state.location.pathname).toBe('/404'));
  });
});

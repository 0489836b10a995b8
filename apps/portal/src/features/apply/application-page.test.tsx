import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { CreateBookingRequest } from '@lokaler/domain/booking-create';
import type { AvailabilityResponse } from '@lokaler/domain/booking-request';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { BOOKING_DRAFT_KEY, BOOKING_DRAFT_SENT_KEY, readBookingDraft, writeBookingDraft } from '@lokaler/ui/booking-draft';
import { kari, renderPortal, stubApi } from '../../testing/render-portal';
import { buildRoom } from '../../testing/room-factories';
import { APPLICATION_KEY } from './application-store';

/** What the fake API hands an answer function. */
type StubRequest = { url: URL; init: RequestInit | undefined };

const gym = buildRoom({ id: 11, displayName: 'Gymsal (G1)', theme: 'school' });
const hall = buildRoom({ id: 21, displayName: 'Seremonirommet', theme: 'wedding', locationName: 'Oslo rådhus' });
const t = (date: string, initialRepetitionDate: string | null) => ({
  date,
  startTime: '18:00:00',
  endTime: '19:00:00',
  duration: 'PT1H',
  initialRepetitionDate,
  available: true,
  reason: null,
  message: null,
});
const availability = (roomId: number): AvailabilityResponse => ({
  probablyAvailable: [
    { bookableAssetId: roomId, datesAndTimes: [t('2030-03-04', '2030-03-04'), t('2030-03-11', '2030-03-04')], violations: [] },
  ],
  unavailable: [],
  errors: [],
});
const draftFor = (roomId: number) =>
  writeBookingDraft({
    repetition: { pattern: 'WEEKLY', lastDate: '2030-03-11' },
    checked: [],
    reservations: [
      {
        bookableAssetId: roomId,
        datesAndTimes: [{ date: '2030-03-04', startTime: '18:00:00', duration: 'PT1H' }],
        repetition: { pattern: 'WEEKLY', lastDate: '2030-03-11' },
      },
    ],
    availability: availability(roomId),
  });

let posted: CreateBookingRequest[];
function stub(postAnswer: () => Response = () => Response.json({ bookingId: 5, caseNumber: 'LOK-2030-00005' }, { status: 201 })) {
  posted = [];
  stubApi({
    '/api/bookableasset': ({ url }: StubRequest) =>
      Response.json([gym, hall].filter((r) => url.searchParams.getAll('ids').includes(String(r.id)))),
    '/api/currentuser/roles': { userId: 1, name: 'Kari Nordmann', email: 'kari@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] },
    '/api/booking': ({ init }: StubRequest) => {
      posted.push(JSON.parse(String(init?.body)) as CreateBookingRequest);
      return postAnswer();
    },
  });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

const SEND = '/send?purpose=PUBLICUSER_LOAN&activityType=school';

async function fillSchoolForm(user: ReturnType<typeof userEvent.setup>) {
  await user.type(await screen.findByRole('textbox', { name: 'Aktivitet' }), 'Innebandy');
  await user.type(screen.getByRole('textbox', { name: 'Hvem er aktiviteten for, og hva er formålet?' }), 'Barn 10–12 år i nabolaget');
  await user.type(screen.getByRole('textbox', { name: 'Forventet antall deltakere' }), '18');
  const email = screen.getByRole('textbox', { name: 'E-post' });
  await user.clear(email);
  await user.type(email, ' kari@example.no ');
  await user.type(screen.getByRole('textbox', { name: 'Telefon' }), '912 34 567');
}

describe('/send: the application form', () => {
  it("says 'Send søknad (logg inn)' when logged out; pressing it keeps the answers and logs in ('Logger deg inn')", async () => {
    stub();
    draftFor(11);
    const user = userEvent.setup();
    const { auth } = renderPortal(SEND);
    expect(await screen.findByRole('heading', { level: 3, name: 'Gymsal (G1), Tøyen skole' })).toBeInTheDocument();
    await fillSchoolForm(user);
    await user.click(screen.getByRole('button', { name: 'Send søknad (logg inn)' }));
    expect(await screen.findByRole('heading', { name: 'Logger deg inn' })).toBeInTheDocument();
    expect(auth.loginCalls).toEqual([SEND]);
    expect(JSON.parse(sessionStorage.getItem(APPLICATION_KEY)!).values).toMatchObject({
      activity: 'Innebandy',
      participants: '18',
      contactPhone: '912 34 567',
    });
    expect(posted).toEqual([]);
  });

  it("comes back from login with every answer in place and the label 'Send søknad'", async () => {
    stub();
    draftFor(11);
    sessionStorage.setItem(
      APPLICATION_KEY,
      JSON.stringify({
        submissionId: 'a',
        values: { activity: 'Innebandy', purpose: 'Barn', participants: '18', contactEmail: 'kari@example.no', contactPhone: '91234567' },
      }),
    );
    renderPortal(SEND, { user: kari });
    expect(await screen.findByRole('textbox', { name: 'Aktivitet' })).toHaveValue('Innebandy');
    expect(screen.getByRole('textbox', { name: 'Forventet antall deltakere' })).toHaveValue('18');
    expect(screen.getByRole('button', { name: 'Send søknad' })).toBeInTheDocument();
  });

  it('validates with the server’s schema and messages before anything is sent', async () => {
    stub();
    draftFor(11);
    const user = userEvent.setup();
    const { auth, router } = renderPortal(SEND);
    await user.type(await screen.findByRole('textbox', { name: 'Forventet antall deltakere' }), '0');
    await user.type(screen.getByRole('textbox', { name: 'E-post' }), 'kari@');
    await user.click(screen.getByRole('button', { name: 'Send søknad (logg inn)' }));
    // Activity, purpose and phone are missing; participants and e-mail are wrong: each under its field and in the summary, which has the focus.
    const summary = await screen.findByRole('group', { name: 'For å sende må du rette opp følgende:' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Feltet er påkrevd',
      'Feltet er påkrevd',
      'Skriv inn et helt tall fra 1 og oppover',
      'Vennligst skriv inn en gyldig e-postadresse',
      'Feltet er påkrevd',
    ]);
    expect(screen.getAllByText('Feltet er påkrevd')).toHaveLength(6);
    await user.click(within(summary).getAllByRole('link')[0]!);
    expect(screen.getByRole('textbox', { name: 'Aktivitet' })).toHaveFocus();
    expect(auth.loginCalls).toEqual([]);
    expect(router.state.location.pathname).toBe('/send');
  });

  it('asks the optional age group next to the number of participants on a school form, and sends it (decision 029)', async () => {
    stub();
    draftFor(11);
    const user = userEvent.setup();
    renderPortal(SEND, { user: kari });
    await fillSchoolForm(user);
    const ageGroup = screen.getByRole('combobox', { name: 'Aldersgruppe (valgfritt)' });
    const fields = screen
      .getAllByRole('textbox')
      .concat(ageGroup)
      .sort((a, b) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING ? -1 : 1));
    expect(fields.indexOf(ageGroup)).toBe(fields.indexOf(screen.getByRole('textbox', { name: 'Forventet antall deltakere' })) + 1);
    await user.selectOptions(ageGroup, 'Barn (under 13 år)');
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    await waitFor(() => expect(posted).toHaveLength(1));
    expect(posted[0]!.formAnswers).toMatchObject({ participants: 18, ageGroup: 'CHILDREN' });
  });

  it("tells before sending that a semester application enters the location's open round: 'Søknadsfrist' (decision 029)", async () => {
    stubApi({
      '/api/bookableasset': [gym],
      '/api/currentuser/roles': { userId: 1, name: 'Kari Nordmann', email: 'kari@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] },
      [`/api/location/${gym.locationId}/round`]: {
        round: { name: 'Vår 2030 skoler', deadline: '2030-02-01', semesterStart: '2030-01-01', semesterEnd: '2030-06-30' },
      },
    });
    draftFor(11);
    renderPortal(SEND, { user: kari });
    expect(await screen.findByText('Søknadsfrist 01.02.2030')).toBeInTheDocument();
    expect(screen.getByText(/Søknaden blir med i søknadsrunden «Vår 2030 skoler»/)).toBeInTheDocument();
  });

  it('says nothing of a round whose semester does not hold the first date', async () => {
    stubApi({
      '/api/bookableasset': [gym],
      '/api/currentuser/roles': { userId: 1, name: 'Kari Nordmann', email: 'kari@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] },
      [`/api/location/${gym.locationId}/round`]: {
        round: { name: 'Høst 2030', deadline: '2030-06-01', semesterStart: '2030-08-01', semesterEnd: '2030-12-20' },
      },
    });
    draftFor(11);
    renderPortal(SEND, { user: kari });
    expect(await screen.findByRole('textbox', { name: 'Aktivitet' })).toBeInTheDocument();
    await waitFor(() => expect(vi.mocked(fetch).mock.calls.map(([u]) => String(u))).toContain(`/api/location/${gym.locationId}/round`));
    expect(screen.queryByText(/Søknadsfrist/)).not.toBeInTheDocument();
  });

  it('asks what the wedding flow needs, with its labels', async () => {
    stub();
    draftFor(21);
    renderPortal('/send?purpose=PUBLICUSER_LOAN&activityType=wedding&nextLink=%2Fny-booking%2Fvielse', { user: kari });
    expect(await screen.findByRole('textbox', { name: 'Antall gjester' })).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Melding til vielseskontoret (valgfritt)' })).toBeInTheDocument();
    expect(screen.queryByRole('textbox', { name: 'Aktivitet' })).not.toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: /Aldersgruppe/ })).not.toBeInTheDocument();
    // The e-mail of the logged-in person is filled in.
    expect(screen.getByRole('textbox', { name: 'E-post' })).toHaveValue('kari@example.no');
  });

  it('tells the person to choose times first when there are none', async () => {
    stub();
    renderPortal(SEND);
    expect(await screen.findByText('Du har ikke valgt noen ledige tider ennå.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Send søknad/ })).not.toBeInTheDocument();
  });
});

describe('/send/registrering: the booking registration page', () => {
  it('posts the booking once, clears the choices and goes to / (spec 01 §2) with the receipt and a link to the booking', async () => {
    stub();
    draftFor(11);
    const user = userEvent.setup();
    const { router } = renderPortal(SEND, { user: kari });
    await fillSchoolForm(user);
    await user.click(screen.getByRole('button', { name: 'Send søknad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(await screen.findByRole('heading', { level: 2, name: 'Søknaden din er sendt' })).toHaveFocus();
    expect(screen.getByRole('link', { name: 'Se søknaden under Mine bookinger' })).toHaveAttribute('href', '/bookinger/5');
    expect(posted).toEqual([
      {
        availabilityData: {
          probablyAvailable: [
            {
              bookableAssetId: 11,
              datesAndTimes: [
                { date: '2030-03-04', startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: '2030-03-04' },
                { date: '2030-03-11', startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: '2030-03-04' },
              ],
            },
          ],
        },
        isRepeating: true,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: {
          activity: 'Innebandy',
          purpose: 'Barn 10–12 år i nabolaget',
          participants: 18,
          contactEmail: 'kari@example.no',
          contactPhone: '912 34 567',
        },
      },
    ]);
    expect(localStorage.getItem(BOOKING_DRAFT_KEY)).toBeNull();
    // …and says it was sent, for another tab that showed the same times.
    expect(localStorage.getItem(BOOKING_DRAFT_SENT_KEY)).not.toBeNull();
    expect(sessionStorage.getItem(APPLICATION_KEY)).toBeNull();
  });

  it("shows 'Registrerer din booking' while posting, then follows an in-app nextLink with bookingId and activityType", async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    stub();
    draftFor(21);
    sessionStorage.setItem(
      APPLICATION_KEY,
      JSON.stringify({ submissionId: 'w1', values: { participants: '12', contactEmail: 'kari@example.no', contactPhone: '91234567' } }),
    );
    const fetchMock = stubApi({
      '/api/bookableasset': [hall],
      '/api/booking': async () => {
        await gate;
        return Response.json({ bookingId: 8, caseNumber: 'LOK-2030-00008' }, { status: 201 });
      },
    });
    const { router } = renderPortal(
      '/send/registrering?nextLink=%2Fny-booking%2Fvielse&bookingPortalClient=PUBLIC&purpose=PUBLICUSER_LOAN&activityType=wedding',
      { user: kari },
    );
    // Every address the router arrives at (the wedding form belongs to another screen and may move on);
    // while a page's code loads, the router is still at the address before.
    const start = `${router.state.location.pathname}${router.state.location.search}`;
    const visited: string[] = [];
    router.subscribe((state) => {
      const at = `${state.location.pathname}${state.location.search}`;
      if (state.navigation.state === 'idle' && at !== (visited.at(-1) ?? start)) visited.push(at);
    });
    expect(await screen.findByRole('heading', { level: 1, name: 'Registrerer din booking' })).toBeInTheDocument();
    release();
    await waitFor(() => expect(visited[0]).toBe('/ny-booking/vielse?bookingId=8&activityType=wedding'));
    expect(fetchMock.mock.calls.filter(([url]) => String(url).startsWith('/api/booking')).length).toBe(1);
  });

  it('posts once in StrictMode, whose effects run twice, and once for a double click on the send button', async () => {
    stub();
    draftFor(11);
    const user = userEvent.setup();
    const { router } = renderPortal(SEND, { user: kari, strict: true });
    await fillSchoolForm(user);
    await user.dblClick(screen.getByRole('button', { name: 'Send søknad' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(posted).toHaveLength(1);
  });

  it('names the taken times of a 409 and leads back to the calendar with the other choices kept', async () => {
    stub(() =>
      Response.json(
        {
          msg: 'conflict',
          code: 'BOOKING_CONFLICT',
          userMsg:
            'Tidspunktet er ikke lenger ledig: 11.03.2030 kl. 18:00–19:00. Ingenting er lagret. Velg andre tidspunkter og prøv igjen.',
          conflicts: [{ bookableAssetId: 11, date: '2030-03-11', startTime: '18:00:00', endTime: '19:00:00' }],
        },
        { status: 409 },
      ),
    );
    draftFor(11);
    sessionStorage.setItem(
      APPLICATION_KEY,
      JSON.stringify({
        submissionId: 'c1',
        values: { activity: 'Innebandy', purpose: 'Barn', participants: '18', contactEmail: 'kari@example.no', contactPhone: '91234567' },
      }),
    );
    const user = userEvent.setup();
    const { router } = renderPortal('/send/registrering?bookingPortalClient=PUBLIC&purpose=PUBLICUSER_LOAN&activityType=school', {
      user: kari,
    });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Det oppsto en feil ved registrering av din booking' }),
    ).toBeInTheDocument();
    expect(screen.getByText(/Ingenting er lagret/)).toBeInTheDocument();
    const taken = screen.getByRole('heading', { name: 'Disse tidene er ikke lenger ledige' }).nextElementSibling as HTMLElement;
    expect(within(taken).getByRole('listitem')).toHaveTextContent('Gymsal (G1): mandag 11. mars 2030 kl. 18:00–19:00');

    await user.click(screen.getByRole('button', { name: 'Tilbake til kalenderen' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/ressurs'));
    expect(router.state.location.search).toBe('?ressurs=11');
    expect(readBookingDraft().reservations).toHaveLength(1);
    expect(readBookingDraft().availability).toBeNull();
    expect(sessionStorage.getItem(APPLICATION_KEY)).not.toBeNull();
  });

  it("says each of the server's objections once, not its summary as well", async () => {
    const rule = 'Lokalet krever at søknader sendes inn minst 14 dager før ønsket dato.';
    stub(() =>
      Response.json(
        {
          msg: 'The booking breaks 1 rule(s)',
          code: 'BOOKING_NOT_ALLOWED',
          userMsg: rule,
          fields: [{ path: 'availabilityData.probablyAvailable.0', message: rule }],
        },
        { status: 422 },
      ),
    );
    draftFor(11);
    sessionStorage.setItem(
      APPLICATION_KEY,
      JSON.stringify({
        submissionId: 'c2',
        values: { activity: 'Innebandy', purpose: 'Barn', participants: '18', contactEmail: 'kari@example.no', contactPhone: '91234567' },
      }),
    );
    renderPortal('/send/registrering?bookingPortalClient=PUBLIC&purpose=PUBLICUSER_LOAN', { user: kari });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Det oppsto en feil ved registrering av din booking' }),
    ).toBeInTheDocument();
    expect(screen.getAllByText(rule)).toHaveLength(1);
  });

  it("says 'Feil ved registrering av reservasjoner, vennligst prøv på nytt' when the server does not explain", async () => {
    stub(() => Response.json({ msg: 'boom', code: 'INTERNAL' }, { status: 500 }));
    draftFor(11);
    sessionStorage.setItem(
      APPLICATION_KEY,
      JSON.stringify({
        submissionId: 'c3',
        values: { activity: 'Innebandy', purpose: 'Barn', participants: '18', contactEmail: 'kari@example.no', contactPhone: '91234567' },
      }),
    );
    renderPortal('/send/registrering?bookingPortalClient=PUBLIC&purpose=PUBLICUSER_LOAN', { user: kari });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Det oppsto en feil ved registrering av din booking' }),
    ).toBeInTheDocument();
    expect(screen.getByText('Feil ved registrering av reservasjoner, vennligst prøv på nytt')).toBeInTheDocument();
    expect(screen.queryByText(/uventet feil/)).not.toBeInTheDocument();
  });

  it('tells a second tab that the first sent these times, instead of emptying its form silently', async () => {
    stub();
    draftFor(11);
    const user = userEvent.setup();
    renderPortal(SEND, { user: kari });
    await user.type(await screen.findByRole('textbox', { name: 'Aktivitet' }), 'Innebandy');

    // What the first tab's registration page leaves in the shared storage, and the event this tab gets.
    act(() => {
      localStorage.setItem(BOOKING_DRAFT_SENT_KEY, new Date().toISOString());
      localStorage.removeItem(BOOKING_DRAFT_KEY);
      window.dispatchEvent(new StorageEvent('storage', { key: BOOKING_DRAFT_KEY }));
    });
    const alert = await screen.findByRole('alert');
    expect(within(alert).getByRole('heading', { name: 'Søknaden er sendt fra en annen fane' })).toBeInTheDocument();
    expect(within(alert).getByRole('link', { name: 'Se søknaden i Mine bookinger' })).toHaveAttribute('href', '/bookinger');
    expect(screen.queryByRole('textbox', { name: 'Aktivitet' })).not.toBeInTheDocument();
    expect(posted).toEqual([]);
  });

  it('says the times were removed, not sent, when another tab cleared them', async () => {
    stub();
    draftFor(11);
    renderPortal(SEND, { user: kari });
    await screen.findByRole('textbox', { name: 'Aktivitet' });
    act(() => {
      localStorage.setItem(BOOKING_DRAFT_KEY, JSON.stringify({ ...readBookingDraft(), reservations: [], availability: null }));
      window.dispatchEvent(new StorageEvent('storage', { key: BOOKING_DRAFT_KEY }));
    });
    expect(await screen.findByRole('heading', { name: 'Tidene ble fjernet i en annen fane' })).toBeInTheDocument();
    expect(screen.queryByText('Søknaden er sendt fra en annen fane')).not.toBeInTheDocument();
  });

  it('sends a logged-out visitor to the form and its login gate instead of posting', async () => {
    stub();
    draftFor(11);
    const { router } = renderPortal('/send/registrering?purpose=PUBLICUSER_LOAN');
    await waitFor(() => expect(router.state.location.pathname).toBe('/send'));
    expect(posted).toEqual([]);
  });
});

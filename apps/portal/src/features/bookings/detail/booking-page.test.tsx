import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { adminOnlyChangeLogTypes, changeLogTypes } from '@lokaler/domain/booking';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { buildChange, buildReservation, buildUserBooking } from '../testing/booking-factories';
import { callsOf, json, setUpPortalTests, stubBooking } from '../testing/setup';

setUpPortalTests();

describe('/bookinger/:bookingId', () => {
  it('asks a logged-out person to log in, and comes back to the booking', async () => {
    const user = userEvent.setup();
    const fetchMock = stubBooking();
    const { auth } = renderPortal('/bookinger/42');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Logg inn' }));
    expect(auth.loginCalls).toEqual(['/bookinger/42']);
    expect(callsOf(fetchMock).some((c) => c.includes('/api/user/'))).toBe(false);
  });

  it('shows the heading, the badges, address, date, case number and contact line of an approved booking with an unsigned contract', async () => {
    stubBooking(
      buildUserBooking({
        requirements: [{ type: 'CONTRACT', isFulfilled: false, userName: null, fulfillmentTimeUtc: null }],
        contractExists: true,
        vedtakExists: true,
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Din booking hos Sagene samfunnshus' })).toBeInTheDocument();
    expect(document.title).toBe('Din booking hos Sagene samfunnshus – Lokaler');
    expect(screen.getByText('Godkjent')).toHaveAttribute('data-color', 'success');
    expect(screen.getByText('Kontrakten må signeres')).toBeInTheDocument();
    const facts = screen.getByText('Saksnummer').closest('dl')!;
    expect(within(facts).getByText('Kristiansands gate 2, 0463 Oslo')).toBeInTheDocument();
    expect(within(facts).getByText('Dato')).toBeInTheDocument();
    expect(within(facts).getByText('12.03.2030')).toBeInTheDocument();
    expect(within(facts).getByText('LOK-2030-00042')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'sagene@example.no' })).toHaveAttribute('href', 'mailto:sagene@example.no');
    const documents = await screen.findByRole('list', { name: 'Dokumenter for bookingen' });
    expect(
      within(documents)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Vedtak', '/bookinger/42/vedtak'],
      ['Kontrakt', '/bookinger/42/kontrakt'],
    ]);
  });

  it("has no 'Kontrakten må signeres' once the contract is signed", async () => {
    stubBooking(
      buildUserBooking({
        requirements: [{ type: 'CONTRACT', isFulfilled: true, userName: 'Kari Nordmann', fulfillmentTimeUtc: '2030-02-03T20:14:00Z' }],
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { level: 1 });
    expect(screen.queryByText('Kontrakten må signeres')).not.toBeInTheDocument();
  });

  it("shows an application in a semester round as received, with 'Søknadsfrist' and its wished times (decision 029)", async () => {
    stubBooking(
      buildUserBooking({
        status: 'UNPROCESSED',
        sourceForm: 'school',
        bookingDurationType: 'SEMESTERLOAN',
        round: { name: 'Høst 2030 skoler', deadline: '2030-06-01', collected: true },
        reservations: [
          buildReservation({ date: '2030-08-20', startTime: '18:00:00', endTime: '19:00:00', duration: 'PT1H', status: 'IN_ROUND' }),
          buildReservation({ date: '2030-08-27', startTime: '18:00:00', endTime: '19:00:00', duration: 'PT1H', status: 'IN_ROUND' }),
        ],
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByText('Søknadsfrist 01.06.2030')).toBeInTheDocument();
    expect(screen.getByText('Mottatt')).toHaveAttribute('data-color', 'info');
    expect(screen.queryByText('Venter på behandling')).not.toBeInTheDocument();
    expect(screen.getByText(/behandles sammen med de andre søknadene til semesteret etter søknadsfristen/)).toHaveTextContent(
      '«Høst 2030 skoler»',
    );
    const times = screen.getByRole('list', { name: 'Tider i Storsalen' });
    expect(
      within(times)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['tirsdag 20.08.2030 kl. 18:00–19:00', 'tirsdag 27.08.2030 kl. 18:00–19:00']);
  });

  it('shows the decided status, without the deadline, once the round is closed', async () => {
    stubBooking(buildUserBooking({ status: 'APPROVED', round: { name: 'Høst 2030 skoler', deadline: '2030-06-01', collected: false } }));
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByText('Godkjent')).toBeInTheDocument();
    expect(screen.queryByText(/Søknadsfrist/)).not.toBeInTheDocument();
    expect(screen.queryByText('Mottatt')).not.toBeInTheDocument();
  });

  it("names the dates the application was sent without: 'Søkt uten 2 datoer' (decision 027)", async () => {
    const omittedTimes = ['2026-12-24', '2026-12-31'].map((date) => ({
      bookableAssetId: 4,
      roomName: 'Aula',
      date,
      startTime: '18:00:00',
      endTime: '19:00:00',
    }));
    stubBooking(buildUserBooking({ omittedTimes }));
    renderPortal('/bookinger/42', { user: kari });
    const heading = await screen.findByRole('heading', { level: 2, name: 'Søkt uten 2 datoer' });
    expect(
      within(heading.closest('section')!)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Aula: torsdag 24.12.2026 kl. 18:00–19:00', 'Aula: torsdag 31.12.2026 kl. 18:00–19:00']);
  });

  it('counts only approved and unprocessed times, per room, with adjacent times of a day merged and an end at midnight as 00:00', async () => {
    stubBooking(
      buildUserBooking({
        reservations: [
          buildReservation({ date: '2030-03-12', startTime: '17:00:00', endTime: '18:00:00', duration: 'PT1H' }),
          buildReservation({ date: '2030-03-12', startTime: '18:00:00', endTime: '19:00:00', duration: 'PT1H', status: 'UNPROCESSED' }),
          buildReservation({ date: '2030-03-19', startTime: '17:00:00', endTime: '19:00:00', status: 'REPLACED' }),
          buildReservation({ date: '2030-03-26', startTime: '17:00:00', endTime: '19:00:00', status: 'CANCELLED' }),
          buildReservation({
            bookableAssetId: 12,
            displayName: 'Møterom (M1)',
            date: '2030-03-13',
            startTime: '20:30:00',
            endTime: '00:00:00',
            duration: 'PT3H30M',
          }),
        ],
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    const storsalen = await screen.findByRole('list', { name: 'Tider i Storsalen' });
    expect(
      within(storsalen)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['tirsdag 12.03.2030 kl. 17:00–19:00']);
    const meetingRoom = screen.getByRole('list', { name: 'Tider i Møterom (M1)' });
    expect(
      within(meetingRoom)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['onsdag 13.03.2030 kl. 20:30–00:00']);
  });

  it('hides rooms and times of a rejected booking and shows the message from the location', async () => {
    stubBooking(
      buildUserBooking({
        status: 'REJECTED',
        reservations: [buildReservation({ status: 'REJECTED' })],
        decisionMessages: [{ message: 'Aulaen er opptatt denne dagen.', createdTimeUtc: '2030-02-05T08:00:00Z' }],
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByText('Avslått')).toHaveAttribute('data-color', 'danger');
    expect(screen.queryByRole('heading', { name: 'Rom og tider' })).not.toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Melding fra Sagene samfunnshus' })).toBeInTheDocument();
    expect(screen.getByText('Aulaen er opptatt denne dagen.')).toBeInTheDocument();
    expect(screen.getByText('05.02.2030 09:00')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Kansellering' })).not.toBeInTheDocument();
  });

  it('links to the cancel page while the booking is cancellable', async () => {
    stubBooking(buildUserBooking({ status: 'UNPROCESSED', isCancellable: true }));
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByRole('link', { name: 'Kanseller bookingen' })).toHaveAttribute('href', '/bookinger/42/kanseller');
  });

  it("shows a wedding's cancellation deadline as days before the ceremony (spec 02 §9); other bookings keep the date", async () => {
    // 23:59 in Oslo on 12 February 2030 (winter time); the ceremony is 12 March 2030: 28 days.
    const deadline = '2030-02-12T22:59:00Z';
    const wedding = buildUserBooking({
      sourceForm: 'wedding',
      isCancellable: true,
      cancellationDeadline: deadline,
      location: { ...buildUserBooking().location, name: 'Oslo rådhus' },
      reservations: [buildReservation({ date: '2030-03-12' }), buildReservation({ date: '2030-03-05', status: 'CANCELLED' })],
    });
    stubBooking(wedding);
    const { unmount } = renderPortal('/bookinger/42', { user: kari });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Kansellering' })).closest('section')!;
    expect(within(section).getByText('Avbestillingsfrist: 28 dager før vielsen')).toBeInTheDocument();
    expect(within(section).getByRole('link', { name: 'Kanseller bookingen' })).toBeInTheDocument();
    unmount();

    stubBooking(buildUserBooking({ isCancellable: true, cancellationDeadline: deadline }));
    renderPortal('/bookinger/42', { user: kari });
    const other = (await screen.findByRole('heading', { level: 2, name: 'Kansellering' })).closest('section')!;
    expect(within(other).getByText('Du kan kansellere bookingen her fram til 12.02.2030 23:59.')).toBeInTheDocument();
    expect(within(other).queryByText(/Avbestillingsfrist/)).not.toBeInTheDocument();
  });

  it('sends a wedding to the wedding office when it can no longer be cancelled here, and shows no address', async () => {
    stubBooking(
      buildUserBooking({
        sourceForm: 'wedding',
        isCancellable: false,
        location: { ...buildUserBooking().location, name: 'Oslo rådhus', contactEmail: 'vielse@example.no' },
      }),
    );
    renderPortal('/bookinger/42', { user: kari });
    await screen.findByRole('heading', { level: 1, name: 'Din booking hos Oslo rådhus' });
    expect(screen.queryByText('Kristiansands gate 2, 0463 Oslo')).not.toBeInTheDocument();
    expect(screen.getByText(/Ta kontakt med vielseskontoret på vielse@example.no/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Kanseller bookingen' })).not.toBeInTheDocument();
  });

  it('links to the change note only when there is one, and shows the practical information', async () => {
    stubBooking(buildUserBooking(), {
      '/api/user/retroactive-contract/42': { text: 'Bookingen ble registrert i etterkant.' },
      '/api/user/booking/42/infoforleietaker': {
        heading: 'Praktisk informasjon',
        description: 'Nøkkel hentes hos vaktmester, tlf. 22334455 eller +4791234567.',
        links: [{ url: 'https://example.no/husregler', linkText: 'Husregler' }],
      },
    });
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByRole('link', { name: 'Endringsnotat' })).toHaveAttribute('href', '/bookinger/42/endringsnotat');
    expect(screen.getByRole('heading', { name: 'Praktisk informasjon' })).toBeInTheDocument();
    // Phone numbers in the venue's text are grouped in twos, the country code kept.
    expect(screen.getByText('Nøkkel hentes hos vaktmester, tlf. 22 33 44 55 eller +47 91 23 45 67.')).toBeInTheDocument();
    const link = screen.getByRole('link', { name: 'Husregler (åpnes i ny fane)' });
    expect(link).toHaveAttribute('href', 'https://example.no/husregler');
    expect(link).toHaveAttribute('target', '_blank');
  });

  it("says 'Fant ikke bookingen' for a booking the server does not give this person", async () => {
    stubApi({ '/api/user/booking/99': () => json({ msg: 'Not found', code: 'NOT_FOUND' }, 404) });
    renderPortal('/bookinger/99', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Fant ikke bookingen' })).toBeInTheDocument();
  });

  it('treats an unknown booking status from the server as an error', async () => {
    stubBooking({ ...buildUserBooking(), status: 'ARCHIVED' } as never);
    renderPortal('/bookinger/42', { user: kari });
    expect(await screen.findByText('Feil ved henting av data')).toBeInTheDocument();
    expect(screen.queryByRole('heading', { level: 1, name: /Din booking/ })).not.toBeInTheDocument();
  });
});

describe('change timeline', () => {
  it('loads when opened and labels every change-log type as spec 02 §4 says', async () => {
    const user = userEvent.setup();
    // The server leaves the administrators' own entries out of the applicant's timeline (decision 065).
    const entries = changeLogTypes
      .filter((type) => !adminOnlyChangeLogTypes.includes(type))
      .map((type, i) => buildChange({ type, loggedUtc: `2030-02-${String(i + 1).padStart(2, '0')}T10:00:00Z`, user: `Person ${i}` }));
    const fetchMock = stubBooking(buildUserBooking(), { '/api/user/booking/42/changes': entries });
    renderPortal('/bookinger/42', { user: kari });
    const summary = await screen.findByText('Historikk');
    expect(callsOf(fetchMock)).not.toContain('GET /api/user/booking/42/changes');
    await user.click(summary);
    const list = await screen.findByRole('list', { name: 'Endringer' });
    const items = within(list)
      .getAllByRole('listitem')
      .filter((li) => li.parentElement === list);
    const labels = items.map((li) => li.querySelector('.lk-timeline__head [data-color]')?.textContent ?? null);
    expect(labels).toEqual([
      'Godkjent',
      'Avslått',
      'Kansellert',
      'Tilbakestilt',
      'Slettet',
      'Slettet',
      'Endret',
      'Lagt til',
      'Lagt til',
      'Opprettet',
      'Signert',
      'Sendt',
      null,
      'Personopplysninger slettet',
    ]);
    expect(within(items[0]!).getByText('01.02.2030 11:00')).toBeInTheDocument();
    expect(within(items[0]!).getByText('av Person 0')).toBeInTheDocument();
  });

  it('shows the times a change was about, before and after', async () => {
    const user = userEvent.setup();
    stubBooking(buildUserBooking(), {
      '/api/user/booking/42/changes': [
        buildChange({
          type: 'ReservationChange',
          comment: 'Gymsalen brukes til turnering.',
          reservationTimes: [{ assetDescription: 'Gymsal (G1)', times: ['12.03.2030 19:00–20:30'] }],
          newReservationTimes: [{ assetDescription: 'Gymsal (G1)', times: ['12.03.2030 20:30–22:00'] }],
        }),
      ],
    });
    renderPortal('/bookinger/42', { user: kari });
    await user.click(await screen.findByText('Historikk'));
    expect(await screen.findByText('Gymsalen brukes til turnering.')).toBeInTheDocument();
    expect(screen.getByText('Tidligere tider')).toBeInTheDocument();
    expect(screen.getByText('Nye tider')).toBeInTheDocument();
    expect(screen.getByText('12.03.2030 20:30–22:00')).toBeInTheDocument();
    await waitFor(() => expect(screen.getByText('Endret')).toBeInTheDocument());
  });
  it('asks for the documents with the booking, not after it (decision 019: no waterfall)', async () => {
    // The booking's answer never comes: whatever else is asked was asked for beside it.
    const fetchMock = stubApi({ '/api/user/booking/42': () => new Promise<Response>(() => {}) as unknown as Response });
    renderPortal('/bookinger/42', { user: kari });
    await waitFor(() => {
      const paths = fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
      expect(paths).toEqual(
        expect.arrayContaining(['/api/user/booking/42', '/api/user/retroactive-contract/42', '/api/user/booking/42/infoforleietaker']),
      );
    });
  });
});

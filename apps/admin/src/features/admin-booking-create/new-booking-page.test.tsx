import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAdminBooking } from '../../testing/admin-booking';
import { buildRooms } from '../../testing/admin-rooms';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi } from '../../testing/stub-api';
import { axeViolations } from '../../testing/axe-check';
import { buildLocationDetails, testPreferences } from '../../testing/location-setup';
import { adminBookingMessages } from '@lokaler/domain/admin-booking-create';

configure({ asyncUtilTimeout: 5000 });

const time = {
  date: '2026-04-08',
  startTime: '18:00:00',
  endTime: '19:00:00',
  duration: 'PT1H',
  initialRepetitionDate: null,
  available: true,
  reason: null,
  message: null,
};

function stub(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    '/api/location/7/bookableassets': buildRooms([{ id: 3, name: 'Gymsal' }]),
    'PUT /api/admin/booking/availability': {
      probablyAvailable: [{ bookableAssetId: 3, datesAndTimes: [time], violations: [] }],
      unavailable: [],
      errors: [],
    },
    'POST /api/booking': () => jsonResponse(201, { bookingId: 9, caseNumber: 'LOK-2026-00009' }),
    'GET /api/booking/9': buildAdminBooking({ bookingId: 9, caseNumber: 'LOK-2026-00009', status: 'APPROVED' }),
    '/api/booking-log/9/changes': [],
    '/api/booking-log/9/email-reminders': [],
    'GET /api/booking/9/comment': { comment: '' },
    ...overrides,
  });
}

setUpAdminTests({ scrollTo: 'stub' });

async function openForm() {
  const user = userEvent.setup();
  const view = renderAdmin('/admin/lokaler/7/ny-booking', { user: siri });
  expect(await screen.findByRole('heading', { level: 1, name: 'Ny booking' })).toBeInTheDocument();
  await screen.findByRole('option', { name: 'Gymsal' });
  return { user, ...view };
}

async function fillTime(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Rom'), 'Gymsal');
  await user.clear(screen.getByLabelText('Dato'));
  await user.type(screen.getByLabelText('Dato'), '2026-04-08');
  await user.type(screen.getByLabelText('Starttid'), '18:00');
}

describe('a new booking by the administrator', { timeout: 30_000 }, () => {
  it('is reached from the week calendar', async () => {
    const user = userEvent.setup();
    stub();
    const { router } = renderAdmin('/admin/lokaler/7/kalender?uke=2026-04-06', { user: siri });
    await user.click(await screen.findByRole('link', { name: 'Ny booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/lokaler/7/ny-booking'));
  });

  it('books on behalf of a citizen and opens the new booking', async () => {
    const api = stub();
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Navn på den du booker for'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('E-postadresse til den du booker for'), 'kari@example.no');
    await fillTime(user);
    await user.click(screen.getByRole('checkbox', { name: 'Ta med blokkerte tider' }));
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/9'));
    expect(api.callsTo('PUT', '/api/admin/booking/availability')[0]?.body).toEqual({
      bookingCreationDtos: [
        { bookableAssetId: 3, datesAndTimes: [{ date: '2026-04-08', startTime: '18:00:00', duration: 'PT1H' }], repetition: null },
      ],
      includeBlockedSlots: true,
      includeClosedDates: false,
    });
    expect(api.callsTo('POST', '/api/booking')[0]?.body).toEqual({
      availabilityData: {
        probablyAvailable: [
          {
            bookableAssetId: 3,
            datesAndTimes: [{ date: '2026-04-08', startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: null }],
          },
        ],
      },
      isRepeating: false,
      includeBlockedSlots: true,
      includeClosedDates: false,
      bookingPortalClient: 'ADMIN',
      bookingPurpose: 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN',
      formAnswers: {},
      onBehalfOfName: 'Kari Nordmann',
      onBehalfOfEmail: 'kari@example.no',
    });
  });

  it('asks for a cost category where the location requires one, or an override with a reason, before sending anything', async () => {
    const api = stub({
      '/api/admin/location/7': buildLocationDetails({ id: 7, preferences: { ...testPreferences, requireCostCategory: true } }),
    });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Navn på den du booker for'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('E-postadresse til den du booker for'), 'kari@example.no');
    await fillTime(user);
    expect(await screen.findByText('Lokalet krever kostnadskategori for lån.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));
    const summary = await screen.findByRole('group', { name: 'For å lagre må du rette opp følgende feil:' });
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([adminBookingMessages.costCategoryRequired]);
    expect(screen.getByRole('radio', { name: 'Gratis' })).toHaveAttribute('aria-invalid', 'true');
    expect(await axeViolations()).toEqual([]);

    // The override needs its reason.
    await user.click(screen.getByRole('checkbox', { name: /Overstyr regelen om kostnadskategori/ }));
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));
    expect(await screen.findAllByText(adminBookingMessages.overrideReason)).not.toHaveLength(0);
    await user.type(screen.getByLabelText('Begrunnelse for å overstyre regelen'), 'Avtalt med bydelsdirektøren');
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/9'));
    expect(api.callsTo('POST', '/api/booking')[0]?.body).toMatchObject({ overrideRules: { reason: 'Avtalt med bydelsdirektøren' } });
    expect(api.callsTo('POST', '/api/booking')[0]?.body).not.toHaveProperty('costCategory');
  });

  it('sends the chosen market price in øre', async () => {
    const api = stub({
      '/api/admin/location/7': buildLocationDetails({ id: 7, preferences: { ...testPreferences, requireCostCategory: true } }),
    });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Navn på den du booker for'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('E-postadresse til den du booker for'), 'kari@example.no');
    await fillTime(user);
    await user.click(screen.getByRole('radio', { name: 'Markedspris' }));
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));
    expect(await screen.findAllByText(adminBookingMessages.marketPriceRequired)).not.toHaveLength(0);
    await user.type(screen.getByLabelText('Markedspris, kr'), '1 500,50');
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/9'));
    expect(api.callsTo('POST', '/api/booking')[0]?.body).toMatchObject({ costCategory: 'MARKET', marketPrice: 150_050 });
  });

  it("judges name and e-mail by the server's schema before sending anything, with focus on the error summary and its links to the fields", async () => {
    const api = stub();
    const { user } = await openForm();
    await fillTime(user);
    await user.type(screen.getByLabelText('E-postadresse til den du booker for'), 'kari@');
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));
    const summary = await screen.findByRole('group', { name: 'For å lagre må du rette opp følgende feil:' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual(['Skriv inn navnet til den du booker for', 'Skriv inn en gyldig e-postadresse til den du booker for']);
    await user.click(within(summary).getByRole('link', { name: 'Skriv inn navnet til den du booker for' }));
    expect(screen.getByLabelText('Navn på den du booker for')).toHaveFocus();
    expect(screen.getByLabelText('Navn på den du booker for')).toHaveAccessibleDescription('Skriv inn navnet til den du booker for');

    // The old form's own pattern let these through; the server's schema (z.email) refuses them.
    for (const email of ['kari..nordmann@example.no', 'kari@example.n']) {
      expect(/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email)).toBe(true);
      await user.clear(screen.getByLabelText('Navn på den du booker for'));
      await user.type(screen.getByLabelText('Navn på den du booker for'), 'Kari Nordmann');
      await user.clear(screen.getByLabelText('E-postadresse til den du booker for'));
      await user.type(screen.getByLabelText('E-postadresse til den du booker for'), email);
      await user.click(screen.getByRole('button', { name: 'Opprett booking' }));
      const summary = await screen.findByRole('group', { name: 'For å lagre må du rette opp følgende feil:' });
      await waitFor(() => expect(summary).toHaveFocus());
      expect(
        within(summary)
          .getAllByRole('link')
          .map((a) => a.textContent),
      ).toEqual(['Skriv inn en gyldig e-postadresse til den du booker for']);
      expect(screen.queryByText('Skriv inn navnet til den du booker for')).not.toBeInTheDocument();
    }
    expect(api.callsTo('PUT', '/api/admin/booking/availability')).toHaveLength(0);
    expect(api.callsTo('POST', '/api/booking')).toHaveLength(0);
  });

  it('books an internal activity without a title, as the server allows (it shows «Intern aktivitet»)', async () => {
    const api = stub();
    const { user } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Intern aktivitet' }));
    expect(screen.queryByLabelText('Navn på den du booker for')).not.toBeInTheDocument();
    await fillTime(user);
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/booking')).toHaveLength(1));
    expect(screen.queryByText('Skriv inn en tittel på aktiviteten')).not.toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking')[0]?.body).toMatchObject({ bookingPurpose: 'ADMINUSER_INTERNAL_ACTIVITY' });
    expect(api.callsTo('POST', '/api/booking')[0]?.body).not.toHaveProperty('internalEventTitle');
  });

  it('sends one check and one booking for a double click', async () => {
    let release: () => void = () => {};
    const gate = new Promise<void>((resolve) => (release = resolve));
    const api = stub({
      'POST /api/booking': async () => {
        await gate;
        return jsonResponse(201, { bookingId: 9, caseNumber: 'LOK-2026-00009' });
      },
    });
    const { user, router } = await openForm();
    await user.type(screen.getByLabelText('Navn på den du booker for'), 'Kari Nordmann');
    await user.type(screen.getByLabelText('E-postadresse til den du booker for'), 'kari@example.no');
    await fillTime(user);
    await user.dblClick(screen.getByRole('button', { name: 'Opprett booking' }));
    await user.click(screen.getByRole('button', { name: /Opprett booking|Lagrer/ }));
    release();

    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/9'));
    expect(api.callsTo('PUT', '/api/admin/booking/availability')).toHaveLength(1);
    expect(api.callsTo('POST', '/api/booking')).toHaveLength(1);
  });

  it('books an internal weekly activity with its title, without the citizen fields', async () => {
    const api = stub({
      'PUT /api/admin/booking/availability': {
        probablyAvailable: [
          {
            bookableAssetId: 3,
            datesAndTimes: [
              { ...time, initialRepetitionDate: '2026-04-08' },
              { ...time, date: '2026-04-15', initialRepetitionDate: '2026-04-08' },
            ],
            violations: [],
          },
        ],
        unavailable: [],
        errors: [],
      },
    });
    const { user } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Intern aktivitet' }));
    await user.type(screen.getByLabelText('Tittel på aktiviteten (valgfritt)'), 'Foreldremøte');
    await fillTime(user);
    await user.click(screen.getByRole('checkbox', { name: 'Gjenta hver uke' }));
    await user.type(screen.getByLabelText('Gjenta til og med'), '2026-04-15');
    await user.click(screen.getByRole('checkbox', { name: 'Gjør stengte datoer tilgjengelig for denne bookingen' }));
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));

    await waitFor(() => expect(api.callsTo('POST', '/api/booking')).toHaveLength(1));
    expect(api.callsTo('PUT', '/api/admin/booking/availability')[0]?.body).toMatchObject({
      bookingCreationDtos: [{ repetition: { lastDate: '2026-04-15', pattern: 'WEEKLY' } }],
      includeClosedDates: true,
    });
    expect(api.callsTo('POST', '/api/booking')[0]?.body).toEqual({
      availabilityData: {
        probablyAvailable: [
          {
            bookableAssetId: 3,
            datesAndTimes: [
              { date: '2026-04-08', startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: '2026-04-08' },
              { date: '2026-04-15', startTime: '18:00:00', duration: 'PT1H', initialRepetitionDate: '2026-04-08' },
            ],
          },
        ],
      },
      isRepeating: true,
      includeBlockedSlots: false,
      includeClosedDates: true,
      bookingPortalClient: 'ADMIN',
      bookingPurpose: 'ADMINUSER_INTERNAL_ACTIVITY',
      formAnswers: {},
      internalEventTitle: 'Foreldremøte',
    });
  });

  it('makes time unavailable without a title, and shows the taken times of a 409', async () => {
    const api = stub({
      'POST /api/booking': () =>
        jsonResponse(409, {
          msg: 'conflict',
          code: 'BOOKING_CONFLICT',
          userMsg: 'Tidspunktet er ikke lenger ledig. Ingenting er lagret.',
          conflicts: [{ bookableAssetId: 3, date: '2026-04-08', startTime: '18:00:00', endTime: '19:00:00' }],
        }),
    });
    const { user, router } = await openForm();
    await user.click(screen.getByRole('radio', { name: 'Gjør tiden utilgjengelig' }));
    await fillTime(user);
    await user.click(screen.getByRole('button', { name: 'Opprett booking' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tidspunktet er ikke lenger ledig. Ingenting er lagret.');
    expect(within(alert).getByText('08.04.2026 kl. 18:00–19:00')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking')[0]?.body).toMatchObject({ bookingPurpose: 'ADMINUSER_MAKE_TIME_UNAVAILABLE' });
    expect(api.callsTo('POST', '/api/booking')[0]?.body).not.toHaveProperty('internalEventTitle');
    expect(router.state.location.pathname).toBe('/admin/lokaler/7/ny-booking');
  });
});

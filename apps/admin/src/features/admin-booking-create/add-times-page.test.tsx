import { describe, expect, it } from 'vitest';
import { configure, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { buildAdminBooking } from '../../testing/admin-booking';
import { buildRooms } from '../../testing/admin-rooms';
import { setUpAdminTests } from '../../testing/admin-test-setup';
import { renderAdmin, siri } from '../../testing/render-admin';
import { jsonResponse, stubApi } from '../../testing/stub-api';

configure({ asyncUtilTimeout: 5000 });

const rooms = buildRooms([
  { id: 3, name: 'Gymsal' },
  { id: 4, name: 'Klasserom 1' },
]);

const time = (date: string, available: boolean, initialRepetitionDate: string | null, message: string | null = null) => ({
  date,
  startTime: '10:00:00',
  endTime: '11:30:00',
  duration: 'PT1H30M',
  initialRepetitionDate,
  available,
  reason: available ? null : 'BOOKED',
  message,
});

function stub(overrides: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/adminlocations': [{ id: 7, name: 'Bjølsen skole' }],
    'GET /api/booking/5': buildAdminBooking(),
    '/api/booking-log/5/changes': [],
    '/api/booking-log/5/email-reminders': [],
    'GET /api/booking/5/comment': { comment: '' },
    '/api/location/7/bookableassets': rooms,
    'PUT /api/admin/booking/availability': {
      probablyAvailable: [
        {
          bookableAssetId: 4,
          datesAndTimes: [time('2026-04-07', true, '2026-04-07'), time('2026-04-14', true, '2026-04-07')],
          violations: [],
        },
      ],
      unavailable: [],
      errors: [],
    },
    'POST /api/booking/5/reservations': { bookingId: 5, reservations: [] },
    ...overrides,
  });
}

setUpAdminTests({ scrollTo: 'stub' });

async function openForm() {
  const user = userEvent.setup();
  const view = renderAdmin('/admin/soknader/5', { user: siri });
  await user.click(await screen.findByRole('link', { name: 'Legg til tider' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Legg til tider' })).toBeInTheDocument();
  await screen.findByRole('option', { name: 'Klasserom 1' });
  return { user, ...view };
}

async function fillWeekly(user: ReturnType<typeof userEvent.setup>) {
  await user.selectOptions(screen.getByLabelText('Rom'), 'Klasserom 1');
  await user.clear(screen.getByLabelText('Dato'));
  await user.type(screen.getByLabelText('Dato'), '2026-04-07');
  await user.type(screen.getByLabelText('Starttid'), '10:00');
  await user.selectOptions(screen.getByLabelText('Varighet'), '1 t 30 min');
  await user.click(screen.getByRole('checkbox', { name: 'Gjenta hver uke' }));
  await user.type(screen.getByLabelText('Gjenta til og med'), '2026-04-14');
  await user.click(screen.getByRole('checkbox', { name: 'Ta med blokkerte tider' }));
  await user.click(screen.getByRole('checkbox', { name: 'Gjør stengte datoer tilgjengelig for denne bookingen' }));
}

describe('adding times to a booking', { timeout: 30_000 }, () => {
  it('checks the weekly times, posts what the check expanded with the flags and comment, then goes back with a toast', async () => {
    const api = stub();
    const { user, router } = await openForm();
    await fillWeekly(user);
    await user.type(screen.getByLabelText('Kommentar til søkeren (valgfritt)'), 'Ekstra trening');
    await user.click(screen.getByRole('button', { name: 'Lagre tidene' }));

    expect(await screen.findByText('Endringene ble lagret')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.pathname).toBe('/admin/soknader/5'));
    expect(api.callsTo('PUT', '/api/admin/booking/availability')[0]?.body).toEqual({
      bookingCreationDtos: [
        {
          bookableAssetId: 4,
          datesAndTimes: [{ date: '2026-04-07', startTime: '10:00:00', duration: 'PT1H30M' }],
          repetition: { lastDate: '2026-04-14', pattern: 'WEEKLY' },
        },
      ],
      includeBlockedSlots: true,
      includeClosedDates: true,
    });
    expect(api.callsTo('POST', '/api/booking/5/reservations')[0]?.body).toEqual({
      availabilityData: {
        probablyAvailable: [
          {
            bookableAssetId: 4,
            datesAndTimes: [
              { date: '2026-04-07', startTime: '10:00:00', duration: 'PT1H30M', initialRepetitionDate: '2026-04-07' },
              { date: '2026-04-14', startTime: '10:00:00', duration: 'PT1H30M', initialRepetitionDate: '2026-04-07' },
            ],
          },
        ],
      },
      isRepeating: true,
      includeBlockedSlots: true,
      includeClosedDates: true,
      comment: 'Ekstra trening',
    });
  });

  it('shows field errors and sends nothing while the start time is missing or off the quarter, or the end date is before the start', async () => {
    const api = stub();
    const { user } = await openForm();
    await user.click(screen.getByRole('checkbox', { name: 'Gjenta hver uke' }));
    await user.click(screen.getByRole('button', { name: 'Lagre tidene' }));
    // Under each field and in the error summary, which has the focus.
    const summary = await screen.findByRole('group', { name: 'For å lagre må du rette opp følgende feil:' });
    expect(summary).toHaveFocus();
    expect(
      within(summary)
        .getAllByRole('link')
        .map((a) => a.textContent),
    ).toEqual([
      'Velg et starttidspunkt på hele kvarter (for eksempel 18:15)',
      'Velg en sluttdato som er samme dag som eller etter startdatoen',
    ]);
    expect(screen.getAllByText('Velg en sluttdato som er samme dag som eller etter startdatoen')).toHaveLength(2);

    await user.type(screen.getByLabelText('Starttid'), '10:10');
    await user.click(screen.getByRole('button', { name: 'Lagre tidene' }));
    expect(screen.getAllByText('Velg et starttidspunkt på hele kvarter (for eksempel 18:15)')).toHaveLength(2);
    expect(api.callsTo('PUT', '/api/admin/booking/availability')).toHaveLength(0);
    expect(api.callsTo('POST', '/api/booking/5/reservations')).toHaveLength(0);
  });

  it('lists the times the check refuses and posts nothing', async () => {
    const api = stub({
      'PUT /api/admin/booking/availability': {
        probablyAvailable: [{ bookableAssetId: 4, datesAndTimes: [time('2026-04-07', true, '2026-04-07')], violations: [] }],
        unavailable: [
          { bookableAssetId: 4, datesAndTimes: [time('2026-04-14', false, '2026-04-07', 'Tidspunktet er opptatt')], violations: [] },
        ],
        errors: [],
      },
    });
    const { user } = await openForm();
    await fillWeekly(user);
    await user.click(screen.getByRole('button', { name: 'Lagre tidene' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Noen av tidene er ikke ledige. Ingenting er lagret.');
    expect(within(alert).getByText('14.04.2026 kl. 10:00–11:30: Tidspunktet er opptatt')).toBeInTheDocument();
    expect(api.callsTo('POST', '/api/booking/5/reservations')).toHaveLength(0);
  });

  it('shows the taken times of a 409 and stays on the page', async () => {
    stub({
      'POST /api/booking/5/reservations': () =>
        jsonResponse(409, {
          msg: 'conflict',
          code: 'BOOKING_CONFLICT',
          userMsg: 'Tidspunktet er ikke lenger ledig. Ingenting er lagret.',
          conflicts: [{ bookableAssetId: 4, date: '2026-04-14', startTime: '10:00:00', endTime: '11:30:00' }],
        }),
    });
    const { user, router } = await openForm();
    await fillWeekly(user);
    await user.click(screen.getByRole('button', { name: 'Lagre tidene' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Tidspunktet er ikke lenger ledig. Ingenting er lagret.');
    expect(within(alert).getByText('14.04.2026 kl. 10:00–11:30')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/admin/soknader/5/legg-til-tider');
  });
});

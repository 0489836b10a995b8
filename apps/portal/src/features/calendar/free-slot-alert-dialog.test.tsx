import { describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { addDays, isoWeekNumber, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { openingWeekOf } from '@lokaler/domain/scheduling/room-calendar-page';
import { setUpPortalTests } from '../../testing/browser-state';
import { buildLocation } from '../../testing/factories';
import { kari, renderPortal, stubApi } from '../../testing/render-portal';
import { buildRoom, buildTimeslots } from '../../testing/room-factories';

const today = todayInOslo(new Date());
const monday = weekStart(addDays(today, 21));
const bounds = { firstDate: monday, lastDate: addDays(monday, 120) };
const location = buildLocation({ id: 1, name: 'Tøyen skole' });
const gym = buildRoom({ id: 11, name: 'Gymsal', displayName: 'Gymsal (G1)' });

let posted: unknown[];
function stub(answer: () => Response = () => Response.json({ id: 5 }, { status: 201 })) {
  posted = [];
  return stubApi({
    '/api/bookableasset/calendar': () => {
      const week = openingWeekOf(bounds, today);
      return Response.json({
        rooms: [gym],
        location,
        bounds,
        week,
        schedule: week ? [{ bookableAssetId: 11, timeslotsByDate: buildTimeslots(week.fromInclusive, week.toInclusive) }] : [],
      });
    },
    '/api/schedule': ({ url }: { url: URL }) =>
      Response.json([
        {
          bookableAssetId: 11,
          timeslotsByDate: buildTimeslots(url.searchParams.get('fromInclusive')!, url.searchParams.get('toInclusive')!),
        },
      ]),
    '/api/booking/availability': () => Response.json({ probablyAvailable: [], unavailable: [], errors: [] }),
    '/api/user/free-slot-alerts': ({ init }: { url: URL; init: RequestInit | undefined }) => {
      if (init?.method !== 'POST') return Response.json({ alerts: [], maxActive: 10 });
      posted.push(JSON.parse(String(init.body)));
      return answer();
    },
  });
}

setUpPortalTests();

const created = {
  id: 5,
  locationId: 1,
  locationName: 'Tøyen skole',
  bookableAssetId: 11,
  roomName: 'Gymsal (G1)',
  fromDate: today,
  toDate: addDays(today, 30),
  weekdays: [2],
  timeFrom: '17:00:00',
  timeTo: '21:00:00',
  createdAt: new Date().toISOString(),
};

async function openDialog() {
  const user = userEvent.setup();
  renderPortal('/ressurs?ressurs=11', { user: kari });
  await screen.findByRole('grid', { name: /Gymsal \(G1\), uke/ });
  await user.click(screen.getByRole('button', { name: 'Varsle meg når en tid blir ledig' }));
  const dialog = await screen.findByRole('dialog', { name: 'Varsle meg når en tid blir ledig' });
  return { user, dialog };
}

describe("'Varsle meg når en tid blir ledig' on the room page", () => {
  it("sends the room, the dates, the weekdays and the time of day in the API's shape", async () => {
    stub(() => Response.json(created, { status: 201 }));
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('radio', { name: 'Gymsal (G1)' })).toBeChecked();
    await user.click(within(dialog).getByRole('checkbox', { name: 'Tirsdag' }));
    await user.type(within(dialog).getByLabelText('Fra klokken'), '17:00');
    await user.type(within(dialog).getByLabelText('Til klokken'), '21:00');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre varsel' }));
    expect(await within(dialog).findByText('Varselet er lagret. Du får en e-post når en tid som passer blir ledig.')).toBeInTheDocument();
    expect(posted).toEqual([
      {
        locationId: 1,
        bookableAssetId: 11,
        fromDate: today,
        toDate: addDays(today, 30),
        weekdays: [2],
        timeFrom: '17:00:00',
        timeTo: '21:00:00',
      },
    ]);
  });

  it('a whole location, every day: bookableAssetId null and no times', async () => {
    stub(() => Response.json({ ...created, bookableAssetId: null, roomName: null }, { status: 201 }));
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('radio', { name: 'Alle rom på Tøyen skole' }));
    await user.click(within(dialog).getByRole('button', { name: 'Lagre varsel' }));
    await within(dialog).findByText(/Varselet er lagret/);
    expect(posted).toEqual([
      { locationId: 1, bookableAssetId: null, fromDate: today, toDate: addDays(today, 30), weekdays: [], timeFrom: null, timeTo: null },
    ]);
  });

  it('refuses an inverted range and half a time of day with the shared rules, and sends nothing', async () => {
    stub();
    const { user, dialog } = await openDialog();
    const to = within(dialog).getByLabelText('Til dato');
    await user.clear(to);
    await user.type(to, addDays(today, -1));
    await user.type(within(dialog).getByLabelText('Fra klokken'), '17:00');
    await user.click(within(dialog).getByRole('button', { name: 'Lagre varsel' }));
    expect((await within(dialog).findAllByText('Til-datoen kan ikke være før fra-datoen.')).length).toBeGreaterThan(0);
    expect(posted).toEqual([]);
    await user.clear(to);
    await user.type(to, addDays(today, 7));
    await user.click(within(dialog).getByRole('button', { name: 'Lagre varsel' }));
    expect((await within(dialog).findAllByText('Fyll inn både fra- og til-klokkeslett, eller ingen av dem.')).length).toBeGreaterThan(0);
    expect(posted).toEqual([]);
  });

  it("shows the server's Norwegian message, e.g. over the limit", async () => {
    stub(() =>
      Response.json(
        {
          code: 'CONFLICT',
          msg: 'At most 10',
          userMsg: 'Du kan ha høyst 10 aktive varsler. Avslutt et varsel under Mine bookinger før du lager et nytt.',
        },
        { status: 409 },
      ),
    );
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Lagre varsel' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent('Du kan ha høyst 10 aktive varsler.');
  });

  it('opens on the week of ?dato= and names the freed time', async () => {
    stub();
    const date = addDays(monday, 15);
    renderPortal(`/ressurs?ressurs=11&dato=${date}&tid=18:00`, { user: kari });
    expect(
      await screen.findByText(
        `Ledig tid fra varselet ditt: ${formatDateNorwegian(date)} kl. 18:00. Kalenderen under viser den uken; velg tiden og legg den til.`,
      ),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(screen.getByRole('grid', { name: /Gymsal \(G1\), uke/ }).getAttribute('aria-label')).toContain(`uke ${isoWeekNumber(date)}`),
    );
  });
});

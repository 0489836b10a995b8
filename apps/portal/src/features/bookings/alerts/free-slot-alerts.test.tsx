import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { vi } from 'vitest';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { callsOf, json, kariRoles, resetBrowserState } from '../testing/setup';

beforeEach(() => resetBrowserState());
afterEach(() => vi.unstubAllGlobals());

const gymAlert = {
  id: 7,
  locationId: 1,
  locationName: 'Sagene skole',
  bookableAssetId: 11,
  roomName: 'Gymsal (G1)',
  fromDate: '2030-01-01',
  toDate: '2030-03-31',
  weekdays: [2, 4],
  timeFrom: '17:00:00',
  timeTo: '21:00:00',
  createdAt: '2029-12-01T10:00:00Z',
};
const wholeLocation = { ...gymAlert, id: 8, bookableAssetId: null, roomName: null, weekdays: [], timeFrom: null, timeTo: null };

describe("/bookinger/varsler and the e-mail's link", () => {
  it('lists the active alerts and ends one with its button', async () => {
    let alerts = [gymAlert, wholeLocation];
    const fetchMock = stubApi({
      '/api/currentuser/roles': kariRoles,
      '/api/user/booking': [],
      '/api/user/free-slot-alerts': () => json({ alerts, maxActive: 10 }),
      '/api/user/free-slot-alerts/7': () => {
        alerts = alerts.filter((a) => a.id !== 7);
        return new Response(null, { status: 204 });
      },
    });
    const user = userEvent.setup();
    renderPortal('/bookinger', { user: kari });
    await user.click(await screen.findByRole('link', { name: 'Varsler om ledige tider' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Varsler om ledige tider' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Aktive varsler' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.firstChild?.textContent),
    ).toEqual([
      'Gymsal (G1), Sagene skole: 01.01.2030–31.03.2030, tirsdag, torsdag, kl. 17:00–21:00',
      'Alle rom på Sagene skole: 01.01.2030–31.03.2030, alle dager, hele dagen',
    ]);
    expect(screen.getByText('2 av høyst 10 aktive varsler.')).toBeInTheDocument();
    await user.click(within(list).getByRole('button', { name: /^Avslutt varselet Gymsal/ }));
    await waitFor(() => expect(screen.getByRole('list', { name: 'Aktive varsler' }).querySelectorAll('li')).toHaveLength(1));
    expect(callsOf(fetchMock)).toContain('DELETE /api/user/free-slot-alerts/7');
  });

  it('the one-click link ends the alert without a login', async () => {
    const fetchMock = stubApi({
      '/api/free-slot-alerts/unsubscribe': () =>
        json({ ended: true, userMsg: 'Varselet er avsluttet. Du får ikke flere e-poster om ledige tider fra det.' }),
    });
    renderPortal('/varsler/avslutt?varsel=7&token=abc');
    expect(await screen.findByText('Varselet er avsluttet. Du får ikke flere e-poster om ledige tider fra det.')).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((c) => c.includes('unsubscribe'))).toEqual([
      'POST /api/free-slot-alerts/unsubscribe?varsel=7&token=abc',
    ]);
  });

  it('a wrong link says so in Norwegian', async () => {
    stubApi({
      '/api/free-slot-alerts/unsubscribe': () =>
        json(
          {
            code: 'NOT_FOUND',
            msg: 'x',
            userMsg: 'Lenken for å avslutte varselet er ugyldig. Du kan avslutte varslene dine under Mine bookinger.',
          },
          404,
        ),
    });
    renderPortal('/varsler/avslutt?varsel=7&token=forged');
    expect(await screen.findByRole('alert')).toHaveTextContent('Lenken for å avslutte varselet er ugyldig.');
  });
});

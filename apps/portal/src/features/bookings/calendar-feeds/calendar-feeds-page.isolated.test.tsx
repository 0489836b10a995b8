import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { callsOf, kariRoles, resetBrowserState } from '../testing/setup';

beforeEach(() => resetBrowserState());
afterEach(() => vi.unstubAllGlobals());

const url = (id: number, secret: string) => `http://localhost:3000/api/calendar/${id}-${secret.padEnd(43, 'x')}.ics`;

function stubFeeds() {
  let personSecret = 'first';
  const posted: unknown[] = [];
  const fetchMock = stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/calendar-feeds': () =>
      new Response(
        JSON.stringify([
          { kind: 'PERSON', name: 'Kari Nordmann', organizationNumber: null, locationId: null, url: url(1, personSecret) },
          { kind: 'ORGANIZATION', name: 'Sagene Sjakklubb', organizationNumber: '998877660', locationId: null, url: url(2, 'chess') },
        ]),
        { status: 200, headers: { 'content-type': 'application/json' } },
      ),
    '/api/user/calendar-feeds/rotate': ({ init }: { init: RequestInit | undefined }) => {
      posted.push(JSON.parse(String(init?.body)));
      personSecret = 'second';
      return new Response(
        JSON.stringify({ kind: 'PERSON', name: 'Kari Nordmann', organizationNumber: null, locationId: null, url: url(1, personSecret) }),
        { status: 200, headers: { 'content-type': 'application/json' } },
      );
    },
  });
  return { fetchMock, posted };
}

describe('/bookinger/kalenderabonnement', () => {
  it('asks a logged-out person to log in and fetches no feed', async () => {
    const { fetchMock } = stubFeeds();
    renderPortal('/bookinger/kalenderabonnement');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    expect(callsOf(fetchMock)).not.toContain('GET /api/user/calendar-feeds');
  });

  it("shows the person's feed and each organisation's, with how to add them, and copies a URL", async () => {
    stubFeeds();
    const writeText = vi.fn(async () => {});
    vi.stubGlobal('navigator', Object.assign(Object.create(navigator) as Navigator, { clipboard: { writeText } }));
    renderPortal('/bookinger/kalenderabonnement', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Legg bookingene i kalenderen din' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Legg bookingene i kalenderen din – Lokaler'));
    expect(screen.getByText(/Google Kalender:/)).toBeInTheDocument();
    const own = await screen.findByRole('region', { name: 'Dine egne bookinger' });
    expect(within(own).getByRole('textbox', { name: /Lenke til kalenderen/ })).toHaveValue(url(1, 'first'));
    const chess = screen.getByRole('region', { name: 'Sagene Sjakklubb' });
    expect(within(chess).getByRole('textbox', { name: /Lenke til kalenderen/ })).toHaveValue(url(2, 'chess'));
    await userEvent.click(within(own).getByRole('button', { name: 'Kopier lenke' }));
    expect(writeText).toHaveBeenCalledWith(url(1, 'first'));
    expect(within(own).getByRole('status')).toHaveTextContent('Lenken er kopiert.');
  });

  it('makes a new link only after the confirmation that the old one stops working, and shows it', async () => {
    const { posted } = stubFeeds();
    renderPortal('/bookinger/kalenderabonnement', { user: kari });
    const own = await screen.findByRole('region', { name: 'Dine egne bookinger' });
    await userEvent.click(within(own).getByRole('button', { name: 'Lag ny lenke' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Den gamle lenken slutter å virke med en gang');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(posted).toEqual([]);
    await userEvent.click(within(own).getByRole('button', { name: 'Lag ny lenke' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, lag ny lenke' }));
    await waitFor(() => expect(within(own).getByRole('textbox', { name: /Lenke til kalenderen/ })).toHaveValue(url(1, 'second')));
    expect(posted).toEqual([{ kind: 'PERSON' }]);
    expect(within(own).getByRole('status')).toHaveTextContent('Ny lenke er laget. Den gamle lenken virker ikke lenger.');
  });
});

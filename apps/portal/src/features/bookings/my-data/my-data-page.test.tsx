import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { MyDataDeletion } from '@lokaler/domain/my-data';
import { kari, renderPortal, stubApi } from '../../../testing/render-portal';
import { callsOf, json, kariRoles, resetBrowserState } from '../testing/setup';

beforeEach(() => resetBrowserState());
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

const answer: MyDataDeletion = {
  userMsg: 'Vi har slettet det vi kan slette nå. Noe må vi beholde; her står hva og hvorfor.',
  deleted: [{ kind: 'FREE_SLOT_ALERTS', what: 'Varsler om ledige tider', count: 2 }],
  kept: [
    { kind: 'ACCOUNT', what: 'Kontoen din', reason: 'Bookingene viser til kontoen.', caseNumbers: [], until: null },
    {
      kind: 'ACTIVE_BOOKINGS',
      what: 'Kontaktopplysningene i bookinger som ikke er gjennomført',
      reason: 'Vi trenger dem for å gjennomføre avtalen med deg.',
      caseNumbers: ['2026-0042'],
      until: '2028-05-31',
    },
  ],
};

function stubMyData(deletion: () => Response = () => json(answer)) {
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    '/api/user/my-data': () =>
      new Response(JSON.stringify({ profile: { name: 'Kari Nordmann' } }), {
        status: 200,
        headers: { 'content-type': 'application/json', 'content-disposition': 'attachment; filename="mine-data-2026-05-01.json"' },
      }),
    '/api/user/my-data/summary': () =>
      new Response('<!doctype html><h1>Mine data i Lokaler</h1>', {
        status: 200,
        headers: { 'content-type': 'text/html; charset=utf-8', 'content-disposition': 'attachment; filename="mine-data-2026-05-01.html"' },
      }),
    '/api/user/my-data/deletion': deletion,
  });
}

function catchDownloads() {
  vi.stubGlobal('URL', Object.assign(URL, { createObjectURL: () => 'blob:mine-data', revokeObjectURL: vi.fn() }));
  const saved: string[] = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    saved.push(this.download);
  });
  return saved;
}

describe('/bookinger/mine-data (decision 057)', () => {
  it('asks a logged-out person to log in and fetches nothing of theirs', async () => {
    const fetchMock = stubMyData();
    renderPortal('/bookinger/mine-data');
    expect(await screen.findByRole('heading', { level: 1, name: 'Logg inn for å se bookingene dine' })).toBeInTheDocument();
    expect(callsOf(fetchMock).filter((call) => call.includes('my-data'))).toEqual([]);
  });

  it('explains what is held, and downloads the JSON copy and the readable summary under the server’s names', async () => {
    const fetchMock = stubMyData();
    const saved = catchDownloads();
    renderPortal('/bookinger/mine-data', { user: kari });
    expect(await screen.findByRole('heading', { level: 1, name: 'Mine data' })).toBeInTheDocument();
    await waitFor(() => expect(document.title).toBe('Mine data – Lokaler'));
    expect(screen.getByText(/Lokaler lagrer det vi trenger/)).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Last ned som JSON' }));
    await userEvent.click(screen.getByRole('button', { name: 'Last ned oversikt' }));
    await waitFor(() => expect(saved).toEqual(['mine-data-2026-05-01.json', 'mine-data-2026-05-01.html']));
    expect(callsOf(fetchMock)).not.toContain('POST /api/user/my-data/deletion');
  });

  it('deletes only after the confirmation, then shows what went and what is kept with the reason and date', async () => {
    const fetchMock = stubMyData();
    renderPortal('/bookinger/mine-data', { user: kari });
    await userEvent.click(await screen.findByRole('button', { name: 'Slett dataene mine' }));
    const dialog = await screen.findByRole('dialog');
    expect(dialog).toHaveTextContent('Det vi sletter, kan ikke hentes tilbake.');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Avbryt' }));
    expect(callsOf(fetchMock)).not.toContain('POST /api/user/my-data/deletion');

    await userEvent.click(screen.getByRole('button', { name: 'Slett dataene mine' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, slett dataene mine' }));
    const heading = await screen.findByRole('heading', { name: 'Svar på slettingen' });
    await waitFor(() => expect(heading).toHaveFocus());
    expect(callsOf(fetchMock).filter((call) => call === 'POST /api/user/my-data/deletion')).toHaveLength(1);
    expect(screen.getByText('Varsler om ledige tider (2)')).toBeInTheDocument();
    const kept = screen.getByText(/Vi trenger dem for å gjennomføre avtalen med deg/);
    expect(kept).toHaveTextContent('(sak 2026-0042)');
    expect(kept).toHaveTextContent('Gjelder til og med 31.05.2028.');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it("shows the server's Norwegian message when the deletion fails", async () => {
    stubMyData(() => json({ msg: 'down', userMsg: 'Tjenesten er ikke tilgjengelig akkurat nå.', code: 'SERVICE_UNAVAILABLE' }, 503));
    renderPortal('/bookinger/mine-data', { user: kari });
    await userEvent.click(await screen.findByRole('button', { name: 'Slett dataene mine' }));
    await userEvent.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Ja, slett dataene mine' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Tjenesten er ikke tilgjengelig akkurat nå.');
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor } from '@testing-library/react';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import type { AuthClient } from '@lokaler/api-client/auth-client';
import { renderPortal, stubApi } from '../testing/render-portal';

/**
 * Decision 019: a page's public data is asked for while login is still being set up (the pages
 * render only once it is), so the first data arrives in one round with the login settings.
 */
describe("the first page's data, beside the login set-up", () => {
  beforeEach(() => {
    resetApiClient();
    vi.stubGlobal('scrollTo', vi.fn());
  });
  afterEach(() => vi.unstubAllGlobals());

  const paths = (fetchMock: ReturnType<typeof stubApi>) =>
    fetchMock.mock.calls.map(([input]) => new URL(String(input), 'http://localhost').pathname);
  // Login that never finishes setting up: whatever is fetched was asked for without waiting for it.
  const neverReady = () => new Promise<AuthClient>(() => {});

  it('asks for the room page in one request before login is ready', async () => {
    const fetchMock = stubApi({ '/api/bookableasset/calendar': { rooms: [], location: null, bounds: null, week: null, schedule: [] } });
    renderPortal('/ressurs?ressurs=11&ressurs=12', { loadAuthClient: neverReady });
    expect(screen.queryByRole('heading', { name: 'Velg tidspunkt' })).not.toBeInTheDocument();
    await waitFor(() => expect(paths(fetchMock)).toEqual(['/api/bookableasset/calendar']));
    expect(screen.queryByRole('heading', { name: 'Velg tidspunkt' })).not.toBeInTheDocument();
    expect(new URL(String(fetchMock.mock.calls[0]![0]), 'http://localhost').searchParams.getAll('bookableAssetIds')).toEqual(['11', '12']);
  });

  it('asks for the venue, its rooms and its texts at once on /sted/{id}', async () => {
    const fetchMock = stubApi({});
    renderPortal('/sted/7', { loadAuthClient: neverReady });
    await waitFor(() => expect(paths(fetchMock).sort()).toEqual(['/api/about/7', '/api/location/7', '/api/location/7/bookableassets']));
  });

  it('asks for nothing of its own on a page whose data needs the login', async () => {
    const fetchMock = stubApi({});
    renderPortal('/bookinger', { loadAuthClient: neverReady });
    await new Promise((r) => setTimeout(r, 50));
    expect(paths(fetchMock)).toEqual([]);
  });
});

import { fireEvent, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import type { MapSettings } from '@lokaler/domain/map-settings';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { ResultsMap } from './results-map';
import { buildHit } from './test-hits';

const osm: MapSettings = { tileUrl: 'https://tile.example.no/{z}/{x}/{y}.png', tileAttribution: '© OpenStreetMap-bidragsytere' };

function stubMapSettings(answer: MapSettings | 'fails') {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () =>
      answer === 'fails'
        ? new Response(JSON.stringify({ msg: 'nede', code: 'INTERNAL' }), { status: 500 })
        : new Response(JSON.stringify(answer), { status: 200, headers: { 'content-type': 'application/json' } }),
    ),
  );
}

function renderMap(hits: readonly SearchAssetHit[]) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [
      { path: '/portal', element: <ResultsMap hits={hits} locationHref={(id) => `/lokale/${id}?date=2026-12-01&duration=PT1H`} /> },
      { path: '/lokale/:locationId', element: <p>Lokalesiden</p> },
    ],
    { initialEntries: ['/portal?searchType=map'] },
  );
  const view = render(
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>,
  );
  return { ...view, router };
}

const hits = [
  buildHit({ locationId: 7, locationName: 'Korsvoll skole', displayName: 'Gymsal', latLng: { lat: 59.96, lng: 10.73 } }),
  buildHit({ locationId: 7, locationName: 'Korsvoll skole', displayName: 'Klasserom 101', latLng: { lat: 59.96, lng: 10.73 } }),
  buildHit({ locationId: 8, locationName: 'Deichman Nydalen', displayName: 'Møterom 1', latLng: { lat: 59.95, lng: 10.765 } }),
  buildHit({ locationId: 9, locationName: 'Uten kartpunkt', latLng: null }),
];

beforeEach(() => {
  // Leaflet keeps the page where it was when the map takes focus; jsdom has no scrolling.
  vi.spyOn(window, 'scrollTo').mockImplementation(() => {});
  // jsdom lays nothing out: the map gets a phone's size, so the view fits the markers and clusters by real distances.
  vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(360);
  vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(480);
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('ResultsMap', () => {
  it('shows one marker per location, each a button named by the place and its free rooms', async () => {
    stubMapSettings(osm);
    renderMap(hits);
    const map = screen.getByRole('region', { name: 'Kart over ledige rom: 2 steder' });
    expect(within(map).getByRole('button', { name: 'Korsvoll skole: 2 ledige rom' })).toHaveTextContent('2');
    expect(within(map).getByRole('button', { name: 'Deichman Nydalen: 1 ledig rom' })).toHaveAttribute('tabindex', '0');
    expect(within(map).queryByRole('button', { name: /Uten kartpunkt/ })).not.toBeInTheDocument();
  });

  it('opens a popup on a marker with the location, its free rooms and a link to its page', async () => {
    stubMapSettings(osm);
    renderMap(hits);
    await userEvent.click(screen.getByRole('button', { name: 'Korsvoll skole: 2 ledige rom' }));
    const popup = await screen.findByRole('group', { name: 'Korsvoll skole' });
    expect(within(popup).getByText('2 ledige rom')).toBeInTheDocument();
    expect(
      within(popup)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['Gymsal', 'Klasserom 101']);
    expect(within(popup).getByRole('link', { name: 'Gå til Korsvoll skole' })).toHaveAttribute(
      'href',
      '/lokale/7?date=2026-12-01&duration=PT1H',
    );
  });

  it("follows the popup's link inside the app, with the search", async () => {
    stubMapSettings(osm);
    const { router } = renderMap(hits);
    // Opened from the keyboard: in jsdom, two quick clicks on the map would also run Leaflet's double-click zoom, which needs a real layout.
    screen.getByRole('button', { name: 'Korsvoll skole: 2 ledige rom' }).focus();
    await userEvent.keyboard('{Enter}');
    await userEvent.click(await screen.findByRole('link', { name: 'Gå til Korsvoll skole' }));
    expect(await screen.findByText('Lokalesiden')).toBeInTheDocument();
    expect(router.state.location).toMatchObject({ pathname: '/lokale/7', search: '?date=2026-12-01&duration=PT1H' });
  });

  it('opens the popup from the keyboard with focus on its link, and Escape takes focus back to the marker', async () => {
    stubMapSettings(osm);
    renderMap(hits);
    const marker = screen.getByRole('button', { name: 'Deichman Nydalen: 1 ledig rom' });
    marker.focus();
    await userEvent.keyboard('{Enter}');
    const link = await screen.findByRole('link', { name: 'Gå til Deichman Nydalen' });
    expect(link).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('link', { name: 'Gå til Deichman Nydalen' })).not.toBeInTheDocument());
    expect(marker).toHaveFocus();
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('link', { name: 'Gå til Deichman Nydalen' })).toHaveFocus();
  });

  it('moves the markers when the hits change (a filter), and has none for no hits', async () => {
    stubMapSettings(osm);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const href = (id: number) => `/lokale/${id}`;
    const router = (list: readonly SearchAssetHit[]) =>
      createMemoryRouter([{ path: '/portal', element: <ResultsMap hits={list} locationHref={href} /> }], { initialEntries: ['/portal'] });
    const view = render(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router(hits)} />
      </QueryClientProvider>,
    );
    expect(screen.getAllByRole('button', { name: /ledige? rom$/ })).toHaveLength(2);
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router(hits.slice(2))} />
      </QueryClientProvider>,
    );
    await waitFor(() =>
      expect(screen.getAllByRole('button', { name: /ledige? rom$/ }).map((b) => b.getAttribute('aria-label'))).toEqual([
        'Deichman Nydalen: 1 ledig rom',
      ]),
    );
    view.rerender(
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router([])} />
      </QueryClientProvider>,
    );
    await waitFor(() => expect(screen.queryByRole('button', { name: /ledige? rom$/ })).not.toBeInTheDocument());
    expect(screen.getByRole('region', { name: 'Kart over ledige rom: 0 steder' })).toBeInTheDocument();
  });

  it('draws the configured tiles with their attribution, and says so quietly when they cannot load', async () => {
    stubMapSettings(osm);
    const { container } = renderMap(hits);
    await waitFor(() => expect(container.querySelector('img.leaflet-tile')).not.toBeNull());
    expect(container.querySelector('img.leaflet-tile')?.getAttribute('src')).toMatch(/^https:\/\/tile\.example\.no\/\d+\/\d+\/\d+\.png$/);
    expect(screen.getByText('© OpenStreetMap-bidragsytere')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');

    for (const tile of container.querySelectorAll('img.leaflet-tile')) fireEvent.error(tile);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Kartbakgrunnen kunne ikke lastes'));
    expect(screen.getByRole('button', { name: 'Korsvoll skole: 2 ledige rom' })).toBeInTheDocument();
  });

  it('draws no tiles and shows no note when the server has no tile URL', async () => {
    stubMapSettings({ tileUrl: null, tileAttribution: '© OpenStreetMap-bidragsytere' });
    const { container } = renderMap(hits);
    await waitFor(() => expect(fetch).toHaveBeenCalledWith('/api/client-settings/map.json', expect.anything()));
    await new Promise((r) => setTimeout(r, 50));
    expect(container.querySelector('img.leaflet-tile')).toBeNull();
    expect(screen.queryByText('© OpenStreetMap-bidragsytere')).not.toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('');
    expect(screen.getByRole('button', { name: 'Korsvoll skole: 2 ledige rom' })).toBeInTheDocument();
  });

  it('keeps the markers and notes the missing background when the map settings cannot be had', async () => {
    stubMapSettings('fails');
    renderMap(hits);
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Kartbakgrunnen kunne ikke lastes'));
    expect(screen.getByRole('button', { name: 'Deichman Nydalen: 1 ledig rom' })).toBeInTheDocument();
  });

  it('draws nearby locations as one cluster, a button named in Norwegian that zooms in and takes keyboard focus to its first location', async () => {
    stubMapSettings(osm);
    const near = [
      // A few hundred metres apart: one dot at the city's zoom, apart at a street's.
      buildHit({ locationId: 21, locationName: 'Sagene skole', latLng: { lat: 59.9375, lng: 10.75 } }),
      buildHit({ locationId: 22, locationName: 'Sagene samfunnshus', latLng: { lat: 59.9395, lng: 10.753 } }),
      buildHit({ locationId: 23, locationName: 'Bentsebrua bibliotek', latLng: { lat: 59.9355, lng: 10.754 } }),
      buildHit({ locationId: 24, locationName: 'Holmlia skole', latLng: { lat: 59.835, lng: 10.8 } }),
    ];
    renderMap(near);
    const map = screen.getByRole('region', { name: 'Kart over ledige rom: 4 steder' });
    const cluster = await within(map).findByRole('button', { name: '3 lokaler her – zoom inn' });
    expect(cluster).toHaveTextContent('3');
    expect(cluster).toHaveAttribute('tabindex', '0');
    expect(within(map).getByRole('button', { name: 'Holmlia skole: 1 ledig rom' })).toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: /^Sagene skole/ })).not.toBeInTheDocument();

    cluster.focus();
    await userEvent.keyboard('{Enter}');
    // Zoomed in far enough to tell them apart (or spread out): each has its own marker, and focus is on the first.
    const first = await within(map).findByRole('button', { name: 'Sagene skole: 1 ledig rom' });
    await waitFor(() => expect(first).toHaveFocus());
    expect(within(map).getByRole('button', { name: 'Bentsebrua bibliotek: 1 ledig rom' })).toBeInTheDocument();
    expect(within(map).queryByRole('button', { name: /zoom inn$/ })).not.toBeInTheDocument();
    await userEvent.keyboard(' ');
    expect(await screen.findByRole('link', { name: 'Gå til Sagene skole' })).toHaveFocus();
  });

  it('removes the map when it leaves the page', async () => {
    stubMapSettings(osm);
    const { unmount, container } = renderMap(hits);
    expect(container.querySelector('.leaflet-container')).not.toBeNull();
    unmount();
    expect(container.querySelector('.leaflet-container')).toBeNull();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { buildLocation } from '../../testing/factories';
import { renderPortal, stubApi } from '../../testing/render-portal';

const locations = [
  buildLocation({
    id: 2,
    name: 'Tøyen skole',
    publicLocationType: 'SCHOOLS',
    geographicAreaId: 'gamle-oslo',
    geographicAreaName: 'Gamle Oslo',
  }),
  buildLocation({
    id: 1,
    name: 'Østensjø bydelshus',
    publicLocationType: 'DISTRICT_VENUES',
    geographicAreaId: 'ostensjo',
    geographicAreaName: 'Østensjø',
  }),
  buildLocation({
    id: 4,
    name: 'Deichman Grünerløkka',
    publicLocationType: 'LIBRARIES',
    geographicAreaId: 'grunerlokka',
    geographicAreaName: 'Grünerløkka',
  }),
  buildLocation({
    id: 3,
    name: 'Aktivitetshuset Vika',
    publicLocationType: 'DISTRICT_VENUES',
    geographicAreaId: 'frogner',
    geographicAreaName: 'Frogner',
    externalUrl: 'https://vika.example.no',
  }),
  buildLocation({ id: 9, name: 'Oslo rådhus', publicLocationType: 'WEDDINGS', geographicAreaId: 'sentrum', geographicAreaName: 'Sentrum' }),
];
const areas = [
  { id: 'frogner', name: 'Frogner' },
  { id: 'gamle-oslo', name: 'Gamle Oslo' },
  { id: 'grunerlokka', name: 'Grünerløkka' },
  { id: 'ostensjo', name: 'Østensjø' },
  { id: 'sentrum', name: 'Sentrum' },
];

beforeEach(() => {
  localStorage.clear();
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
  stubApi({ '/api/location': locations, '/api/geographicareas': areas });
});
afterEach(() => vi.unstubAllGlobals());

const search = (router: { state: { location: { search: string } } }) => decodeURIComponent(router.state.location.search);

describe('/oversikt', () => {
  it('shows the venues grouped per category with counts, the total, and the town hall', async () => {
    renderPortal('/oversikt');
    expect(await screen.findByText('5 resultater')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Lokaler til lån og leie' })).toBeInTheDocument();
    const districtVenues = screen.getByRole('list', { name: /Bydelslokaler/ });
    expect(screen.getByRole('heading', { level: 3, name: 'Bydelslokaler (2 lokaler)' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 3, name: 'Skoler (Ett lokale)' })).toBeInTheDocument();
    expect(
      within(districtVenues)
        .getAllByRole('link')
        .map((a) => [a.textContent, a.getAttribute('href')]),
    ).toEqual([
      ['Aktivitetshuset Vika (åpnes i ny fane)', 'https://vika.example.no'],
      ['Østensjø bydelshus', '/sted/1'],
    ]);
    expect(within(districtVenues).getByRole('link', { name: /Vika/ })).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'Oslo rådhus' })).toHaveAttribute('href', '/sted/9');
  });

  it('writes the type filter to the URL and titles the page after one category', async () => {
    const user = userEvent.setup();
    const { router } = renderPortal('/oversikt');
    await screen.findByText('5 resultater');
    await user.click(await screen.findByRole('checkbox', { name: 'Skoler' }));
    await waitFor(() => expect(search(router)).toBe('?kategorier=skoler'));
    expect(screen.getByRole('heading', { level: 1, name: 'Lån av skolelokaler' })).toBeInTheDocument();
    expect(document.title).toBe('Lån av skolelokaler – Lokaler');
    // The town hall stays.
    expect(screen.getByText('2 resultater')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Biblioteker' }));
    await waitFor(() => expect(search(router)).toBe('?kategorier=skoler,biblioteker'));
    expect(screen.getByRole('heading', { level: 1, name: 'Lokaler til lån og leie' })).toBeInTheDocument();
    expect(screen.getByText('3 resultater')).toBeInTheDocument();

    await user.click(screen.getByRole('checkbox', { name: 'Skoler' }));
    await waitFor(() => expect(search(router)).toBe('?kategorier=biblioteker'));
  });

  it('reads all filters from the URL it was opened with', async () => {
    renderPortal('/oversikt?tekst=skole&kategorier=skoler&geo=gamle-oslo');
    expect(await screen.findByText('1 resultater')).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Søk' })).toHaveValue('skole');
    expect(await screen.findByRole('checkbox', { name: 'Skoler' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Barnehager' })).not.toBeChecked();
    expect(await screen.findByRole('checkbox', { name: 'Gamle Oslo' })).toBeChecked();
  });

  it('searches as the person types, and tells when nothing matches', async () => {
    const user = userEvent.setup();
    const { router } = renderPortal('/oversikt');
    await screen.findByText('5 resultater');
    const box = screen.getByRole('searchbox', { name: 'Søk' });
    expect(box).toHaveAttribute('placeholder', 'Søk etter lokale');
    await user.type(box, 'grunerløkka');
    await waitFor(() => expect(search(router)).toBe('?tekst=grunerløkka'));
    expect(await screen.findByText('1 resultater')).toBeInTheDocument();
    expect(box).toHaveValue('grunerløkka');

    await user.clear(box);
    await user.type(box, 'finnes ikke');
    expect(await screen.findByText('Vi finner dessverre ingen lokaler som passer søket ditt.')).toBeInTheDocument();
    expect(screen.getByText('0 resultater')).toBeInTheDocument();
  });

  it("shows 3 districts, then all with 'Vis alle', and filters by them in the URL (geo)", async () => {
    const user = userEvent.setup();
    const { router } = renderPortal('/oversikt');
    const district = await screen.findByRole('group', { name: 'Bydel' });
    expect(
      within(district)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['frogner', 'gamle-oslo', 'grunerlokka']);
    const toggle = within(district).getByRole('button', { name: 'Vis alle' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    await user.click(toggle);
    expect(within(district).getAllByRole('checkbox')).toHaveLength(5);
    await user.click(within(district).getByRole('checkbox', { name: 'Østensjø' }));
    await waitFor(() => expect(search(router)).toBe('?geo=ostensjo'));
    await user.click(within(district).getByRole('button', { name: 'Vis færre' }));
    // A chosen district stays visible when the list folds.
    expect(
      within(district)
        .getAllByRole('checkbox')
        .map((c) => c.getAttribute('value')),
    ).toEqual(['frogner', 'gamle-oslo', 'grunerlokka', 'ostensjo']);
    expect(screen.getByText('2 resultater')).toBeInTheDocument();
  });
});

import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { resetApiClient } from '@lokaler/api-client/api-fetch';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import type { SearchAssetHit, SearchAssetsResponse } from '@lokaler/domain/search-request';
import { renderPortal, stubApi } from '../../testing/render-portal';
import { shapedSearchAnswer } from '../../testing/search-answers';
import { RESULT_PAGE_SIZE } from './result-list';

const today = todayInOslo(new Date());
const date = addDays(today, 7);

let nextId = 100;
function hit(overrides: Partial<SearchAssetHit> = {}): SearchAssetHit {
  const id = nextId++;
  return {
    bookableAssetId: id,
    locationId: 7,
    datesCount: 1,
    unavailableDates: [],
    name: `Rom ${id}`,
    displayName: `Rom ${id}`,
    capacity: 20,
    assetTypeId: null,
    locationName: 'Tøyen skole',
    geographicAreaId: '1',
    geographicAreaName: 'Gamle Oslo',
    latLng: { lat: 59.91, lng: 10.77 },
    tagIds: [],
    behandlingstid: 0,
    ...overrides,
  };
}

let searched: URL[];
function stub(answer: SearchAssetsResponse | (() => Response)) {
  searched = [];
  const respond = (url: URL) => {
    searched.push(url);
    return typeof answer === 'function' ? answer() : Response.json(shapedSearchAnswer(answer, url));
  };
  stubApi({
    '/api/tags': [{ id: 21, name: 'Møte', tagType: 'purpose' }],
    '/api/search/assets': ({ url }: { url: URL }) => respond(url),
    '/api/search/assets/repeating': ({ url }: { url: URL }) => respond(url),
  });
}

beforeEach(() => {
  resetApiClient();
  vi.stubGlobal('scrollTo', vi.fn());
});
afterEach(() => vi.unstubAllGlobals());

const listUrl = `/portal?searchType=list&loanType=singleLoan&date=${date}&duration=PT2H`;

describe('/portal', () => {
  it('goes from the entry page to the list view with the search in the URL', async () => {
    stub({ available: [hit({ displayName: 'Gymsal' })], unavailable: [] });
    const user = userEvent.setup();
    const { router } = renderPortal('/portal');
    expect(await screen.findByRole('heading', { level: 1, name: 'Finn lokaler etter ønsket aktivitet' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Dato'), date);
    await user.click(screen.getByRole('button', { name: 'Søk' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Ledige rom' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?searchType=list&loanType=singleLoan&date=${date}&duration=PT1H`);
    expect(await screen.findByRole('link', { name: 'Gymsal' })).toBeInTheDocument();
    expect(searched[0]?.searchParams.toString()).toBe(`date=${date}&duration=PT1H&shape=page&limit=${RESULT_PAGE_SIZE}&offset=0`);
  });

  it('lists the rooms as the server sorts them, each linking to its location page with the search', async () => {
    stub({
      available: [
        hit({ bookableAssetId: 1, displayName: 'Aula', datesCount: 10, locationId: 3 }),
        hit({ bookableAssetId: 2, displayName: 'Basseng', datesCount: 10, unavailableDates: ['x', 'y', 'z'], capacity: null }),
      ],
      unavailable: [
        hit({
          bookableAssetId: 3,
          displayName: 'Kantine',
          datesCount: 10,
          unavailableDates: Array.from({ length: 10 }, (_, i) => `d${i}`),
        }),
      ],
    });
    renderPortal(
      `/portal?searchType=list&loanType=recurringLoan&from=${date}&to=${addDays(date, 63)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=MONDAY&daysOfWeek=WEDNESDAY`,
    );
    const list = await screen.findByRole('list', { name: 'Ledige rom' });
    const cards = within(list).getAllByRole('article');
    expect(cards.map((c) => within(c).getByRole('heading').textContent)).toEqual(['Aula', 'Basseng']);
    expect(within(cards[0]!).getByText('Ledig alle datoer')).toBeInTheDocument();
    expect(within(cards[0]!).getByText('Passer til 20 personer')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Ledig 7 av 10 datoer')).toBeInTheDocument();
    expect(within(cards[1]!).getByText('Antall personer ikke oppgitt')).toBeInTheDocument();
    expect(within(cards[0]!).getByRole('link', { name: 'Aula' })).toHaveAttribute(
      'href',
      `/lokale/3?ressurs=1&scrollTo=1&loanType=recurringLoan&from=${date}&to=${addDays(date, 63)}&duration=PT1H&repetition=WEEKLYONWEEKDAY&daysOfWeek=MONDAY&daysOfWeek=WEDNESDAY`,
    );
    expect(screen.getByText('2 ledige rom')).toBeInTheDocument();
    expect(screen.getByText('Rom som ikke er ledige (1)')).toBeInTheDocument();
  });

  it('filters by capacity and by text (debounced), keeping the filters in the URL', async () => {
    stub({
      available: [
        hit({ displayName: 'Møterom', capacity: 8 }),
        hit({ displayName: 'Gymsal', capacity: 60, locationName: 'Bjølsen skole', geographicAreaName: 'Sagene', geographicAreaId: '2' }),
        hit({ displayName: 'Aula', capacity: 150 }),
      ],
      unavailable: [],
    });
    const user = userEvent.setup();
    const { router } = renderPortal(listUrl);
    await screen.findByRole('list', { name: 'Ledige rom' });
    await user.click(screen.getByRole('checkbox', { name: '51–100 personer' }));
    await user.click(screen.getByRole('checkbox', { name: 'Over 100 personer' }));
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(2));
    expect(screen.getByText('2 av 3 ledige rom passer filtrene')).toBeInTheDocument();
    await user.type(screen.getByRole('searchbox', { name: /Søk i resultatene/ }), 'SAGENE');
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(1));
    expect(screen.getByRole('link', { name: 'Gymsal' })).toBeInTheDocument();
    expect(new URLSearchParams(router.state.location.search).getAll('kapasitet')).toEqual(['51-100', 'over-100']);
    expect(new URLSearchParams(router.state.location.search).get('tekst')).toBe('SAGENE');
    await user.click(screen.getAllByRole('button', { name: 'Nullstill filtre' })[0]!);
    await waitFor(() => expect(screen.getAllByRole('article')).toHaveLength(3));
  });

  it("shows a large answer a page at a time with 'Vis flere'", async () => {
    stub({ available: Array.from({ length: 6000 }, (_, i) => hit({ displayName: `Rom ${String(i).padStart(4, '0')}` })), unavailable: [] });
    const user = userEvent.setup();
    renderPortal(listUrl);
    const list = await screen.findByRole('list', { name: 'Ledige rom' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(RESULT_PAGE_SIZE);
    expect(screen.getByText(`Viser ${RESULT_PAGE_SIZE} av 6000 rom`)).toBeInTheDocument();
    // The first answer holds one page, not six thousand rooms; 'Vis flere' asks for the next.
    expect(searched.map((u) => u.searchParams.get('offset'))).toEqual(['0']);
    await user.click(screen.getByRole('button', { name: 'Vis flere' }));
    await waitFor(() => expect(within(list).getAllByRole('listitem')).toHaveLength(2 * RESULT_PAGE_SIZE));
    expect(searched.at(-1)?.searchParams.get('offset')).toBe(String(RESULT_PAGE_SIZE));
    expect(searched.at(-1)?.searchParams.get('list')).toBe('available');
    await waitFor(() => expect(within(list).getAllByRole('link')[RESULT_PAGE_SIZE]).toHaveFocus());
    expect(within(list).getAllByRole('link')[RESULT_PAGE_SIZE]).toHaveTextContent(`Rom ${String(RESULT_PAGE_SIZE).padStart(4, '0')}`);
  });

  it('says when nothing is free, and still lists the rooms that are not', async () => {
    stub({ available: [], unavailable: [hit({ displayName: 'Kantine', unavailableDates: [date] })] });
    renderPortal(listUrl);
    expect(await screen.findByText('Vi finner dessverre ingen rom som passer søket ditt.')).toBeInTheDocument();
    expect(screen.getByText('Ingen ledige rom')).toBeInTheDocument();
    expect(screen.getByText('Rom som ikke er ledige (1)')).toBeInTheDocument();
  });

  it('renders the rooms that are not free when their list is opened (decision 050)', async () => {
    stub({ available: [hit({ displayName: 'Gymsal' })], unavailable: [hit({ displayName: 'Kantine', unavailableDates: [date] })] });
    const user = userEvent.setup();
    renderPortal(listUrl);
    expect(await screen.findByRole('link', { name: 'Gymsal' })).toBeInTheDocument();
    expect(screen.queryByRole('list', { name: 'Rom som ikke er ledige' })).not.toBeInTheDocument();
    await user.click(screen.getByText('Rom som ikke er ledige (1)'));
    const list = await screen.findByRole('list', { name: 'Rom som ikke er ledige' });
    expect(within(list).getByRole('link', { name: 'Kantine' })).toBeInTheDocument();
  });

  it('shows an error with a retry', async () => {
    let fail = true;
    stub(() =>
      fail
        ? Response.json({ msg: 'boom', code: 'INTERNAL' }, { status: 500 })
        : Response.json(
            shapedSearchAnswer({ available: [hit({ displayName: 'Aula' })], unavailable: [] }, new URL('http://localhost/?shape=page')),
          ),
    );
    const user = userEvent.setup();
    renderPortal(listUrl);
    expect(await screen.findByText('Feil ved henting av data')).toBeInTheDocument();
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Prøv igjen' }));
    expect(await screen.findByRole('link', { name: 'Aula' })).toBeInTheDocument();
  });

  it('does not search a link whose date is past, and says why', async () => {
    stub({ available: [], unavailable: [] });
    renderPortal(`/portal?searchType=list&loanType=singleLoan&date=${addDays(today, -3)}&duration=PT1H`);
    expect(await screen.findByText('Dato kan ikke være i fortiden')).toBeInTheDocument();
    expect(searched).toEqual([]);
  });

  it("says 'Vi finner dessverre ingen rom som passer søket ditt.' when the filters leave none, and counts after the filters", async () => {
    stub({
      available: [
        hit({
          displayName: 'Kafé',
          capacity: 8,
          locationName: 'Deichman Grünerløkka',
          geographicAreaName: 'Grünerløkka',
          geographicAreaId: '3',
        }),
        hit({ displayName: 'Gymsal', capacity: 60, locationName: 'Bjølsen skole', geographicAreaName: 'Sagene', geographicAreaId: '2' }),
        hit({ displayName: 'Aula', capacity: 150 }),
      ],
      unavailable: [hit({ displayName: 'Kantine', unavailableDates: [date] })],
    });
    const user = userEvent.setup();
    renderPortal(`${listUrl}&tekst=grunerlokka`);
    // Folded on both sides: 'grunerlokka' finds Grünerløkka; the count is after the filter.
    expect(await screen.findByRole('link', { name: 'Kafé' })).toBeInTheDocument();
    expect(screen.getByText('1 av 3 ledige rom passer filtrene')).toBeInTheDocument();
    expect(searched.at(-1)?.searchParams.get('text')).toBe('grunerlokka');
    const field = screen.getByRole('searchbox', { name: /Søk i resultatene/ });
    await user.clear(field);
    await user.type(field, 'bjolsen');
    expect(await screen.findByRole('link', { name: 'Gymsal' })).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Over 100 personer' }));
    expect(await screen.findByText('Vi finner dessverre ingen rom som passer søket ditt.')).toBeInTheDocument();
    expect(screen.getByText('0 av 3 ledige rom passer filtrene')).toBeInTheDocument();
    expect(screen.queryByRole('article')).not.toBeInTheDocument();
    await user.click(within(screen.getByRole('region', { name: 'Resultater' })).getByRole('button', { name: 'Nullstill filtre' }));
    await waitFor(() => expect(within(screen.getByRole('list', { name: 'Ledige rom' })).getAllByRole('article')).toHaveLength(3));
    expect(screen.getByText('3 ledige rom')).toBeInTheDocument();
  });

  it('switches between list and map view keeping the search and filters', async () => {
    stub({ available: [hit({ displayName: 'Aula' })], unavailable: [] });
    const user = userEvent.setup();
    const { router } = renderPortal(`${listUrl}&kapasitet=11-20`);
    await screen.findByRole('link', { name: 'Aula' });
    await user.click(screen.getByRole('link', { name: 'Vis i kart' }));
    expect(await screen.findByRole('region', { name: 'Kart over ledige rom: ett sted' })).toBeInTheDocument();
    expect(router.state.location.search).toBe(`?searchType=map&loanType=singleLoan&date=${date}&duration=PT2H&kapasitet=11-20`);
    expect(screen.getByRole('heading', { level: 1, name: 'Ledige rom' })).toBeInTheDocument();
    expect(screen.getByText(/^Ditt søk: /)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Filtrer (1 valgt)' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Aula' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Vis som liste' })).toHaveAttribute(
      'href',
      `/portal?searchType=list&loanType=singleLoan&date=${date}&duration=PT2H&kapasitet=11-20`,
    );
  });
});

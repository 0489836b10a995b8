import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Details, Dialog, Heading, Paragraph, ToggleGroup } from '@digdir/designsystemet-react';
import { keepPreviousData, skipToken, useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useNavigate, useSearchParams } from 'react-router';
import { searchMarkersQuery, type PortalSearch } from '@lokaler/api-client/search';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { searchFormIssues, type SearchFormValues } from '@lokaler/domain/search-form';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { PageHead } from '@lokaler/ui/page-head';
import { ResultsMap } from './map/lazy-results-map';
import { ResultFilterPanel } from './result-filter-panel';
import { hasFilters, noFilters, readResultFilters, writeResultFilters, type ResultFilters } from './result-filters';
import { SearchForm } from './search-form';
import { ResultsBody, useSearchResults, type SearchResults } from './search-results';
import { searchSummary } from './search-summary';
import { locationHrefsFor, readSearchValues, readSearchView, toPortalSearch, writeSearchValues, type SearchView } from './search-url';
import './portal-search.css';

/** This page in another view, with the same search and filters. */
function viewHref(view: SearchView, params: URLSearchParams): string {
  const next = new URLSearchParams(params);
  next.set('searchType', view);
  return `/portal?${next.toString()}`;
}

/**
 * /portal (spec 01 §2 "New-portal search"): ?searchType chooses the view — the entry page with the
 * search form, the list view or the map view. The search and the filters live in the URL, so every
 * search is a link to share; the search runs only when complete and valid.
 */
const searchDescription =
  'Finn ledige rom i Oslo kommunes skoler, bydelslokaler, biblioteker og andre lokaler etter aktivitet, dato og varighet, én gang eller fast.';

export function PortalSearchPage() {
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const view = readSearchView(params);
  const values = useMemo(() => readSearchValues(params), [params]);
  const head = <PageHead title={view ? 'Ledige rom' : 'Finn lokaler etter ønsket aktivitet'} description={searchDescription} />;

  // A new search is a new history entry (Back returns to the previous search); the entry page goes to the list.
  const onSearch = useCallback(
    (next: SearchFormValues) => {
      const base = new URLSearchParams(params);
      if (!view) base.set('searchType', 'list');
      void navigate(`/portal?${writeSearchValues(next, base).toString()}`);
    },
    [navigate, params, view],
  );

  if (!view) {
    return (
      <div className="lk-stack lk-portal-search">
        {head}
        <Heading level={1} data-size="lg">
          Finn lokaler etter ønsket aktivitet
        </Heading>
        <Paragraph>
          Søk etter ledige rom i kommunens skoler, bydelslokaler, biblioteker og andre lokaler. Du kan låne en enkelt gang eller fast.
        </Paragraph>
        <SearchForm values={values} onSearch={onSearch} />
      </div>
    );
  }
  return (
    <>
      {head}
      <ResultsView view={view} params={params} setParams={setParams} values={values} onSearch={onSearch} />
    </>
  );
}

interface ResultsViewProps {
  view: SearchView;
  params: URLSearchParams;
  setParams: ReturnType<typeof useSearchParams>[1];
  values: SearchFormValues;
  onSearch: (values: SearchFormValues) => void;
}

function ResultsView({ view, params, setParams, values, onSearch }: ResultsViewProps) {
  const today = todayInOslo(new Date());
  const complete = toPortalSearch(values);
  // A shared link may hold a date now in the past: the form's own texts say why nothing is searched.
  const issues = complete ? searchFormIssues(values, today) : [];
  const search = issues.length === 0 ? complete : null;
  const filters = useMemo(() => readResultFilters(params), [params]);
  // Filters replace the history entry: Back leaves the search rather than stepping through every checkbox.
  const setFilters = useCallback(
    (next: ResultFilters) => setParams((current) => writeResultFilters(next, current), { replace: true }),
    [setParams],
  );
  const clearFilters = useCallback(() => setFilters(noFilters), [setFilters]);
  const results = useSearchResults(search, filters);
  const hrefs = useMemo(() => locationHrefsFor(params), [params]);
  const hrefOf = useCallback((hit: SearchAssetHit) => hrefs(hit.locationId, hit.bookableAssetId), [hrefs]);
  const locationHref = useCallback((locationId: number) => hrefs(locationId), [hrefs]);
  // On a phone the map view shows the map or the list, not one under the other (CSS hides the other and this switch on wide screens).
  const [narrowPane, setNarrowPane] = useState<'list' | 'map'>('map');

  const notice =
    issues.length > 0 ? (
      <Alert data-color="warning">
        <Heading level={2} data-size="xs">
          Søket kan ikke gjøres
        </Heading>
        <ul>
          {issues.map((issue) => (
            <li key={issue.path}>{issue.message}</li>
          ))}
        </ul>
        <Paragraph>Endre søket og trykk Søk.</Paragraph>
      </Alert>
    ) : complete === null ? (
      <Paragraph>Fyll ut søket og trykk Søk for å se ledige rom.</Paragraph>
    ) : null;
  const body = notice ?? <ResultsBody results={results} filters={filters} onClearFilters={clearFilters} hrefOf={hrefOf} />;

  if (view === 'list') {
    return (
      <div className="lk-stack lk-portal-search">
        <div className="lk-portal-search__top">
          <Heading level={1} data-size="lg">
            Ledige rom
          </Heading>
          <ViewSwitch view={view} params={params} />
        </div>
        <SearchForm values={values} onSearch={onSearch} />
        <div className="lk-portal-search__list-view">
          <aside aria-label="Filtre">{search && <ResultFilterPanel filters={filters} onChange={setFilters} areas={results.areas} />}</aside>
          <section aria-label="Resultater">{body}</section>
        </div>
      </div>
    );
  }

  return (
    <div className="lk-portal-search__map-view" data-narrow-pane={narrowPane}>
      <div className="lk-stack lk-portal-search__map-column">
        <div className="lk-portal-search__top">
          <Heading level={1} data-size="md">
            Ledige rom
          </Heading>
          <ViewSwitch view={view} params={params} />
        </div>
        <ToggleGroup
          className="lk-portal-search__pane-switch"
          aria-label="Vis ledige rom som"
          data-size="sm"
          value={narrowPane}
          onChange={(next) => setNarrowPane(next === 'list' ? 'list' : 'map')}
        >
          <ToggleGroup.Item value="list">Liste</ToggleGroup.Item>
          <ToggleGroup.Item value="map">Kart</ToggleGroup.Item>
        </ToggleGroup>
        <Details defaultOpen={complete === null || issues.length > 0}>
          <Details.Summary>{complete ? `Ditt søk: ${searchSummary(values)}` : 'Søk'}</Details.Summary>
          <Details.Content>
            <SearchForm values={values} onSearch={onSearch} />
          </Details.Content>
        </Details>
        {results.status === 'success' && <FilterDialog filters={filters} onChange={setFilters} results={results} />}
        <div className="lk-portal-search__map-list">{body}</div>
      </div>
      <div className="lk-portal-search__map">
        <SearchMap search={search} filters={filters} locationHref={locationHref} />
      </div>
    </div>
  );
}

/** The map of the search: the server's compact markers (shape=markers, decision 019), asked for beside the list's page. */
const noMarkers: never[] = [];

function SearchMap({
  search,
  filters,
  locationHref,
}: {
  search: PortalSearch | null;
  filters: ResultFilters;
  locationHref: (locationId: number) => string;
}) {
  const markers = useQuery(
    search
      ? { ...searchMarkersQuery(search, filters), placeholderData: keepPreviousData }
      : { queryKey: ['search-assets', 'incomplete', 'markers'], queryFn: skipToken },
  );
  return <ResultsMap markers={markers.data?.markers ?? noMarkers} locationHref={locationHref} />;
}

/** Links between the list and the map view; the search and the filters go along. */
function ViewSwitch({ view, params }: { view: SearchView; params: URLSearchParams }) {
  return (
    <nav aria-label="Visning" className="lk-portal-search__views">
      <Button asChild variant={view === 'list' ? 'primary' : 'secondary'} data-size="sm">
        <RouterLink to={viewHref('list', params)} aria-current={view === 'list' ? 'page' : undefined}>
          Vis som liste
        </RouterLink>
      </Button>
      <Button asChild variant={view === 'map' ? 'primary' : 'secondary'} data-size="sm">
        <RouterLink to={viewHref('map', params)} aria-current={view === 'map' ? 'page' : undefined}>
          Vis i kart
        </RouterLink>
      </Button>
    </nav>
  );
}

/** The map view's filters, in a dialog so the map keeps its room. */
function FilterDialog({
  filters,
  onChange,
  results,
}: {
  filters: ResultFilters;
  onChange: (next: ResultFilters) => void;
  results: SearchResults;
}) {
  const [open, setOpen] = useState(false);
  const active = filters.capacity.length + filters.areas.length + (filters.text.trim() ? 1 : 0);
  return (
    <div>
      <Button variant="secondary" data-size="sm" onClick={() => setOpen(true)} aria-haspopup="dialog">
        {hasFilters(filters) ? `Filtrer (${active} valgt)` : 'Filtrer'}
      </Button>
      <Dialog open={open} onClose={() => setOpen(false)} closedby="any" aria-label="Filtrer resultatene" closeButton="Lukk">
        <Dialog.Block>
          <Heading level={2} data-size="sm">
            Filtrer
          </Heading>
        </Dialog.Block>
        <Dialog.Block>
          <ResultFilterPanel filters={filters} onChange={onChange} areas={results.areas} />
        </Dialog.Block>
        <Dialog.Block>
          <Button onClick={() => setOpen(false)}>Vis {results.totalAvailable} rom</Button>
        </Dialog.Block>
      </Dialog>
    </div>
  );
}

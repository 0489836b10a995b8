import { useDeferredValue, useMemo } from 'react';
import { Alert, Button, Details, Heading, Paragraph } from '@digdir/designsystemet-react';
import { skipToken, useQuery } from '@tanstack/react-query';
import type { PortalSearch } from '@lokaler/api-client/search';
import { searchAssetsQuery } from '@lokaler/api-client/search';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { Loading } from '@lokaler/ui/loading';
import { ResultList } from './result-list';
import { areaOptions, filterHits, hasFilters, prepareHits, sortHits, type AreaOption, type ResultFilters } from './result-filters';

export interface SearchResults {
  status: 'idle' | 'pending' | 'error' | 'success';
  error: unknown;
  retry: () => void;
  /** Rooms free on at least one date, in the spec's order, after the filters. */
  available: SearchAssetHit[];
  /** Rooms free on none of the dates, by name, after the filters. */
  unavailable: SearchAssetHit[];
  /** Before the filters. */
  totalAvailable: number;
  totalUnavailable: number;
  areas: AreaOption[];
  /** Changes when the shown rooms change (a new search, other filters). */
  key: string;
}

/**
 * The search answer (run only for a complete, valid search) with the filters applied. Matching text
 * is prepared once per answer; filtering six thousand rooms is a few string comparisons each, and
 * runs deferred so typing and ticking stay responsive.
 */
export function useSearchResults(search: PortalSearch | null, filters: ResultFilters): SearchResults {
  const query = useQuery(search ? searchAssetsQuery(search) : { queryKey: ['search-assets', 'incomplete'], queryFn: skipToken });
  const data = query.data;
  const prepared = useMemo(
    () => ({ available: prepareHits(sortHits(data?.available ?? [])), unavailable: prepareHits(data?.unavailable ?? []), areas: areaOptions(data?.available ?? []) }),
    [data],
  );
  const deferredFilters = useDeferredValue(filters);
  const filtered = useMemo(
    () => ({ available: filterHits(prepared.available, deferredFilters), unavailable: filterHits(prepared.unavailable, deferredFilters) }),
    [prepared, deferredFilters],
  );
  return {
    status: search === null ? 'idle' : query.status,
    error: query.error,
    retry: () => void query.refetch(),
    available: filtered.available,
    unavailable: filtered.unavailable,
    totalAvailable: prepared.available.length,
    totalUnavailable: prepared.unavailable.length,
    areas: prepared.areas,
    key: `${query.dataUpdatedAt}|${JSON.stringify(deferredFilters)}`,
  };
}

interface ResultsBodyProps {
  results: SearchResults;
  filters: ResultFilters;
  onClearFilters: () => void;
  hrefOf: (hit: SearchAssetHit) => string;
}

/** The count, the rooms found, and the rooms not free (folded); or the loading, error and empty states. */
export function ResultsBody({ results, filters, onClearFilters, hrefOf }: ResultsBodyProps) {
  if (results.status === 'pending') return <Loading label="Søker etter ledige rom" />;
  if (results.status === 'error') {
    const { title, detail } = loadFailureMessage(results.error);
    return (
      <Alert data-color="danger">
        <Heading level={2} data-size="xs">
          {title}
        </Heading>
        <Paragraph>{detail}</Paragraph>
        <Button variant="secondary" data-size="sm" onClick={results.retry}>
          Prøv igjen
        </Button>
      </Alert>
    );
  }
  if (results.status === 'idle') return null;

  const filtered = hasFilters(filters);
  const { available, unavailable, totalAvailable, totalUnavailable } = results;
  return (
    <div className="lk-stack lk-results">
      <Heading level={2} data-size="xs" className="lk-results__count">
        <span role="status">{filtered ? `${available.length} av ${totalAvailable} ledige rom passer filtrene` : countText(totalAvailable)}</span>
      </Heading>
      {available.length === 0 && (
        <Alert data-color="info">
          {filtered && totalAvailable > 0 ? (
            <>
              <Paragraph>Ingen ledige rom passer filtrene du har valgt.</Paragraph>
              <Button variant="secondary" data-size="sm" onClick={onClearFilters}>
                Nullstill filtre
              </Button>
            </>
          ) : (
            <Paragraph>Vi fant ingen ledige rom for søket ditt. Prøv en annen dato, en kortere varighet eller en annen aktivitet.</Paragraph>
          )}
        </Alert>
      )}
      {available.length > 0 && <ResultList hits={available} hrefOf={hrefOf} label="Ledige rom" resetKey={results.key} />}
      {unavailable.length > 0 && (
        <Details className="lk-results__unavailable">
          <Details.Summary>
            Rom som ikke er ledige ({filtered ? `${unavailable.length} av ${totalUnavailable}` : unavailable.length})
          </Details.Summary>
          <Details.Content>
            <ResultList hits={unavailable} hrefOf={hrefOf} label="Rom som ikke er ledige" resetKey={results.key} />
          </Details.Content>
        </Details>
      )}
    </div>
  );
}

function countText(count: number): string {
  if (count === 0) return 'Ingen ledige rom';
  return count === 1 ? '1 ledig rom' : `${count} ledige rom`;
}

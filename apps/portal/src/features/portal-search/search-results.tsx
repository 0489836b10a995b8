import { useCallback, useMemo, useState } from 'react';
import { Alert, Button, Details, Heading, Paragraph } from '@digdir/designsystemet-react';
import { keepPreviousData, skipToken, useQuery, useQueryClient } from '@tanstack/react-query';
import type { PortalSearch } from '@lokaler/api-client/search';
import { searchPageQuery } from '@lokaler/api-client/search';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { useAnswerInTransition } from '@lokaler/ui/answer-in-transition';
import { Loading } from '@lokaler/ui/loading';
import { ResultList } from './result-list';
import { hasFilters, type AreaOption, type ResultFilters } from './result-filters';

/** Spec 01 §8 'No rooms match'. */
export const NO_ROOMS_TEXT = 'Vi finner dessverre ingen rom som passer søket ditt.';

type ListName = 'available' | 'unavailable';

export interface SearchResults {
  status: 'idle' | 'pending' | 'error' | 'success';
  error: unknown;
  retry: () => void;
  /** Rooms free on at least one date, in the spec's order, after the filters: the pages fetched so far. */
  available: SearchAssetHit[];
  /** Rooms free on none of the dates, by name, after the filters: the pages fetched so far. */
  unavailable: SearchAssetHit[];
  /** After the filters. */
  totalAvailable: number;
  totalUnavailable: number;
  /** Before the filters. */
  allAvailable: number;
  allUnavailable: number;
  areas: AreaOption[];
  /** Changes when the shown rooms change (a new search, other filters). */
  key: string;
  /** Fetches the next page of a list ('Vis flere'). */
  more: (list: ListName) => Promise<void>;
}

/**
 * The search answer (run only for a complete, valid search) as the server filters and pages it
 * (shape=page, decision 019): the first page of each list with the counts, and 'Vis flere' fetches
 * the next. While other filters are asked for, the rooms shown stay until the answer comes.
 */
export function useSearchResults(search: PortalSearch | null, filters: ResultFilters): SearchResults {
  const queryClient = useQueryClient();
  const query = useQuery(
    search
      ? { ...searchPageQuery(search, filters), placeholderData: keepPreviousData }
      : { queryKey: ['search-assets', 'incomplete'], queryFn: skipToken },
  );
  // Decision 050: the rooms render in a transition, not in the task the answer arrived in.
  const arrived = useMemo(() => ({ data: query.data, updatedAt: query.dataUpdatedAt }), [query.data, query.dataUpdatedAt]);
  const shown = useAnswerInTransition(arrived);
  const data = shown.data;
  const key = `${shown.updatedAt}|${JSON.stringify(filters)}`;
  const [extra, setExtra] = useState<{ key: string; available: SearchAssetHit[]; unavailable: SearchAssetHit[] }>({
    key,
    available: [],
    unavailable: [],
  });
  const more = extra.key === key ? extra : { key, available: [], unavailable: [] };

  const available = data ? [...data.available, ...more.available] : [];
  const unavailable = data ? [...data.unavailable, ...more.unavailable] : [];
  const loadMore = useCallback(
    async (list: ListName) => {
      if (!search) return;
      const offset = list === 'available' ? available.length : unavailable.length;
      const page = await queryClient.fetchQuery(searchPageQuery(search, filters, { offset, list }));
      setExtra((current) => {
        const base = current.key === key ? current : { key, available: [], unavailable: [] };
        return { ...base, [list]: [...base[list], ...page[list]] };
      });
    },
    [search, filters, queryClient, key, available.length, unavailable.length],
  );

  return {
    status: search === null ? 'idle' : query.status === 'success' && data === undefined ? 'pending' : query.status,
    error: query.error,
    retry: () => void query.refetch(),
    available,
    unavailable,
    totalAvailable: data?.totalAvailable ?? 0,
    totalUnavailable: data?.totalUnavailable ?? 0,
    allAvailable: data?.allAvailable ?? 0,
    allUnavailable: data?.allUnavailable ?? 0,
    areas: data?.areas ?? [],
    key,
    more: loadMore,
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
  // Decision 050: the rooms that are not free render when their list is opened, not with the page
  // (up to a page of cards nobody sees on the first load).
  const [unavailableOpen, setUnavailableOpen] = useState(false);
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
  const { available, unavailable, totalAvailable, totalUnavailable, allAvailable, allUnavailable } = results;
  return (
    <div className="lk-stack lk-results">
      <Heading level={2} data-size="xs" className="lk-results__count">
        <span role="status">
          {filtered ? `${totalAvailable} av ${allAvailable} ledige rom passer filtrene` : countText(totalAvailable)}
        </span>
      </Heading>
      {totalAvailable === 0 && (
        <Alert data-color="info">
          <Paragraph>{NO_ROOMS_TEXT}</Paragraph>
          {filtered && allAvailable > 0 ? (
            <Button variant="secondary" data-size="sm" onClick={onClearFilters}>
              Nullstill filtre
            </Button>
          ) : (
            <Paragraph>Prøv en annen dato, en kortere varighet eller en annen aktivitet.</Paragraph>
          )}
        </Alert>
      )}
      {available.length > 0 && (
        <ResultList
          key={`a|${results.key}`}
          hits={available}
          total={totalAvailable}
          onMore={() => results.more('available')}
          hrefOf={hrefOf}
          label="Ledige rom"
        />
      )}
      {totalUnavailable > 0 && (
        <Details
          className="lk-results__unavailable"
          onToggle={(event) => {
            if (event.target === event.currentTarget) setUnavailableOpen((event.currentTarget as HTMLDetailsElement).open);
          }}
        >
          <Details.Summary>
            Rom som ikke er ledige ({filtered ? `${totalUnavailable} av ${allUnavailable}` : totalUnavailable})
          </Details.Summary>
          <Details.Content>
            {unavailableOpen && (
              <ResultList
                key={`u|${results.key}`}
                hits={unavailable}
                total={totalUnavailable}
                onMore={() => results.more('unavailable')}
                hrefOf={hrefOf}
                label="Rom som ikke er ledige"
              />
            )}
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

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { listSearchOf, parseListState, withFilters, withPage, type FilterChange, type RequestListState } from '../../lib/list-url-state';

/** The request list's state read from and written to the URL (each change is a history entry). */
export function useListState(): {
  state: RequestListState;
  changeFilters: (change: FilterChange) => void;
  goToPage: (page: number) => void;
  reset: () => void;
} {
  const [search, setSearch] = useSearchParams();
  const state = useMemo(() => parseListState(search), [search]);
  const changeFilters = useCallback((change: FilterChange) => setSearch(listSearchOf(withFilters(state, change))), [state, setSearch]);
  const goToPage = useCallback((page: number) => setSearch(listSearchOf(withPage(state, page))), [state, setSearch]);
  const reset = useCallback(
    () => setSearch(listSearchOf({ status: state.status, sort: state.sort, page: 1 })),
    [state.status, state.sort, setSearch],
  );
  return { state, changeFilters, goToPage, reset };
}

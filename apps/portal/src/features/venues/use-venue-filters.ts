import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate, useNavigation } from 'react-router';
import { parseVenueFilters, venueFiltersToSearch, type VenueFilters } from './venue-filters';

/**
 * The venue list's filters, read from and written to the URL (so a filtered list can be shared and
 * survives a reload). Changes replace the history entry: Back leaves the list rather than stepping
 * through every checkbox.
 *
 * A change that arrives while the person is already on the way to another page (the search box's
 * debounced text, after Enter on a result whose page is still loading its code) is dropped: it would
 * otherwise replace that navigation and keep them on the list.
 */
export function useVenueFilters(): { filters: VenueFilters; setFilters: (next: VenueFilters) => void } {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const leavingFor = useNavigation().location?.pathname;
  const filters = useMemo(() => parseVenueFilters(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (next: VenueFilters) => {
      if (leavingFor !== undefined && leavingFor !== pathname) return;
      const nextSearch = venueFiltersToSearch(next);
      if (nextSearch !== venueFiltersToSearch(parseVenueFilters(new URLSearchParams(search)))) void navigate({ pathname, search: nextSearch }, { replace: true });
    },
    [navigate, pathname, search, leavingFor],
  );
  return { filters, setFilters };
}

import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { parseVenueFilters, venueFiltersToSearch, type VenueFilters } from './venue-filters';

/**
 * The venue list's filters, read from and written to the URL (so a filtered list can be shared and
 * survives a reload). Changes replace the history entry: Back leaves the list rather than stepping
 * through every checkbox.
 */
export function useVenueFilters(): { filters: VenueFilters; setFilters: (next: VenueFilters) => void } {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const filters = useMemo(() => parseVenueFilters(new URLSearchParams(search)), [search]);
  const setFilters = useCallback(
    (next: VenueFilters) => {
      const nextSearch = venueFiltersToSearch(next);
      if (nextSearch !== venueFiltersToSearch(parseVenueFilters(new URLSearchParams(search))))
        void navigate({ pathname, search: nextSearch }, { replace: true });
    },
    [navigate, pathname, search],
  );
  return { filters, setFilters };
}

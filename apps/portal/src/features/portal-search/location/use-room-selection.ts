import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/** The chosen rooms, from the repeated query parameter ressurs (spec 01 §2); anything that is not an id is ignored. */
export function parseRoomIds(params: URLSearchParams): number[] {
  const ids = params.getAll('ressurs').map((v) => (/^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN));
  return [...new Set(ids.filter((id) => id > 0))];
}

/** The rooms chosen on the location page, kept in the URL beside the search ('Velg rom' / 'Fjern rom'). */
export function useRoomSelection() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const selected = useMemo(() => parseRoomIds(new URLSearchParams(search)), [search]);

  const setSelected = useCallback(
    (ids: readonly number[]) => {
      const params = new URLSearchParams(search);
      params.delete('ressurs');
      for (const id of ids) params.append('ressurs', String(id));
      const qs = params.toString();
      void navigate({ pathname, search: qs ? `?${qs}` : '' }, { replace: true });
    },
    [navigate, pathname, search],
  );

  const toggle = useCallback((id: number) => setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]), [selected, setSelected]);

  return { selected, toggle };
}

/**
 * Spec 01 §2: the one-off scrollTo parameter (a room id from a search result) scrolls to that room and
 * focuses it once the rooms are shown, and is then taken out of the URL.
 */
export function useScrollToParameter(ready: boolean) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!ready) return;
    const params = new URLSearchParams(search);
    const target = params.get('scrollTo');
    if (!target) return;
    const element = document.getElementById(roomElementId(target));
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
    params.delete('scrollTo');
    const qs = params.toString();
    void navigate({ pathname, search: qs ? `?${qs}` : '' }, { replace: true });
  }, [ready, search, pathname, navigate]);
}

/** The id of a room's card: the target of scrollTo and of the focus when a time is missing. */
export const roomElementId = (roomId: number | string) => `rom-${roomId}`;

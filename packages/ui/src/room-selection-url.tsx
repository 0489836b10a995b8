import { useCallback, useEffect, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';

/**
 * The chosen rooms of a page, kept in the URL (spec 01 §2): the repeated query parameter ressurs, and
 * the one-off scrollTo that a link from a search result adds. Shared by the venue page, the room
 * calendar and the new portal's location page.
 */

/** The chosen rooms from ?ressurs; anything that is not an id is ignored, duplicates once. */
export function parseRoomIds(params: URLSearchParams): number[] {
  const ids = params.getAll('ressurs').map((v) => (/^\d{1,9}$/.test(v.trim()) ? Number(v) : NaN));
  return [...new Set(ids.filter((id) => id > 0))];
}

/** The id of a room's element on a page: the target of scrollTo (and of focus when the room needs attention). */
export const roomElementId = (roomId: number | string) => `rom-${roomId}`;

/** The rooms in ?ressurs and a way to replace them (the history entry is replaced, the rest of the query kept). */
export function useRoomIdsInUrl() {
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
  return { selected, setSelected };
}

/**
 * Spec 01 §2: once the rooms are shown (`ready`), scrollTo scrolls to that room and focuses it, and is
 * then taken out of the URL.
 */
export function useScrollToParameter(ready: boolean) {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    if (!ready) return;
    const params = new URLSearchParams(search);
    const target = params.get('scrollTo');
    if (!target) return;
    const element = document.getElementById(roomElementId(target)) ?? document.getElementById(target);
    element?.scrollIntoView?.({ block: 'start' });
    element?.focus({ preventScroll: true });
    params.delete('scrollTo');
    const qs = params.toString();
    void navigate({ pathname, search: qs ? `?${qs}` : '' }, { replace: true });
  }, [ready, search, pathname, navigate]);
}

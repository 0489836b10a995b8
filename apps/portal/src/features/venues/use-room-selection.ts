import { useCallback, useMemo } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { keepOnlyRooms, useBookingDraft } from '@lokaler/ui/booking-draft';

/** The chosen rooms, from the repeated query parameter ressurs (spec 01 §2); unknown values are ignored. */
export function parseRoomIds(params: URLSearchParams): number[] {
  const ids = params.getAll('ressurs').map((v) => (/^\d+$/.test(v.trim()) ? Number(v) : NaN));
  return [...new Set(ids.filter((id) => Number.isSafeInteger(id) && id > 0))];
}

/**
 * The room selection of the venue page, kept in the URL. Deselecting a room also clears the times
 * chosen for it in the calendar (spec 01 §4).
 */
export function useRoomSelection() {
  const { pathname, search } = useLocation();
  const navigate = useNavigate();
  const [, updateDraft] = useBookingDraft();
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

  const toggle = useCallback(
    (id: number) => {
      if (selected.includes(id)) {
        const remaining = selected.filter((s) => s !== id);
        updateDraft((draft) => keepOnlyRooms(draft, remaining));
        setSelected(remaining);
      } else setSelected([...selected, id]);
    },
    [selected, setSelected, updateDraft],
  );

  return { selected, toggle };
}

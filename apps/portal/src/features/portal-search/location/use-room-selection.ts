import { useCallback } from 'react';
import { useRoomIdsInUrl } from '@lokaler/ui/room-selection-url';

export { roomElementId, useScrollToParameter } from '@lokaler/ui/room-selection-url';

/** The rooms chosen on the location page, kept in the URL beside the search ('Velg rom' / 'Fjern rom'). */
export function useRoomSelection() {
  const { selected, setSelected } = useRoomIdsInUrl();
  const toggle = useCallback(
    (id: number) => setSelected(selected.includes(id) ? selected.filter((s) => s !== id) : [...selected, id]),
    [selected, setSelected],
  );
  return { selected, toggle };
}

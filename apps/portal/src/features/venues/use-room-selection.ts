import { useCallback } from 'react';
import { keepOnlyRooms, useBookingDraft } from '@lokaler/ui/booking-draft';
import { useRoomIdsInUrl } from '@lokaler/ui/room-selection-url';

/**
 * The room selection of the venue page, kept in the URL. Deselecting a room also clears the times
 * chosen for it in the calendar (spec 01 §4).
 */
export function useRoomSelection() {
  const { selected, setSelected } = useRoomIdsInUrl();
  const [, updateDraft] = useBookingDraft();
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

import { Button } from '@digdir/designsystemet-react';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import { ChosenRoomsPanel } from '../../components/chosen-rooms-panel';

/**
 * The chosen rooms beside the list (spec 01 §2): 'Ingen rom valgt' or the rooms with remove buttons,
 * and the way on to their calendar, disabled until a room is chosen.
 */
export function RoomSummary({
  rooms,
  onRemove,
  onShowTimes,
}: {
  rooms: readonly BookableAsset[];
  onRemove: (id: number) => void;
  onShowTimes: () => void;
}) {
  return (
    <ChosenRoomsPanel rooms={rooms.map((room) => ({ id: room.id, name: room.displayName }))} onRemove={onRemove}>
      <Button onClick={onShowTimes} disabled={rooms.length === 0}>
        Se ledige tider
      </Button>
    </ChosenRoomsPanel>
  );
}

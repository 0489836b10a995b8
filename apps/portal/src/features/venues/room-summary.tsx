import { Button, Card, Heading, Paragraph } from '@digdir/designsystemet-react';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';

/**
 * The chosen rooms beside the list (spec 01 §2): 'Ingen rom valgt' or the rooms with remove buttons,
 * and the way on to their calendar, disabled until a room is chosen.
 */
export function RoomSummary({ rooms, onRemove, onShowTimes }: { rooms: readonly BookableAsset[]; onRemove: (id: number) => void; onShowTimes: () => void }) {
  return (
    <aside aria-labelledby="lk-room-summary-title" className="lk-room-summary">
      <Card data-color="neutral" variant="tinted">
        <Heading level={2} data-size="xs" id="lk-room-summary-title">
          Valgte rom
        </Heading>
        {rooms.length === 0 ? (
          <Paragraph>Ingen rom valgt</Paragraph>
        ) : (
          <ul aria-labelledby="lk-room-summary-title">
            {rooms.map((room) => (
              <li key={room.id}>
                <span>{room.displayName}</span>
                <Button variant="tertiary" data-size="sm" onClick={() => onRemove(room.id)} aria-label={`Fjern ${room.displayName}`}>
                  Fjern
                </Button>
              </li>
            ))}
          </ul>
        )}
        <Button onClick={onShowTimes} disabled={rooms.length === 0}>
          Se ledige tider
        </Button>
      </Card>
    </aside>
  );
}

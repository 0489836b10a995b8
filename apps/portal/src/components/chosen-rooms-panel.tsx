import { useId, type ReactNode } from 'react';
import { Button, Card, Heading, Paragraph } from '@digdir/designsystemet-react';
import './chosen-rooms-panel.css';

export interface ChosenRoom {
  id: number;
  name: string;
  /** A line under the name (the chosen times), when the page has one. */
  details?: string;
}

/**
 * 'Valgte rom' beside a list of rooms (spec 01 §2): 'Ingen rom valgt' or the rooms, each with its
 * remove button, then the page's way on (`children`). Sticky beside the list on large screens.
 */
export function ChosenRoomsPanel({
  rooms,
  onRemove,
  children,
}: {
  rooms: readonly ChosenRoom[];
  onRemove: (id: number) => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const detailed = rooms.some((room) => room.details !== undefined);
  return (
    <aside aria-labelledby={titleId} className="lk-chosen-rooms">
      <Card data-color="neutral" variant="tinted">
        <Heading level={2} data-size="xs" id={titleId}>
          Valgte rom
        </Heading>
        {rooms.length === 0 ? (
          <Paragraph>Ingen rom valgt</Paragraph>
        ) : (
          <ul
            aria-labelledby={titleId}
            className={detailed ? 'lk-chosen-rooms__list lk-chosen-rooms__list--detailed' : 'lk-chosen-rooms__list'}
          >
            {rooms.map((room) => (
              <li key={room.id}>
                {room.details === undefined ? (
                  <span>{room.name}</span>
                ) : (
                  <span>
                    <strong>{room.name}</strong>
                    <br />
                    {room.details}
                  </span>
                )}
                <Button variant="tertiary" data-size="sm" onClick={() => onRemove(room.id)} aria-label={`Fjern ${room.name}`}>
                  Fjern
                </Button>
              </li>
            ))}
          </ul>
        )}
        {children}
      </Card>
    </aside>
  );
}

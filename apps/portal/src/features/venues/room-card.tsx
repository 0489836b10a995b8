import { Button, Card, Details, Heading, Paragraph } from '@digdir/designsystemet-react';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';

/** 'Passer til N personer' (spec 01 §2); one person is singular. */
export function capacityText(capacity: number): string {
  return `Passer til ${capacity} ${capacity === 1 ? 'person' : 'personer'}`;
}

function TagList({ title, items }: { title: string; items: readonly string[] }) {
  if (items.length === 0) return null;
  return (
    <div>
      <Heading level={4} data-size="2xs">
        {title}
      </Heading>
      <ul className="lk-tag-list">
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </div>
  );
}

/** One room of the venue page: name, capacity, 'Velg rom' / 'Fjern rom' and the details (spec 01 §2). */
export function RoomCard({ room, selected, onToggle }: { room: BookableAsset; selected: boolean; onToggle: () => void }) {
  const headingId = `rom-${room.id}-navn`;
  const hasDetails = room.purposes.length + room.facilities.length + room.uu.length > 0 || room.squareMeters !== null;
  return (
    <li id={`rom-${room.id}`} tabIndex={-1}>
      <Card asChild data-color={selected ? 'accent' : 'neutral'} variant={selected ? 'tinted' : 'default'}>
        <article aria-labelledby={headingId}>
          <Heading level={3} data-size="sm" id={headingId}>
            {room.displayName}
          </Heading>
          {room.capacity !== null && <Paragraph>{capacityText(room.capacity)}</Paragraph>}
          {room.assetInfoMessage && <Paragraph data-size="sm">{room.assetInfoMessage}</Paragraph>}
          {hasDetails && (
            <Details>
              <Details.Summary>Mer om rommet</Details.Summary>
              <Details.Content className="lk-stack">
                {room.squareMeters !== null && <Paragraph>{room.squareMeters} m²</Paragraph>}
                <TagList title="Passer til" items={room.purposes} />
                <TagList title="Fasiliteter" items={room.facilities} />
                <TagList title="Tilgjengelighet" items={room.uu} />
              </Details.Content>
            </Details>
          )}
          <div className="lk-room-card__actions">
            <Button variant={selected ? 'secondary' : 'primary'} onClick={onToggle} aria-describedby={headingId}>
              {selected ? 'Fjern rom' : 'Velg rom'}
            </Button>
          </div>
        </article>
      </Card>
    </li>
  );
}

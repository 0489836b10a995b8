import { Button, Card, Heading, Paragraph, Tag, ValidationMessage } from '@digdir/designsystemet-react';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { searchFormMessages } from '@lokaler/domain/search-form';
import type { PortalSearch } from '@lokaler/api-client/search';
import { RoomTimesChoice } from './room-times';
import type { ChoiceKey, ChosenTime, RoomTimes } from './time-choices';
import { roomElementId } from './use-room-selection';

/** 'Passer til N personer' as on the venue page (spec 01 §2); one person is singular. */
export function capacityText(capacity: number): string {
  return `Passer til ${capacity} ${capacity === 1 ? 'person' : 'personer'}`;
}

/** How much of the search the room is free for: 'Ledig', 'Ikke ledig', or 'Ledig {n} av {m} valgte datoer' (spec 01 §8). */
export function roomAvailability(
  hit: Pick<SearchAssetHit, 'datesCount' | 'unavailableDates'>,
  kind: PortalSearch['kind'],
): { text: string; color: 'success' | 'warning' | 'danger' } {
  const free = hit.datesCount - hit.unavailableDates.length;
  if (free <= 0) return { text: 'Ikke ledig', color: 'danger' };
  if (kind === 'single' || free === hit.datesCount)
    return { text: kind === 'single' ? 'Ledig' : `Ledig alle ${hit.datesCount} valgte datoer`, color: 'success' };
  return { text: `Ledig ${free} av ${hit.datesCount} valgte datoer`, color: free * 2 <= hit.datesCount ? 'danger' : 'warning' };
}

interface LocationRoomCardProps {
  hit: SearchAssetHit;
  search: PortalSearch;
  selected: boolean;
  onToggle: () => void;
  chosen: RoomTimes;
  onToggleTime: (key: ChoiceKey, time: ChosenTime) => void;
  missingTime: boolean;
}

/** One room of the location: name, capacity, availability, 'Velg rom' / 'Fjern rom', and once chosen its free times. */
export function LocationRoomCard({ hit, search, selected, onToggle, chosen, onToggleTime, missingTime }: LocationRoomCardProps) {
  const headingId = `${roomElementId(hit.bookableAssetId)}-navn`;
  const errorId = `${roomElementId(hit.bookableAssetId)}-feil`;
  const availability = roomAvailability(hit, search.kind);
  return (
    <li
      id={roomElementId(hit.bookableAssetId)}
      tabIndex={-1}
      aria-describedby={missingTime ? errorId : undefined}
      className="lk-location-room"
    >
      <Card asChild data-color={selected ? 'accent' : 'neutral'} variant={selected ? 'tinted' : 'default'}>
        <article aria-labelledby={headingId}>
          <div className="lk-location-room__head">
            <Heading level={3} data-size="sm" id={headingId}>
              {hit.displayName}
            </Heading>
            <Tag data-color={availability.color} data-size="sm">
              {availability.text}
            </Tag>
          </div>
          {hit.capacity !== null && <Paragraph>{capacityText(hit.capacity)}</Paragraph>}
          <div>
            <Button variant={selected ? 'secondary' : 'primary'} onClick={onToggle} aria-describedby={headingId}>
              {selected ? 'Fjern rom' : 'Velg rom'}
            </Button>
          </div>
          {selected && (
            <RoomTimesChoice
              roomId={hit.bookableAssetId}
              roomName={hit.displayName}
              search={search}
              chosen={chosen}
              onToggle={onToggleTime}
            />
          )}
          {missingTime && <ValidationMessage id={errorId}>{searchFormMessages.chooseTime}</ValidationMessage>}
        </article>
      </Card>
    </li>
  );
}

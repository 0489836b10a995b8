import { Button, Heading, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { ChosenSlot } from '@lokaler/domain/scheduling/slot-selection';
import { formatInterval } from '@lokaler/ui/formatters';
import { mergedChoice } from './reservations';

export const ADD_BUTTON_LABEL = 'Legg til valgte tider';

/**
 * What is checked in the calendar but not yet added, per room, with adjacent slots merged (spec 01
 * §4), and the add button. The list is a live region: a screen reader hears the choice change.
 */
export function ChosenTimes({
  rooms,
  checked,
  onAdd,
  onClear,
  error,
  busy,
}: {
  rooms: readonly BookableAsset[];
  checked: readonly ChosenSlot[];
  onAdd: () => void;
  onClear: () => void;
  error: string | null;
  busy: boolean;
}) {
  const perRoom = rooms.map((room) => ({ room, intervals: mergedChoice(checked, room.id) })).filter((r) => r.intervals.length > 0);
  return (
    <section aria-labelledby="lk-chosen-title" className="lk-stack lk-chosen-times">
      <Heading level={2} data-size="sm" id="lk-chosen-title">
        Valgte tider
      </Heading>
      <div aria-live="polite">
        {perRoom.length === 0 ? (
          <Paragraph>
            Du har ikke valgt noen tider ennå. Velg ledige kvarter i kalenderen, eller en hel dag med knappen over dagen.
          </Paragraph>
        ) : (
          perRoom.map(({ room, intervals }) => (
            <div key={room.id}>
              <Heading level={3} data-size="2xs">
                {room.displayName}
              </Heading>
              <ul>
                {intervals.map((i) => (
                  <li key={`${i.date}${i.startTime}`}>{formatInterval(i.date, i.startTime, i.endTime)}</li>
                ))}
              </ul>
            </div>
          ))
        )}
      </div>
      {error && <ValidationMessage>{error}</ValidationMessage>}
      <div className="lk-button-row">
        <Button onClick={onAdd} aria-disabled={busy || undefined}>
          {ADD_BUTTON_LABEL}
        </Button>
        {perRoom.length > 0 && (
          <Button variant="tertiary" onClick={onClear}>
            Fjern valgte tider
          </Button>
        )}
      </div>
    </section>
  );
}

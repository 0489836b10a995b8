import { useState } from 'react';
import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { dayOfWeekLabels } from '@lokaler/domain/scheduling/day-of-week';
import { partialAvailability } from '@lokaler/domain/scheduling/availability-summary';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { availableTimeQuery, availableTimeSeriesQuery, type PortalSearch } from '@lokaler/api-client/search';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import type { ChoiceKey, ChosenTime, RoomTimes } from './time-choices';

/** Spec 01 §9: the time list shows 9 first, then 'Vis flere'. */
export const TIMES_SHOWN_FIRST = 9;
export const noTimesText = 'Fant ingen ledige tidspunkt';

/** 'HH:mm–HH:mm' (an interval ending at midnight ends '00:00'). */
export const intervalText = (time: { start: string; end: string }) => `${formatClock(time.start)}–${formatClock(time.end)}`;

interface TimeOption extends ChosenTime {
  /** 'Ledig {n} av {m} valgte datoer' for a series time that is not free on every date. */
  note?: { text: string; tone: 'danger' | 'warning' } | null;
}

/** One group of times to choose from: toggle buttons, the chosen one pressed; a second press undoes. */
function TimeOptions({
  label,
  options,
  chosen,
  onToggle,
}: {
  label: string;
  options: readonly TimeOption[];
  chosen: ChosenTime | undefined;
  onToggle: (time: ChosenTime) => void;
}) {
  const [showAll, setShowAll] = useState(false);
  if (options.length === 0) return <Paragraph data-size="sm">{noTimesText}</Paragraph>;
  // A chosen time further down the list stays in view.
  const chosenIndex = chosen ? options.findIndex((o) => o.start === chosen.start && o.end === chosen.end) : -1;
  const shown = showAll || chosenIndex >= TIMES_SHOWN_FIRST ? options : options.slice(0, TIMES_SHOWN_FIRST);
  return (
    <div className="lk-location-times__group">
      <ul className="lk-location-times__list" aria-label={label}>
        {shown.map((option) => {
          const pressed = chosen?.start === option.start && chosen.end === option.end;
          return (
            <li key={option.start}>
              <Button
                variant={pressed ? 'primary' : 'secondary'}
                data-size="sm"
                aria-pressed={pressed}
                onClick={() => onToggle({ start: option.start, end: option.end, firstAvailable: option.firstAvailable })}
                className="lk-location-times__option"
              >
                <span>{intervalText(option)}</span>
                {/* The space keeps the two apart in the button's accessible name. */}
                {option.note && ' '}
                {option.note && (
                  <span className={`lk-location-times__note lk-location-times__note--${option.note.tone}`}>{option.note.text}</span>
                )}
              </Button>
            </li>
          );
        })}
      </ul>
      {shown.length < options.length && (
        <Button variant="tertiary" data-size="sm" onClick={() => setShowAll(true)}>
          Vis flere
        </Button>
      )}
    </div>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  const message = loadFailureMessage(error);
  return (
    <Alert data-color="danger" data-size="sm">
      <Paragraph>{message.title}</Paragraph>
      <Paragraph>{message.detail}</Paragraph>
    </Alert>
  );
}

interface RoomTimesProps {
  roomId: number;
  roomName: string;
  search: PortalSearch;
  chosen: RoomTimes;
  onToggle: (key: ChoiceKey, time: ChosenTime) => void;
}

/** The free times of a chosen room for the search: one list for a single date, one per weekday for a recurring loan. */
export function RoomTimesChoice(props: RoomTimesProps) {
  return props.search.kind === 'single' ? (
    <SingleDateTimes {...props} search={props.search} />
  ) : (
    <SeriesTimes {...props} search={props.search} />
  );
}

function SingleDateTimes({
  roomId,
  roomName,
  search,
  chosen,
  onToggle,
}: RoomTimesProps & { search: Extract<PortalSearch, { kind: 'single' }> }) {
  const times = useQuery(availableTimeQuery(roomId, search.date, search.duration));
  return (
    <div className="lk-location-times">
      <Heading level={4} data-size="2xs">
        Velg tidspunkt
      </Heading>
      {times.isPending && <Loading label="Henter ledige tider" />}
      {times.error && <LoadFailure error={times.error} />}
      {times.data && (
        <TimeOptions
          label={`Ledige tider for ${roomName}`}
          options={times.data.map((t) => ({ ...t.timeInterval, firstAvailable: t.firstAvailable }))}
          chosen={chosen.single}
          onToggle={(time) => onToggle('single', time)}
        />
      )}
    </div>
  );
}

function SeriesTimes({
  roomId,
  roomName,
  search,
  chosen,
  onToggle,
}: RoomTimesProps & { search: Extract<PortalSearch, { kind: 'recurring' }> }) {
  const series = useQuery(availableTimeSeriesQuery(roomId, search));
  return (
    <div className="lk-location-times">
      <Heading level={4} data-size="2xs">
        Velg tidspunkt for hver ukedag
      </Heading>
      {series.isPending && <Loading label="Henter ledige tider" />}
      {series.error && <LoadFailure error={series.error} />}
      {series.data &&
        search.daysOfWeek.map((day: DayOfWeek) => (
          <div key={day} className="lk-location-times__weekday">
            <Heading level={5} data-size="2xs">
              {dayOfWeekLabels[day]}
            </Heading>
            <TimeOptions
              label={`Ledige tider ${dayOfWeekLabels[day].toLowerCase()} for ${roomName}`}
              options={(series.data.byWeekday[day] ?? []).map((t) => ({
                ...t.timeInterval,
                firstAvailable: t.firstAvailable,
                note: partialAvailability(t.availableDatesCount, t.datesCount),
              }))}
              chosen={chosen[day]}
              onToggle={(time) => onToggle(day, time)}
            />
          </div>
        ))}
    </div>
  );
}

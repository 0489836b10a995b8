import { useEffect, useMemo, useState } from 'react';
import { Alert, Button, Heading, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { dayOfWeekLabels } from '@lokaler/domain/scheduling/day-of-week';
import { roomsMissingTime, searchFormMessages } from '@lokaler/domain/search-form';
import { searchAssetsQuery, type PortalSearch } from '@lokaler/api-client/search';
import { useAnswerInTransition } from '@lokaler/ui/answer-in-transition';
import { Loading } from '@lokaler/ui/loading';
import { ChosenRoomsPanel } from '../../../components/chosen-rooms-panel';
import { LocationRoomCard } from './location-room-card';
import { intervalText } from './room-times';
import { chosenTimeCount, keepRooms, toggleTime, type ChoiceKey, type ChosenTime, type RoomTimes, type TimeChoices } from './time-choices';
import { useGoToApplication } from './use-go-to-application';
import { roomElementId, useRoomSelection, useScrollToParameter } from './use-room-selection';

const roomsFailed = 'Ups, vi klarte ikke å laste inn rommene! Du kan prøve å laste inn siden på nytt, eller prøve igjen senere.';
const noRooms = 'Vi finner dessverre ingen rom som passer søket ditt.';
export const CONTINUE_LABEL = 'Gå til søknad';

/** The chosen times of a room in words: '18:00–19:00', or per weekday 'Mandag 18:00–19:00'. */
function describeTimes(times: RoomTimes, search: PortalSearch): string[] {
  if (search.kind === 'single') return times.single ? [intervalText(times.single)] : [];
  return search.daysOfWeek.flatMap((day) => {
    const time = times[day];
    return time ? [`${dayOfWeekLabels[day]} ${intervalText(time)}`] : [];
  });
}

/**
 * The location's rooms for a complete search (spec 01 §2 "New-portal search"): each with its
 * availability; the chosen rooms (?ressurs) with their free times; 'Gå til søknad' with the rule that
 * every chosen room needs a time (spec 01 §5).
 */
export function LocationRooms({ locationId, search }: { locationId: number; search: PortalSearch }) {
  const result = useQuery(searchAssetsQuery(search, locationId));
  // Decision 050: the rooms render in a transition, not in the task the answer arrived in.
  const answer = useAnswerInTransition(result.data);
  const hits = useMemo(() => (answer ? [...answer.available, ...answer.unavailable] : []), [answer]);
  const { selected, toggle } = useRoomSelection();
  const chosenRooms = useMemo(() => selected.flatMap((id) => hits.filter((h) => h.bookableAssetId === id)), [selected, hits]);
  const chosenIds = chosenRooms.map((h) => h.bookableAssetId);

  // Times belong to one search: another search starts with none chosen.
  const searchKey = JSON.stringify(search);
  const [state, setState] = useState<{ key: string; choices: TimeChoices; checkMissing: boolean }>({
    key: searchKey,
    choices: {},
    checkMissing: false,
  });
  const current = state.key === searchKey ? state : { key: searchKey, choices: {}, checkMissing: false };
  const { choices, checkMissing } = current;
  const missing = checkMissing ? roomsMissingTime(chosenIds, (id) => chosenTimeCount(choices, id)) : [];

  // Focus moves once the messages are rendered, so the room is announced with its message.
  const [focusRequest, setFocusRequest] = useState<{ roomId: number } | null>(null);
  useEffect(() => {
    if (focusRequest) document.getElementById(roomElementId(focusRequest.roomId))?.focus();
  }, [focusRequest]);

  const { go, pending, problems, clearProblems } = useGoToApplication();
  // The first answer for this search: until it has rendered, the loading state stays.
  const firstPending = result.isSuccess && answer === undefined;
  useScrollToParameter(result.isSuccess && !firstPending);

  const toggleRoom = (id: number) => {
    // Spec 01 §4: a room's time selection clears when it is deselected.
    if (selected.includes(id))
      setState({
        ...current,
        choices: keepRooms(
          choices,
          selected.filter((s) => s !== id),
        ),
      });
    clearProblems();
    toggle(id);
  };
  const chooseTime = (roomId: number, key: ChoiceKey, time: ChosenTime) => {
    clearProblems();
    setState({ ...current, choices: toggleTime(choices, roomId, key, time) });
  };
  const goToApplication = () => {
    const withoutTime = roomsMissingTime(chosenIds, (id) => chosenTimeCount(choices, id));
    if (withoutTime.length > 0) {
      setState({ ...current, checkMissing: true });
      setFocusRequest({ roomId: withoutTime[0]! });
      return;
    }
    void go(search, chosenIds, choices);
  };

  if (result.isPending || firstPending)
    return (
      <div className="lk-location-rooms-loading">
        <Loading label="Henter rommene" />
      </div>
    );
  if (result.error) return <Alert data-color="danger">{roomsFailed}</Alert>;

  return (
    <div className="lk-location-rooms">
      <section aria-labelledby="lk-location-rooms-title" className="lk-stack">
        <Heading level={2} data-size="md" id="lk-location-rooms-title">
          Rom
        </Heading>
        {hits.length === 0 ? (
          <Paragraph>{noRooms}</Paragraph>
        ) : (
          <ul className="lk-location-room-list" aria-labelledby="lk-location-rooms-title">
            {hits.map((hit) => (
              <LocationRoomCard
                key={hit.bookableAssetId}
                hit={hit}
                search={search}
                selected={chosenIds.includes(hit.bookableAssetId)}
                onToggle={() => toggleRoom(hit.bookableAssetId)}
                chosen={choices[hit.bookableAssetId] ?? {}}
                onToggleTime={(key, time) => chooseTime(hit.bookableAssetId, key, time)}
                missingTime={missing.includes(hit.bookableAssetId)}
              />
            ))}
          </ul>
        )}
      </section>
      <ChosenRoomsPanel
        rooms={chosenRooms.map((hit) => {
          const times = describeTimes(choices[hit.bookableAssetId] ?? {}, search);
          return { id: hit.bookableAssetId, name: hit.displayName, details: times.length > 0 ? times.join(', ') : 'Ingen tid valgt' };
        })}
        onRemove={toggleRoom}
      >
        {missing.length > 0 && <ValidationMessage>{searchFormMessages.chooseTimeForAll}</ValidationMessage>}
        {problems.length > 0 && (
          <Alert data-color="danger" data-size="sm">
            <Paragraph>Vi kunne ikke gå videre til søknaden:</Paragraph>
            <ul>
              {problems.map((p) => (
                <li key={p}>{p}</li>
              ))}
            </ul>
          </Alert>
        )}
        {pending && <Loading label="Sjekker om tidene er ledige" />}
        <Button onClick={goToApplication} disabled={chosenRooms.length === 0 || pending}>
          {CONTINUE_LABEL}
        </Button>
      </ChosenRoomsPanel>
    </div>
  );
}

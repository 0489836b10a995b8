import { useEffect, useState } from 'react';
import { Alert, Button, Checkbox, Field, Heading, Label, Paragraph, Select } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useSearchParams } from 'react-router';
import { adminRoomsQuery, blockedTimesScheduleQuery, putBlockedTimesMutation } from '@lokaler/api-client/admin-location-schedule';
import { useAdminLocations } from '@lokaler/api-client/current-user';
import { useAuth } from '@lokaler/api-client/react/auth-provider';
import { useGuardedMutation } from '@lokaler/api-client/react/use-guarded-mutation';
import { bookableDateBoundsQuery } from '@lokaler/api-client/schedule';
import { loadFailureMessage, userMessageOf } from '@lokaler/api-client/user-message';
import { affectedBookingsOf } from '@lokaler/api-client/api-client-error';
import type { PutBlockedTimesBody } from '@lokaler/domain/admin-blocked-times';
import type { AffectedBookingsDecision } from '@lokaler/domain/closing-with-bookings';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { addDays, isoWeekNumber, isValidDate, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { validateRepetitionEndDate } from '@lokaler/domain/scheduling/repetition-end-date';
import { Loading } from '@lokaler/ui/loading';
import { usePageTitle } from '@lokaler/ui/page-title';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { useToasts } from '@lokaler/ui/toasts';
import { blockedTimesBody, gridModel, lastRepeatDate } from './blocked-times-model';
import { BlockedTimesGrid } from './blocked-times-grid';
import './blocked-times.css';
import { DateField } from '@lokaler/ui/date-field';
import { AffectedBookingsDialog } from '../../components/affected-bookings-dialog';

const positiveId = (value: string | null) => (value && /^\d+$/.test(value) ? Number(value) : null);

/**
 * '/innstillinger/lokalet/blokkerte-tider?lokale={id}&rom={roomId}&uke=YYYY-MM-DD' (decision 015):
 * block and open a room's 15-minute slots for the public in a week grid. Without `lokale`, the first
 * location the administrator runs; without `rom`, its first room; without `uke`, this week.
 */
export function BlockedTimesPage() {
  usePageTitle('Blokkerte tider');
  const [search] = useSearchParams();
  const { user } = useAuth();
  const locations = useAdminLocations(user?.sub);
  const locationId = positiveId(search.get('lokale')) ?? locations.data?.[0]?.id ?? null;
  return (
    <div className="lk-stack lk-blocked-page">
      <Heading level={1} data-size="lg">
        Blokkerte tider
      </Heading>
      <Paragraph>
        Blokker tider et rom ikke skal kunne bookes av innbyggere, for eksempel til eget bruk. Velg tidene i kalenderen.
      </Paragraph>
      {locationId !== null ? (
        <LocationBlockedTimes locationId={locationId} />
      ) : locations.isPending ? (
        <Loading label="Henter lokalene" />
      ) : locations.error ? (
        <LoadFailureAlert failure={loadFailureMessage(locations.error)} />
      ) : (
        <Paragraph>Du administrerer ingen lokaler.</Paragraph>
      )}
    </div>
  );
}

function LocationBlockedTimes({ locationId }: { locationId: number }) {
  const [search, setSearch] = useSearchParams();
  const rooms = useQuery(adminRoomsQuery(locationId));
  const roomId = positiveId(search.get('rom')) ?? rooms.data?.[0]?.id ?? null;
  const set = (changes: Record<string, string>) => {
    const next = new URLSearchParams(search);
    for (const [k, v] of Object.entries(changes)) next.set(k, v);
    next.set('lokale', String(locationId));
    setSearch(next);
  };
  if (rooms.error) return <LoadFailureAlert failure={loadFailureMessage(rooms.error)} />;
  if (!rooms.data) return <Loading label="Henter rommene" />;
  if (rooms.data.length === 0 || roomId === null) return <Paragraph>Lokalet har ingen rom.</Paragraph>;
  const room = rooms.data.find((r) => r.id === roomId);
  return (
    <>
      <Field className="lk-narrow">
        <Label htmlFor="lk-blocked-room">Rom</Label>
        <Select id="lk-blocked-room" value={String(roomId)} onChange={(event) => set({ rom: event.target.value })}>
          {rooms.data.map((r) => (
            <Select.Option key={r.id} value={String(r.id)}>
              {assetDisplayName(r.name, r.externalAssetNumber)}
            </Select.Option>
          ))}
        </Select>
      </Field>
      <RoomWeek
        key={roomId}
        locationId={locationId}
        roomId={roomId}
        roomName={room ? assetDisplayName(room.name, room.externalAssetNumber) : `Rom ${roomId}`}
        onWeek={(uke) => set({ uke })}
      />
    </>
  );
}

/** Narrow screens (320 px) show one day at a time. */
function useNarrowScreen(query = '(max-width: 40em)'): boolean {
  const [narrow, setNarrow] = useState(() => typeof window.matchMedia === 'function' && window.matchMedia(query).matches);
  useEffect(() => {
    if (typeof window.matchMedia !== 'function') return;
    const list = window.matchMedia(query);
    const update = () => setNarrow(list.matches);
    list.addEventListener('change', update);
    return () => list.removeEventListener('change', update);
  }, [query]);
  return narrow;
}

function RoomWeek({
  locationId,
  roomId,
  roomName,
  onWeek,
}: {
  locationId: number;
  roomId: number;
  roomName: string;
  onWeek: (monday: string) => void;
}) {
  const [search] = useSearchParams();
  const { showToast } = useToasts();
  const today = todayInOslo(new Date());
  const asked = search.get('uke');
  const monday = weekStart(isValidDate(asked) ? asked : today);
  const sunday = addDays(monday, 6);
  const week = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const narrow = useNarrowScreen();
  const [dayIndex, setDayIndex] = useState(() => Math.max(0, week.indexOf(today)));
  const [selected, setSelected] = useState<Set<string>>(new Set());
  const [repeat, setRepeat] = useState(false);
  const [repeatUntil, setRepeatUntil] = useState('');
  const [repeatError, setRepeatError] = useState<string | null>(null);
  const [bodyError, setBodyError] = useState<string | null>(null);
  // A block over bookings (409 AFFECTED_BOOKINGS, decision 042) waits here for the administrator's choice.
  const [pending, setPending] = useState<{
    body: PutBlockedTimesBody;
    bookings: NonNullable<ReturnType<typeof affectedBookingsOf>>;
  } | null>(null);

  const schedule = useQuery(blockedTimesScheduleQuery({ locationId, roomId, fromInclusive: monday, toInclusive: sunday }));
  const bounds = useQuery(bookableDateBoundsQuery([roomId]));
  const lastDate = lastRepeatDate(today, bounds.data?.lastDate);
  const save = useGuardedMutation(putBlockedTimesMutation(locationId), {
    onSuccess: (_answer, variables) => {
      const blocked = Object.values(variables.body.timeslotsByDate).some((items) => items.some((i) => i.blocked));
      const decision = variables.body.affectedBookings?.decision;
      const msg = !blocked
        ? 'De valgte tidene ble åpnet'
        : decision === 'CANCEL'
          ? 'De valgte tidene ble blokkert. Bookingene i tidene er avlyst, og søkerne har fått melding.'
          : decision === 'KEEP'
            ? 'De valgte tidene ble blokkert. Bookingene i tidene er beholdt.'
            : 'De valgte tidene ble blokkert';
      showToast({ type: 'success', msg });
      setSelected(new Set());
      setPending(null);
    },
    onError: (error, variables) => {
      const bookings = affectedBookingsOf(error);
      if (bookings) setPending({ body: variables.body, bookings });
    },
  });
  const decide = (decision: AffectedBookingsDecision) => {
    if (pending) save.mutate({ roomId, body: { ...pending.body, affectedBookings: decision } });
  };

  const shownDay = narrow ? week[dayIndex] : undefined;
  const model = gridModel(schedule.data?.timeslotsByDate ?? {}, shownDay ? [shownDay] : week);

  const goToWeek = (date: string) => {
    setSelected(new Set());
    onWeek(date);
  };

  const apply = (blocked: boolean) => {
    setBodyError(null);
    let until: string | null = null;
    if (repeat) {
      const result = validateRepetitionEndDate(repeatUntil, { minSelectableDate: today, lastDate });
      if (!result.ok) {
        setRepeatError(result.message);
        document.getElementById('lk-blocked-until')?.focus();
        return;
      }
      until = result.lastDate;
    }
    setRepeatError(null);
    const built = blockedTimesBody(selected, blocked, until);
    if (!built.ok) return setBodyError(built.message);
    save.mutate({ roomId, body: built.body });
  };

  const title = `Uke ${isoWeekNumber(monday)}: ${formatDate(monday, 'd. MMMM')}–${formatDate(sunday, 'd. MMMM yyyy')}`;
  return (
    <section className="lk-stack lk-blocked-page" aria-labelledby="lk-blocked-week">
      <div className="lk-blocked-toolbar">
        <Heading level={2} data-size="sm" id="lk-blocked-week" aria-live="polite">
          {title}
        </Heading>
        <Button variant="secondary" onClick={() => goToWeek(addDays(monday, -7))}>
          Forrige uke
        </Button>
        <Button variant="tertiary" onClick={() => goToWeek(weekStart(today))} disabled={monday === weekStart(today)}>
          Denne uken
        </Button>
        <Button variant="secondary" onClick={() => goToWeek(addDays(monday, 7))}>
          Neste uke
        </Button>
      </div>
      {narrow && (
        <div className="lk-blocked-days" role="group" aria-label="Velg dag">
          {week.map((date, i) => (
            <Button
              key={date}
              data-size="sm"
              variant={i === dayIndex ? 'primary' : 'secondary'}
              aria-pressed={i === dayIndex}
              onClick={() => setDayIndex(i)}
            >
              {formatDate(date, 'EEE d.M.')}
            </Button>
          ))}
        </div>
      )}
      <ul className="lk-blocked-legend" aria-label="Forklaring">
        <li>× Blokkert</li>
        <li>● Reservert (kan ikke blokkeres)</li>
        <li>✓ Valgt</li>
        <li>Skravert: stengt</li>
      </ul>
      {schedule.error && <LoadFailureAlert failure={loadFailureMessage(schedule.error)} />}
      {schedule.isPending && <Loading label="Henter tidene" />}
      {schedule.data &&
        (model.times.length === 0 ? (
          <Paragraph>Rommet er stengt {narrow ? 'denne dagen' : 'denne uken'}.</Paragraph>
        ) : (
          <div className="lk-blocked-scroll" aria-busy={schedule.isFetching}>
            <BlockedTimesGrid
              label={`${roomName}, uke ${isoWeekNumber(monday)}`}
              model={model}
              selected={selected}
              onChange={setSelected}
            />
          </div>
        ))}
      <Paragraph data-size="sm" aria-live="polite">
        {selected.size === 0 ? 'Ingen tider valgt.' : `${selected.size} ${selected.size === 1 ? 'tid' : 'tider'} à 15 minutter valgt.`} Hold
        inne Shift for å velge et område.
      </Paragraph>
      <div className="lk-stack lk-narrow">
        <Checkbox label="Gjenta hver uke" checked={repeat} onChange={(event) => setRepeat(event.target.checked)} />
        {repeat && (
          <DateField
            id="lk-blocked-until"
            label="Gjenta til og med"
            description={`Senest ${formatDate(lastDate, 'dd.MM.yyyy')}`}
            value={repeatUntil}
            max={lastDate}
            onChange={setRepeatUntil}
            error={repeatError ?? undefined}
          />
        )}
      </div>
      {(bodyError ?? (pending ? null : save.error)) && (
        <Alert data-color="danger" role="alert">
          <Paragraph>{bodyError ?? userMessageOf(save.error)}</Paragraph>
        </Alert>
      )}
      <div className="lk-blocked-toolbar">
        <Button onClick={() => apply(true)} disabled={selected.size === 0 || save.isPending}>
          Blokker valgte
        </Button>
        <Button variant="secondary" onClick={() => apply(false)} disabled={selected.size === 0 || save.isPending}>
          Åpne valgte
        </Button>
      </div>
      {pending && (
        <AffectedBookingsDialog
          what={`${roomName} blokkeres i de valgte tidene`}
          bookings={pending.bookings}
          busy={save.isPending}
          error={save.error && !affectedBookingsOf(save.error) ? save.error : null}
          onDecide={decide}
          onCancel={() => {
            setPending(null);
            save.reset();
          }}
        />
      )}
    </section>
  );
}

import { useMemo, useState } from 'react';
import { Alert, Button, Heading, Paragraph, ValidationMessage } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { Location } from '@lokaler/domain/location';
import { calendarWeek, initialCalendarWeekStart } from '@lokaler/domain/scheduling/calendar-navigation';
import type { RepeatPattern } from '@lokaler/domain/scheduling/expand-repetition';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { bookingRuleMessages } from '@lokaler/domain/scheduling/public-booking-rules';
import { validateRepetitionEndDate } from '@lokaler/domain/scheduling/repetition-end-date';
import type { BoundsResponse, ScheduleResponse } from '@lokaler/domain/scheduling/schedule-query';
import { roomScheduleQuery } from '@lokaler/api-client/schedule';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { useBookingDraft } from '@lokaler/ui/booking-draft';
import { Loading } from '@lokaler/ui/loading';
import { WeekCalendarLegend } from '@lokaler/ui/week-calendar';
import { paths } from '../../config/paths';
import { activityTypeOf, calendarRules, effectivePattern, nextLinkOf, tooShortText, weddingTimeProblem } from './calendar-rules';
import { BookingRulesSummary } from './booking-rules-summary';
import { ChosenTimes } from './chosen-times';
import { FairShareLimits } from './fair-share-limits';
import { END_DATE_FIELD_ID, RepeatChoice } from './repeat-choice';
import { addReservations, canContinue, reservationsFromChoice, reservedSlotKeys } from './reservations';
import { ReservationsPanel } from './reservations-panel';
import { RoomGrid } from './room-grid';
import { useAvailabilityCheck, useInitialAvailabilityCheck } from './use-availability-check';
import { WeekNavigation } from './week-navigation';

/** The schedule of the week the calendar opens on, sent with the page (GET /api/bookableasset/calendar). */
export interface OpeningWeekSchedule {
  fromInclusive: string;
  toInclusive: string;
  schedule: ScheduleResponse;
  /** When it was fetched (the query's dataUpdatedAt). */
  fetchedAt: number;
}

interface RoomCalendarProps {
  rooms: readonly BookableAsset[];
  location: Location;
  bounds: BoundsResponse;
  openingWeek?: OpeningWeekSchedule | null;
  /** The calendar opens on this date's week (?dato=, the link of a free-time alert's e-mail). */
  initialDate?: string | null;
}

/**
 * The calendar of the chosen rooms: repeat choice, week navigation, one room's week at a time, the
 * chosen times with the add button, and the added times with their availability (spec 01 §2, §4, §5).
 */
export function RoomCalendar({ rooms, location, bounds, openingWeek = null, initialDate = null }: RoomCalendarProps) {
  const navigate = useNavigate();
  const [draft, updateDraft] = useBookingDraft();
  const [today] = useState(() => todayInOslo(new Date()));
  // Public: pickers and navigation reach back to today; days inside behandlingstid show, not bookable.
  const navWindow = useMemo(() => ({ minSelectableDate: today, lastDate: bounds.lastDate }), [today, bounds.lastDate]);
  const [weekStart, setWeekStart] = useState(() =>
    initialCalendarWeekStart(initialDate !== null && initialDate >= bounds.firstDate ? initialDate : bounds.firstDate, navWindow),
  );
  const week = calendarWeek(weekStart, navWindow);
  const [roomId, setRoomId] = useState(rooms[0]!.id);
  const room = rooms.find((r) => r.id === roomId) ?? rooms[0]!;
  const [endDateError, setEndDateError] = useState<string | null>(null);
  const [addError, setAddError] = useState<string | null>(null);

  const rules = useMemo(() => calendarRules(rooms, location), [rooms, location]);
  const pattern = effectivePattern(draft.repetition.pattern, rules.patterns);
  const roomIds = useMemo(() => rooms.map((r) => r.id), [rooms]);
  // The opening week came with the page, just fetched: shown at once, not asked again on mount.
  const isOpeningWeek = openingWeek !== null && openingWeek.fromInclusive === week.weekStart && openingWeek.toInclusive === week.weekEnd;
  const schedule = useQuery({
    ...roomScheduleQuery({ bookableAssetIds: roomIds, fromInclusive: week.weekStart, toInclusive: week.weekEnd }),
    ...(isOpeningWeek ? { initialData: openingWeek.schedule, initialDataUpdatedAt: openingWeek.fetchedAt, refetchOnMount: false } : {}),
  });
  const roomSchedule = schedule.data?.find((s) => s.bookableAssetId === room.id);
  const reserved = useMemo(() => reservedSlotKeys(draft.reservations), [draft.reservations]);
  const tooShort = useMemo(() => tooShortText(draft.checked, rooms, rules.minMinutes), [draft.checked, rooms, rules.minMinutes]);
  const { check, pending } = useAvailabilityCheck();
  useInitialAvailabilityCheck(check, true);

  const setPattern = (next: RepeatPattern) => {
    setEndDateError(null);
    // Spec 01 §4: changing the repetition clears the checked times; one time clears the end date.
    updateDraft((d) => ({
      ...d,
      checked: [],
      repetition: { pattern: next, lastDate: next === 'SINGLE_DAY' ? null : d.repetition.lastDate },
    }));
  };

  const add = () => {
    setAddError(null);
    const checked = draft.checked.filter((c) => roomIds.includes(c.bookableAssetId));
    if (checked.length === 0) {
      setAddError(bookingRuleMessages.NO_TIMES);
      return;
    }
    if (pattern === null) return;
    let repetition: { pattern: RepeatPattern; lastDate: string } | null = null;
    if (pattern !== 'SINGLE_DAY') {
      // Spec 01 §5: the add button validates the end date before saving.
      const result = validateRepetitionEndDate(draft.repetition.lastDate, navWindow);
      if (!result.ok) {
        setEndDateError(result.message);
        document.getElementById(END_DATE_FIELD_ID)?.focus();
        return;
      }
      setEndDateError(null);
      repetition = { pattern, lastDate: result.lastDate };
    }
    const added = reservationsFromChoice(checked, roomIds, repetition);
    const weddingProblem = weddingTimeProblem(
      location,
      draft.reservations.filter((r) => roomIds.includes(r.bookableAssetId)),
      added,
    );
    if (weddingProblem) {
      setAddError(weddingProblem);
      return;
    }
    const reservations = addReservations(draft.reservations, added, rules.oneTimeslotRooms);
    updateDraft((d) => ({ ...d, checked: [], reservations, availability: null, repetition: repetition ?? d.repetition }));
    void check(reservations);
  };

  const remove = (index: number) => {
    const reservations = draft.reservations.filter((_, i) => i !== index);
    updateDraft((d) => ({ ...d, reservations, availability: null }));
    void check(reservations);
  };

  const goToForm = () =>
    void navigate(
      paths.send.getHref({
        purpose: 'PUBLICUSER_LOAN',
        activityType: activityTypeOf(rooms),
        nextLink: nextLinkOf(rooms, paths.bookings.path),
      }),
    );

  if (bounds.firstDate > bounds.lastDate) {
    return <Alert data-color="info">Fant ingen ledige tidspunkt</Alert>;
  }

  return (
    <div className="lk-room-calendar lk-stack">
      <BookingRulesSummary patterns={rules.patterns} minMinutes={rules.minMinutes} bounds={bounds} today={today} />
      <RepeatChoice
        patterns={rules.patterns}
        value={pattern ?? 'SINGLE_DAY'}
        onChange={setPattern}
        lastDate={draft.repetition.lastDate}
        onLastDateChange={(lastDate) => {
          setEndDateError(null);
          updateDraft((d) => ({ ...d, repetition: { ...d.repetition, pattern: pattern ?? d.repetition.pattern, lastDate } }));
        }}
        endDateError={endDateError}
        minDate={navWindow.minSelectableDate}
        maxDate={navWindow.lastDate}
      />
      <section aria-labelledby="lk-calendar-title" className="lk-stack">
        <Heading level={2} data-size="sm" id="lk-calendar-title">
          Kalender
        </Heading>
        {rooms.length > 1 && (
          <div role="group" aria-label="Vis kalenderen for" className="lk-button-row">
            {rooms.map((r) => (
              <Button
                key={r.id}
                variant={r.id === room.id ? 'primary' : 'secondary'}
                aria-pressed={r.id === room.id}
                onClick={() => setRoomId(r.id)}
              >
                {r.displayName}
              </Button>
            ))}
          </div>
        )}
        {rules.oneTimeslotRooms.has(room.id) && <Paragraph data-size="sm">{bookingRuleMessages.ONE_TIMESLOT_ONLY}</Paragraph>}
        <WeekNavigation week={week} window={navWindow} onGoTo={(date) => setWeekStart(initialCalendarWeekStart(date, navWindow))} />
        {schedule.isPending && <Loading label="Henter ledige tider" />}
        {schedule.error && (
          <Alert data-color="danger">
            <Paragraph>{loadFailureMessage(schedule.error).title}</Paragraph>
            <Paragraph>{loadFailureMessage(schedule.error).detail}</Paragraph>
          </Alert>
        )}
        {schedule.data && (
          <RoomGrid
            key={room.id}
            room={room}
            week={week}
            timeslotsByDate={roomSchedule?.timeslotsByDate ?? {}}
            closedDates={roomSchedule?.closedDates}
            reserved={reserved}
            oneTimeslotOnly={rules.oneTimeslotRooms.has(room.id)}
          />
        )}
        <div aria-live="polite">{tooShort && <ValidationMessage data-color="warning">{tooShort}</ValidationMessage>}</div>
        <WeekCalendarLegend statuses={['available', 'unavailable', 'checked', 'reserved', 'closed']} />
      </section>
      <ChosenTimes
        rooms={rooms}
        checked={draft.checked}
        onAdd={add}
        onClear={() => updateDraft((d) => ({ ...d, checked: [] }))}
        error={addError}
        busy={pending}
      />
      <ReservationsPanel
        rooms={rooms}
        reservations={draft.reservations}
        availability={draft.availability}
        checking={pending}
        onRemove={remove}
        canContinue={canContinue(draft.availability)}
        onContinue={goToForm}
      />
      {draft.reservations.length > 0 && <FairShareLimits rooms={rooms} availability={draft.availability} />}
    </div>
  );
}

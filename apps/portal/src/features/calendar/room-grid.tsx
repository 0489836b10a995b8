import { useMemo } from 'react';
import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { ScheduleSlot } from '@lokaler/domain/scheduling/build-schedule';
import type { AssetSchedule } from '@lokaler/domain/scheduling/schedule-query';
import { datesInRange } from '@lokaler/domain/scheduling/calendar-date';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import type { CalendarWeek } from '@lokaler/domain/scheduling/calendar-navigation';
import { isSlotBookable, slotStatus } from '@lokaler/domain/scheduling/slot-status';
import { toggleDay, toggleSlot, type ChosenSlot } from '@lokaler/domain/scheduling/slot-selection';
import { useBookingDraft } from '@lokaler/ui/booking-draft';
import { WeekCalendar } from '@lokaler/ui/week-calendar';
import { slotKey } from './reservations';

interface RoomGridProps {
  room: BookableAsset;
  week: CalendarWeek;
  timeslotsByDate: Record<string, ScheduleSlot[]>;
  /** The schedule's closed dates (closedDatesIn on the server): their slots show 'Stengt', not 'Ikke ledig'. */
  closedDates?: AssetSchedule['closedDates'];
  reserved: ReadonlySet<string>;
  oneTimeslotOnly: boolean;
}

/**
 * One room's week: the schedule from the server, the person's checked slots and saved reservations,
 * turned into cell statuses and clicks by the domain rules (slotStatus, toggleSlot, toggleDay).
 */
export function RoomGrid({ room, week, timeslotsByDate, closedDates, reserved, oneTimeslotOnly }: RoomGridProps) {
  const [draft, updateDraft] = useBookingDraft();
  const dates = useMemo(() => datesInRange(week.weekStart, week.weekEnd), [week.weekStart, week.weekEnd]);
  const closedDays = useMemo(() => new Map(closedDates?.map((c) => [c.date, c.reason])), [closedDates]);
  const slots = useMemo(() => {
    const byKey = new Map<string, ScheduleSlot>();
    // A closed day's slots are left out: its cells read 'Stengt' (status null), and a week closed on
    // every day has no times (the closed-week message). They are unbookable, so a day click skips them too.
    for (const date of dates) {
      if (!closedDays.has(date)) for (const slot of timeslotsByDate[date] ?? []) byKey.set(`${date}|${slot.startTime}`, slot);
    }
    return byKey;
  }, [dates, timeslotsByDate, closedDays]);
  const times = useMemo(() => [...new Set([...slots.values()].map((s) => s.startTime))].sort(), [slots]);
  const checked = useMemo(
    () => new Set(draft.checked.filter((c) => c.bookableAssetId === room.id).map((c) => slotKey(room.id, c.date, c.startTime))),
    [draft.checked, room.id],
  );

  const isReserved = (date: string, time: string) => reserved.has(slotKey(room.id, date, time));
  /** The day's slots a day click may choose: not those already saved as reservations. */
  const dayOf = (date: string) => ({
    bookableAssetId: room.id,
    date,
    slots: (timeslotsByDate[date] ?? []).filter((s) => !isReserved(date, s.startTime)),
  });
  const options = { oneTimeslotOnly };
  const isOfDay = (c: ChosenSlot, date: string) => c.bookableAssetId === room.id && c.date === date;

  if (times.length === 0) return <p>Rommet er stengt denne uken. Velg en annen uke.</p>;

  return (
    <>
      <WeekCalendar
        label={`${room.displayName}, uke ${week.weekNumber}`}
        dates={dates}
        closedDays={closedDays}
        times={times}
        statusOf={(date, time) => {
          const slot = slots.get(`${date}|${time}`);
          return slot ? slotStatus(slot, { checked: checked.has(slotKey(room.id, date, time)), reserved: isReserved(date, time) }) : null;
        }}
        onToggleSlot={(date, time) =>
          updateDraft((d) => ({ ...d, checked: toggleSlot(d.checked, { bookableAssetId: room.id, date, startTime: time }, options) }))
        }
        onToggleDay={(date) => updateDraft((d) => ({ ...d, checked: toggleDay(d.checked, dayOf(date), options) }))}
        canToggleDay={(date) => dayOf(date).slots.some(isSlotBookable)}
        isDayChosen={(date) =>
          draft.checked.some((c) => isOfDay(c, date)) && toggleDay(draft.checked, dayOf(date), options).every((c) => !isOfDay(c, date))
        }
      />
      {/* The reasons the location gave (its closed-dates form says applicants see them). */}
      {[...closedDays].map(([date, reason]) =>
        reason && dates.includes(date) ? <p key={date}>{`Stengt ${formatDate(date, 'EEEE d. MMMM')}: ${reason}`}</p> : null,
      )}
    </>
  );
}

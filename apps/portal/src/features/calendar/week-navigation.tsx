import { Button, Field, Label, Select } from '@digdir/designsystemet-react';
import type { BookingWindow } from '@lokaler/domain/scheduling/booking-window';
import { addDays, isoWeekday, maxDate } from '@lokaler/domain/scheduling/calendar-date';
import { monthOptions, yearOptions, type CalendarWeek } from '@lokaler/domain/scheduling/calendar-navigation';
import { formatDate } from '@lokaler/domain/scheduling/format-date';

type NavigationWindow = Pick<BookingWindow, 'minSelectableDate' | 'lastDate'>;

const monthNames = ['januar', 'februar', 'mars', 'april', 'mai', 'juni', 'juli', 'august', 'september', 'oktober', 'november', 'desember'];

/**
 * Week navigation of the room calendar (spec 01 §5, §9): previous and next week within the window,
 * the week number, and year and month lists to jump far ahead.
 */
export function WeekNavigation({ week, window, onGoTo }: { week: CalendarWeek; window: NavigationWindow; onGoTo: (date: string) => void }) {
  // A week belongs to the month (and year) of its Thursday, as ISO weeks do.
  const thursday = addDays(week.weekStart, 3);
  const year = Number(thursday.slice(0, 4));
  const month = Number(thursday.slice(5, 7));
  const years = yearOptions(window);
  const months = monthOptions(year, window);
  // The first week whose Thursday lies in the month, or the first selectable week if that is later.
  const goToMonth = (y: number, m: number) => {
    const first = `${y}-${String(m).padStart(2, '0')}-01`;
    const firstThursday = addDays(first, (4 - isoWeekday(first) + 7) % 7);
    onGoTo(maxDate(firstThursday, window.minSelectableDate));
  };

  return (
    <div className="lk-week-navigation">
      <div className="lk-week-navigation__step">
        <Button variant="secondary" onClick={() => onGoTo(week.previousWeekStart)} disabled={!week.canGoBack}>
          Forrige uke
        </Button>
        <p className="lk-week-navigation__week" aria-live="polite">
          <strong>Uke {week.weekNumber}</strong>{' '}
          <span>{`${formatDate(week.weekStart, 'd. MMM')} – ${formatDate(week.weekEnd, 'd. MMM yyyy')}`}</span>
        </p>
        <Button variant="secondary" onClick={() => onGoTo(week.nextWeekStart)} disabled={!week.canGoForward}>
          Neste uke
        </Button>
      </div>
      <div className="lk-week-navigation__jump">
        <Field>
          <Label>År</Label>
          <Select
            value={String(year)}
            onChange={(event) => {
              const y = Number(event.target.value);
              const available = monthOptions(y, window);
              goToMonth(y, available.includes(month) ? month : (available[0] ?? 1));
            }}
          >
            {years.map((y) => (
              <Select.Option key={y} value={String(y)}>
                {y}
              </Select.Option>
            ))}
          </Select>
        </Field>
        <Field>
          <Label>Måned</Label>
          <Select value={String(month)} onChange={(event) => goToMonth(year, Number(event.target.value))}>
            {months.map((m) => (
              <Select.Option key={m} value={String(m)}>
                {monthNames[m - 1]}
              </Select.Option>
            ))}
          </Select>
        </Field>
      </div>
    </div>
  );
}

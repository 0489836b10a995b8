import { useEffect, useRef } from 'react';
import { DayPicker, type Matcher } from 'react-day-picker';
import { nb } from 'react-day-picker/locale';
import 'react-day-picker/style.css';

export interface DateFieldCalendarProps {
  selected: Date | undefined;
  first: Date | undefined;
  last: Date | undefined;
  onSelect: (day: Date | undefined) => void;
}

/**
 * The date field's calendar: react-day-picker in Norwegian, weeks from Monday. Loaded when the
 * calendar is first opened (date-field.tsx), so a page with a date field does not download it up
 * front (decision 021's JavaScript budgets). On showing, the day in focus (the chosen day, or today)
 * takes the focus, ready for the arrow keys.
 */
export default function DateFieldCalendar({ selected, first, last, onSelect }: DateFieldCalendarProps) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    root.current?.querySelector<HTMLElement>('.rdp-day_button[tabindex="0"]')?.focus();
  }, []);
  const disabled: Matcher[] = [...(first ? [{ before: first }] : []), ...(last ? [{ after: last }] : [])];
  return (
    <div ref={root}>
      <DayPicker
        mode="single"
        locale={nb}
        weekStartsOn={1}
        selected={selected}
        defaultMonth={selected ?? first}
        startMonth={first}
        endMonth={last}
        disabled={disabled}
        onSelect={onSelect}
        className="lk-date-field__calendar"
      />
    </div>
  );
}

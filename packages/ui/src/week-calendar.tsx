import { useRef, useState, type KeyboardEvent } from 'react';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { slotStatusLabels, type SlotStatus } from '@lokaler/domain/scheduling/slot-status';
import { formatTimeShort, parseTime, SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import { clampPosition, moveInGrid, type GridPosition } from './grid-navigation';
import './week-calendar.css';

/**
 * The week grid of the room calendar (spec 01 §2, §4): one column per day, one row per 15-minute
 * slot. It shows what it is given; which slot has which status, and what a click does, is decided by
 * the caller with the domain rules (slotStatus, toggleSlot, toggleDay).
 *
 * Keyboard (WAI-ARIA grid pattern): the grid is one tab stop (roving tabindex); arrow keys, Home/End,
 * Ctrl+Home/End and PageUp/PageDown move; Space or Enter toggles the slot or, in the header row, the
 * day. Each cell's name says date, time and status, aria-selected says whether it is chosen, and a
 * polite live region repeats the result of the last toggle.
 */

export interface WeekCalendarProps {
  /** Accessible name of the grid, e.g. 'Gymsal (G1), uke 12'. */
  label: string;
  /** The days shown, in order (a week: Monday to Sunday). */
  dates: readonly string[];
  /** Start times ('HH:mm:ss') of the rows, ascending. */
  times: readonly string[];
  /** The slot's status; null when the room has no slot then (closed). */
  statusOf: (date: string, time: string) => SlotStatus | null;
  onToggleSlot: (date: string, time: string) => void;
  onToggleDay: (date: string) => void;
  /** Whether the day has slots the person may choose (the header button is inert otherwise). */
  canToggleDay: (date: string) => boolean;
  /** Whether every choosable slot of the day is chosen (the header button then clears the day). */
  isDayChosen: (date: string) => boolean;
  /**
   * The shown days the location has closed, with the reason it gave (null: none): the header says
   * 'Stengt' (its name adds the reason). Their cells are the caller's to make closed (status null).
   */
  closedDays?: ReadonlyMap<string, string | null>;
}

/** A click changes these: available and blocked-but-allowed get chosen, chosen ones (even if taken since) get unchosen. */
const toggleable: ReadonlySet<SlotStatus> = new Set<SlotStatus>(['available', 'checked', 'checkedAndDisabled', 'blockedButAllowed']);
const chosen: ReadonlySet<SlotStatus> = new Set<SlotStatus>(['checked', 'checkedAndDisabled']);

/** Marks that say the status without colour (WCAG 1.4.1); hidden from screen readers, which get the label. */
const marks: Partial<Record<SlotStatus, string>> = { checked: '✓', checkedAndDisabled: '!', reserved: '●', blockedButAllowed: '◆' };

export const closedLabel = 'Stengt';

function endOf(time: string): string {
  const start = parseTime(time) ?? 0;
  return formatTimeShort(start + SLOT_MINUTES);
}

export function slotLabel(date: string, time: string, status: SlotStatus | null): string {
  const clock = `${formatTimeShort(parseTime(time) ?? 0)}–${endOf(time)}`;
  return `${formatDate(date, 'EEEE d. MMMM')} kl. ${clock}, ${status ? slotStatusLabels[status] : closedLabel}`;
}

export function WeekCalendar({
  label,
  dates,
  times,
  statusOf,
  onToggleSlot,
  onToggleDay,
  canToggleDay,
  isDayChosen,
  closedDays,
}: WeekCalendarProps) {
  // Row 0 is the header row with the day buttons; slot rows start at 1.
  const size = { rows: times.length + 1, cols: dates.length, pageRows: 4 };
  const [active, setActive] = useState<GridPosition>({ row: 1, col: 0 });
  const [announcement, setAnnouncement] = useState<{ date: string; time?: string } | null>(null);
  const cells = useRef(new Map<string, HTMLElement>());
  const position = clampPosition(active, size);

  const focusCell = (next: GridPosition) => {
    setActive(next);
    cells.current.get(`${next.row}:${next.col}`)?.focus();
  };

  const toggleSlot = (date: string, time: string) => {
    const status = statusOf(date, time);
    if (!status || !toggleable.has(status)) return;
    onToggleSlot(date, time);
    setAnnouncement({ date, time });
  };

  const toggleDay = (date: string) => {
    if (closedDays?.has(date) || !canToggleDay(date)) return;
    onToggleDay(date);
    setAnnouncement({ date });
  };

  const onKeyDown = (event: KeyboardEvent<HTMLTableElement>) => {
    const next = moveInGrid(position, event, size);
    if (next) {
      event.preventDefault();
      focusCell(next);
      return;
    }
    // In the header row the day's button clicks itself on Space and Enter.
    if ((event.key !== ' ' && event.key !== 'Enter') || position.row === 0) return;
    event.preventDefault();
    const date = dates[position.col];
    const time = times[position.row - 1];
    if (date && time) toggleSlot(date, time);
  };

  const register = (row: number, col: number) => (element: HTMLElement | null) => {
    const key = `${row}:${col}`;
    if (element) cells.current.set(key, element);
    else cells.current.delete(key);
  };
  const tabIndexOf = (row: number, col: number) => (row === position.row && col === position.col ? 0 : -1);

  const liveText = (() => {
    if (!announcement) return '';
    if (announcement.time) return slotLabel(announcement.date, announcement.time, statusOf(announcement.date, announcement.time));
    const count = times.filter((t) => {
      const status = statusOf(announcement.date, t);
      return status !== null && chosen.has(status);
    }).length;
    return `${formatDate(announcement.date, 'EEEE d. MMMM')}: ${count === 0 ? 'ingen tider valgt' : count === 1 ? 'ett kvarter valgt' : `${count} kvarter valgt`}`;
  })();

  return (
    <div className="lk-week-calendar">
      <table role="grid" aria-label={label} className="lk-week-calendar__grid" onKeyDown={onKeyDown}>
        <thead>
          <tr role="row">
            <th role="columnheader" scope="col" className="lk-week-calendar__corner">
              <span className="lk-visually-hidden">Tid</span>
            </th>
            {dates.map((date, col) => {
              const allChosen = isDayChosen(date);
              const reason = closedDays?.get(date);
              // 'Stengt', or 'Stengt: Vannlekkasje' when the location gave a reason; undefined when open.
              const closed = closedDays?.has(date) ? (reason ? `${closedLabel}: ${reason}` : closedLabel) : undefined;
              const disabled = closed !== undefined || !canToggleDay(date);
              return (
                <th role="columnheader" scope="col" key={date} className="lk-week-calendar__day">
                  <button
                    type="button"
                    ref={register(0, col)}
                    tabIndex={tabIndexOf(0, col)}
                    aria-disabled={disabled || undefined}
                    aria-label={`${formatDate(date, 'EEEE d. MMMM')}: ${closed ?? (allChosen ? 'fjern hele dagen' : 'velg hele dagen')}`}
                    onFocus={() => setActive({ row: 0, col })}
                    onClick={() => toggleDay(date)}
                    className="lk-week-calendar__day-button"
                  >
                    {/* One text node, the line break by white-space: pre-line: the visible words are the name's first
                        words (WCAG 2.5.3), and nothing joins 'mandag' and '4. mars' into one word. */}
                    {`${formatDate(date, 'EEEE')}\n${formatDate(date, 'd. MMMM')}${closed !== undefined ? `\n${closedLabel}` : ''}`}
                  </button>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {times.map((time, index) => {
            const row = index + 1;
            const minutes = parseTime(time) ?? 0;
            const fullHour = minutes % 60 === 0;
            return (
              <tr role="row" key={time} className={fullHour ? 'lk-week-calendar__hour' : undefined}>
                <th role="rowheader" scope="row" className="lk-week-calendar__time">
                  <span className={fullHour ? undefined : 'lk-visually-hidden'}>{formatTimeShort(minutes)}</span>
                </th>
                {dates.map((date, col) => {
                  const status = statusOf(date, time);
                  const selectable = status !== null && toggleable.has(status);
                  return (
                    <td
                      role="gridcell"
                      key={date}
                      ref={register(row, col)}
                      tabIndex={tabIndexOf(row, col)}
                      aria-label={slotLabel(date, time, status)}
                      aria-selected={status !== null && chosen.has(status)}
                      aria-disabled={!selectable || undefined}
                      data-status={status ?? 'closed'}
                      className="lk-week-calendar__slot"
                      onFocus={() => setActive({ row, col })}
                      onClick={() => toggleSlot(date, time)}
                    >
                      <span aria-hidden="true">{status ? (marks[status] ?? '') : ''}</span>
                    </td>
                  );
                })}
              </tr>
            );
          })}
        </tbody>
      </table>
      <p className="lk-visually-hidden" aria-live="polite" aria-atomic="true">
        {liveText}
      </p>
    </div>
  );
}

/** The legend under the grid: every status a person can meet, with its label. */
export function WeekCalendarLegend({ statuses }: { statuses: readonly (SlotStatus | 'closed')[] }) {
  return (
    <ul className="lk-week-calendar__legend" aria-label="Forklaring">
      {statuses.map((status) => (
        <li key={status}>
          <span className="lk-week-calendar__swatch" data-status={status} aria-hidden="true">
            {status === 'closed' ? '' : (marks[status] ?? '')}
          </span>
          {status === 'closed' ? closedLabel : slotStatusLabels[status]}
        </li>
      ))}
    </ul>
  );
}

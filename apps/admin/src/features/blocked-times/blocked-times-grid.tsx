import { useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { clampPosition, moveInGrid, type GridPosition } from '@lokaler/ui/grid-navigation';
import { cellKey, cellsBetween, isChoosable, type GridModel } from './blocked-times-model';

export interface BlockedTimesGridProps {
  /** The grid's accessible name, e.g. 'Gymsal, uke 49'. */
  label: string;
  model: GridModel;
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

/** 'Blokker mandag 07.12 kl. 10:15' — what choosing the slot is for; a blocked slot is chosen to open it. */
export function slotName(date: string, time: string, state: 'free' | 'blocked' | 'booked'): string {
  const when = `${formatDate(date, 'EEEE dd.MM')} kl. ${formatClock(time)}`;
  if (state === 'booked') return `Reservert ${when}`;
  return state === 'blocked' ? `Åpne ${when} (blokkert)` : `Blokker ${when}`;
}

/**
 * The week grid of blocked times (decision 015): one column a day, one row a quarter, each slot
 * a toggle button (aria-pressed: chosen). Keyboard as the WAI-ARIA grid: one tab stop (roving
 * tabindex), arrows, Home/End, PageUp/PageDown move (over closed cells), Space or Enter toggles,
 * Shift+arrow chooses the rectangle from the last toggled slot; with the mouse, shift-click does.
 * Reserved slots show as taken and cannot be chosen.
 */
export function BlockedTimesGrid({ label, model, selected, onChange }: BlockedTimesGridProps) {
  const size = { rows: model.times.length, cols: model.dates.length, pageRows: 4 };
  const [active, setActive] = useState<GridPosition>({ row: 0, col: 0 });
  const [anchor, setAnchor] = useState<GridPosition | null>(null);
  const buttons = useRef(new Map<string, HTMLButtonElement>());
  const exists = (p: GridPosition) => model.slotAt(model.dates[p.col] ?? '', model.times[p.row] ?? '') !== undefined;
  const position = firstExisting(clampPosition(active, size), size, exists);

  const focus = (next: GridPosition) => {
    setActive(next);
    buttons.current.get(`${next.row}:${next.col}`)?.focus();
  };

  const toggle = (p: GridPosition) => {
    const date = model.dates[p.col]!;
    const time = model.times[p.row]!;
    if (!isChoosable(model.slotAt(date, time))) return;
    const next = new Set(selected);
    const key = cellKey(date, time);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setAnchor(p);
    onChange(next);
  };

  const extendTo = (p: GridPosition) => onChange(new Set([...selected, ...cellsBetween(model, anchor ?? p, p)]));

  const onClick = (event: MouseEvent, p: GridPosition) => {
    setActive(p);
    if (event.shiftKey && anchor) extendTo(p);
    else toggle(p);
  };

  const onKeyDown = (event: KeyboardEvent) => {
    const next = moveSkippingClosed(position, event, size, exists);
    if (!next) return;
    event.preventDefault();
    focus(next);
    if (event.shiftKey && event.key.startsWith('Arrow')) extendTo(next);
  };

  return (
    <table role="grid" aria-label={label} className="lk-blocked-grid" onKeyDown={onKeyDown}>
      <thead>
        <tr>
          <td className="lk-blocked-grid__corner" />
          {model.dates.map((date) => (
            <th key={date} scope="col" className="lk-blocked-grid__day">
              {formatDate(date, 'EEE dd.MM')}
            </th>
          ))}
        </tr>
      </thead>
      <tbody>
        {model.times.map((time, row) => (
          <tr key={time}>
            <th scope="row" className="lk-blocked-grid__time">
              {formatClock(time)}
            </th>
            {model.dates.map((date, col) => {
              const slot = model.slotAt(date, time);
              if (!slot) {
                return (
                  <td key={date} role="gridcell" className="lk-blocked-grid__closed">
                    <span className="lk-visually-hidden">Stengt</span>
                  </td>
                );
              }
              const state = slot.booked ? 'booked' : slot.blocked ? 'blocked' : 'free';
              const chosen = selected.has(cellKey(date, time));
              const isActive = position.row === row && position.col === col;
              return (
                <td key={date} role="gridcell">
                  <button
                    type="button"
                    ref={(el) => {
                      if (el) buttons.current.set(`${row}:${col}`, el);
                      else buttons.current.delete(`${row}:${col}`);
                    }}
                    className="lk-blocked-grid__slot"
                    data-state={state}
                    aria-pressed={slot.booked ? undefined : chosen}
                    aria-disabled={slot.booked ? true : undefined}
                    tabIndex={isActive ? 0 : -1}
                    onFocus={() => setActive({ row, col })}
                    onClick={(event) => onClick(event, { row, col })}
                  >
                    <span aria-hidden="true">{chosen ? '✓' : state === 'booked' ? '●' : state === 'blocked' ? '×' : ''}</span>
                    <span className="lk-visually-hidden">{slotName(date, time, state)}</span>
                  </button>
                </td>
              );
            })}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

type Exists = (p: GridPosition) => boolean;

/** The remembered cell, or the first open cell when it is closed (another week, another room). */
function firstExisting(p: GridPosition, size: { rows: number; cols: number }, exists: Exists): GridPosition {
  if (exists(p)) return p;
  for (let col = 0; col < size.cols; col++) for (let row = 0; row < size.rows; row++) if (exists({ row, col })) return { row, col };
  return p;
}

/** Moves like moveInGrid, but on past closed cells in the same direction; stays when only closed cells lie ahead. */
function moveSkippingClosed(
  from: GridPosition,
  key: { key: string; ctrlKey: boolean; metaKey: boolean },
  size: { rows: number; cols: number; pageRows: number },
  exists: Exists,
): GridPosition | null {
  const moved = moveInGrid(from, key, size);
  if (!moved) return null;
  let next: GridPosition = moved;
  const step = { ArrowUp: [-1, 0], ArrowDown: [1, 0], ArrowLeft: [0, -1], ArrowRight: [0, 1] }[key.key] as [number, number] | undefined;
  while (!exists(next)) {
    if (!step) return from;
    const further: GridPosition = { row: next.row + step[0], col: next.col + step[1] };
    if (further.row < 0 || further.col < 0 || further.row >= size.rows || further.col >= size.cols) return from;
    next = further;
  }
  return next;
}

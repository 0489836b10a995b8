import { Button } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { bookingStatusLabels } from '@lokaler/domain/booking';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { paths } from '../../config/paths';
import type { CalendarItem } from './calendar-items';

export type MovableItem = CalendarItem & { movable: number };

export const isMovable = (item: CalendarItem): item is MovableItem => item.movable !== null;

/**
 * A booking's time in the calendar: a link to the booking with the time, the title, «beholdt» when
 * it is kept over a closing, and the status in words (not the colour alone); for a time that can
 * be moved, the 'Flytt' button (the keyboard's way, decision 067) and, with `draggable`, dragging.
 */
export function CalendarEntry({
  item,
  kept,
  roomName,
  onMove,
  onDragStart,
  onDragEnd,
}: {
  item: CalendarItem;
  kept: boolean;
  roomName: string;
  onMove?: ((item: MovableItem) => void) | undefined;
  onDragStart?: ((item: MovableItem) => void) | undefined;
  onDragEnd?: (() => void) | undefined;
}) {
  const movable = isMovable(item) ? item : null;
  const time = `${formatClock(item.startTime)}–${formatClock(item.endTime)}`;
  return (
    <div
      className="lk-calendar-entry"
      draggable={movable && onDragStart ? true : undefined}
      onDragStart={
        movable && onDragStart
          ? (event) => {
              event.dataTransfer.effectAllowed = 'move';
              event.dataTransfer.setData('text/plain', String(movable.movable));
              onDragStart(movable);
            }
          : undefined
      }
      onDragEnd={onDragEnd}
    >
      <RouterLink to={paths.booking.getHref(item.bookingId)} className="lk-calendar-item" data-status={item.status} draggable={false}>
        {time} {item.title}
        {kept && <span className="lk-calendar-kept"> (beholdt)</span>}
        <span className="lk-visually-hidden">,</span> <span className="lk-calendar-status">{bookingStatusLabels[item.status]}</span>
      </RouterLink>
      {movable && onMove && (
        <Button
          type="button"
          variant="tertiary"
          data-size="sm"
          className="lk-calendar-move"
          aria-label={`Flytt ${time} ${item.title}, ${roomName} ${formatDate(item.date, 'EEEE d.M.')}`}
          onClick={() => onMove(movable)}
        >
          Flytt
        </Button>
      )}
    </div>
  );
}

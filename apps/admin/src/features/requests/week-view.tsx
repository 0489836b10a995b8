import { Alert, Button, Heading, Paragraph, Table } from '@digdir/designsystemet-react';
import { useMemo, useState } from 'react';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { addDays, isoWeekNumber, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { Loading } from '@lokaler/ui/loading';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { calendarClosings, calendarItemsByCell, cellKey, type CalendarItem } from './calendar-items';
import { CalendarEntry, type MovableItem } from './calendar-entry';
import { MoveConfirmDialog, MoveDialog } from './move-dialog';
import { useCalendarData } from './use-calendar-data';

/** Spec 02 §8 (admin): the rooms could not be loaded. */
export const ROOMS_FAILED = 'Ups, vi klarte ikke å laste inn rommene! Du kan prøve å laste inn siden på nytt, eller prøve igjen senere.';

type Moving = { kind: 'dialog'; item: MovableItem } | { kind: 'drop'; item: MovableItem; to: { bookableAssetId: number; date: string } };

/**
 * The week of a location's rooms (Monday first, spec 02 §9): a room per row, a day per column, with
 * closed days, blocked times and each booking's time and status. A time that can be moved is
 * dragged to another cell (then confirmed) or moved with its 'Flytt' dialog (decision 067).
 */
export function WeekView({
  locationId,
  monday,
  today,
  onWeek,
}: {
  locationId: number;
  monday: string;
  today: string;
  onWeek: (date: string) => void;
}) {
  const sunday = addDays(monday, 6);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));
  const { calendar, rooms, roomRows } = useCalendarData(locationId, monday, sunday);
  const cells = useMemo(() => (calendar.data ? calendarItemsByCell(calendar.data) : new Map<string, CalendarItem[]>()), [calendar.data]);
  const closings = useMemo(() => calendarClosings(calendar.data ?? { bookings: [], closedDates: [], blockedTimes: [] }), [calendar.data]);
  const [dragging, setDragging] = useState<MovableItem | null>(null);
  const [over, setOver] = useState<string | null>(null);
  const [moving, setMoving] = useState<Moving | null>(null);

  const weekTitle = `Uke ${isoWeekNumber(monday)}: ${formatDate(monday, 'd. MMMM')}–${formatDate(sunday, 'd. MMMM yyyy')}`;
  const drop = (bookableAssetId: number, date: string) => {
    const item = dragging;
    setDragging(null);
    setOver(null);
    if (!item || (item.bookableAssetId === bookableAssetId && item.date === date)) return;
    setMoving({ kind: 'drop', item, to: { bookableAssetId, date } });
  };

  return (
    <>
      <div className="lk-week-nav">
        <Heading level={2} data-size="sm" aria-live="polite">
          {weekTitle}
        </Heading>
        <Button variant="secondary" onClick={() => onWeek(addDays(monday, -7))}>
          Forrige uke
        </Button>
        <Button variant="tertiary" onClick={() => onWeek(weekStart(today))} disabled={monday === weekStart(today)}>
          Denne uken
        </Button>
        <Button variant="secondary" onClick={() => onWeek(addDays(monday, 7))}>
          Neste uke
        </Button>
      </div>
      {(calendar.isPending || rooms.isPending) && <Loading label="Henter kalenderen" />}
      {calendar.error && <LoadFailureAlert failure={loadFailureMessage(calendar.error)} />}
      {rooms.error && (
        <Alert data-color="danger">
          <Paragraph>{ROOMS_FAILED}</Paragraph>
        </Alert>
      )}
      {calendar.data &&
        rooms.data &&
        (roomRows.length === 0 ? (
          <Paragraph>Lokalet har ingen rom.</Paragraph>
        ) : (
          <div
            className="lk-table-scroll"
            tabIndex={0}
            role="region"
            aria-label={`Reservasjoner per rom, ${weekTitle}`}
            aria-busy={calendar.isFetching}
          >
            <Table border className="lk-week-grid" data-dragging={dragging ? true : undefined}>
              <caption className="lk-visually-hidden">Reservasjoner per rom, {weekTitle}</caption>
              <Table.Head>
                <Table.Row>
                  <Table.HeaderCell scope="col">Rom</Table.HeaderCell>
                  {days.map((day) => (
                    <Table.HeaderCell
                      key={day}
                      scope="col"
                      aria-current={day === today ? 'date' : undefined}
                      data-closed={closings.closed.has(day) || undefined}
                    >
                      {formatDate(day, 'EEE d.M.')}
                      {closings.closed.has(day) && <span className="lk-calendar-closed-label">Stengt</span>}
                    </Table.HeaderCell>
                  ))}
                </Table.Row>
              </Table.Head>
              <Table.Body>
                {roomRows.map((room) => (
                  <Table.Row key={room.id}>
                    <Table.HeaderCell scope="row">{room.name}</Table.HeaderCell>
                    {days.map((day) => {
                      const key = cellKey(room.id, day);
                      const items = cells.get(key) ?? [];
                      const blocked = closings.blocked.get(key) ?? [];
                      const closed = closings.closed.has(day);
                      const reason = closings.closed.get(day);
                      return (
                        <Table.Cell
                          key={day}
                          className={closed ? 'lk-calendar-closed' : undefined}
                          data-drop-target={dragging && over === key ? true : undefined}
                          onDragOver={(event) => {
                            if (!dragging) return;
                            event.preventDefault();
                            event.dataTransfer.dropEffect = 'move';
                            if (over !== key) setOver(key);
                          }}
                          onDrop={(event) => {
                            if (!dragging) return;
                            event.preventDefault();
                            drop(room.id, day);
                          }}
                        >
                          {(closed || items.length > 0 || blocked.length > 0) && (
                            <ul>
                              {closed && <li className="lk-calendar-closing">{`Stengt${reason ? `: ${reason}` : ''}`}</li>}
                              {blocked.map((b) => (
                                <li key={`blocked-${b.startTime}`} className="lk-calendar-closing">
                                  {formatClock(b.startTime)}–{formatClock(b.endTime)} Blokkert
                                </li>
                              ))}
                              {items.map((item) => (
                                <li key={`${item.bookingId}-${item.startTime}`}>
                                  <CalendarEntry
                                    item={item}
                                    kept={closings.isKept(item)}
                                    roomName={room.name}
                                    onMove={(movable) => setMoving({ kind: 'dialog', item: movable })}
                                    onDragStart={setDragging}
                                    onDragEnd={() => {
                                      setDragging(null);
                                      setOver(null);
                                    }}
                                  />
                                </li>
                              ))}
                            </ul>
                          )}
                        </Table.Cell>
                      );
                    })}
                  </Table.Row>
                ))}
              </Table.Body>
            </Table>
          </div>
        ))}
      {moving?.kind === 'dialog' && <MoveDialog item={moving.item} rooms={roomRows} onClose={() => setMoving(null)} />}
      {moving?.kind === 'drop' && <MoveConfirmDialog item={moving.item} to={moving.to} rooms={roomRows} onClose={() => setMoving(null)} />}
    </>
  );
}

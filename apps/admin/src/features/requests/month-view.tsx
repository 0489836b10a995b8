import { Alert, Button, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useMemo, useState, type CSSProperties } from 'react';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { Loading } from '@lokaler/ui/loading';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { CalendarEntry, type MovableItem } from './calendar-entry';
import { monthDays, monthRange, shiftMonth } from './month-model';
import { MoveDialog } from './move-dialog';
import { useCalendarData } from './use-calendar-data';
import { ROOMS_FAILED } from './week-view';

/**
 * A month of a location's rooms (decision 067): a list of the days, each with its closing and, per
 * room, the bookings with their status and the blocked times. One column at narrow widths; seven,
 * Monday first, where the screen has room. Each time links to its booking; 'Flytt' moves it.
 */
export function MonthView({
  locationId,
  month,
  today,
  onMonth,
}: {
  locationId: number;
  month: string;
  today: string;
  onMonth: (month: string) => void;
}) {
  const { first, last } = monthRange(month);
  const { calendar, rooms, roomRows } = useCalendarData(locationId, first, last);
  const days = useMemo(() => (calendar.data ? monthDays(month, calendar.data, roomRows) : []), [month, calendar.data, roomRows]);
  const [moving, setMoving] = useState<MovableItem | null>(null);
  const title = formatDate(first, 'LLLL yyyy');
  const monthTitle = `${title.charAt(0).toUpperCase()}${title.slice(1)}`;
  const thisMonth = today.slice(0, 7);

  return (
    <>
      <div className="lk-week-nav">
        <Heading level={2} data-size="sm" aria-live="polite">
          {monthTitle}
        </Heading>
        <Button variant="secondary" onClick={() => onMonth(shiftMonth(month, -1))}>
          Forrige måned
        </Button>
        <Button variant="tertiary" onClick={() => onMonth(thisMonth)} disabled={month === thisMonth}>
          I dag
        </Button>
        <Button variant="secondary" onClick={() => onMonth(shiftMonth(month, 1))}>
          Neste måned
        </Button>
      </div>
      {(calendar.isPending || rooms.isPending) && <Loading label="Henter kalenderen" />}
      {calendar.error && <LoadFailureAlert failure={loadFailureMessage(calendar.error)} />}
      {rooms.error && (
        <Alert data-color="danger">
          <Paragraph>{ROOMS_FAILED}</Paragraph>
        </Alert>
      )}
      {calendar.data && rooms.data && (
        <section aria-label={`Reservasjoner per dag, ${monthTitle}`} aria-busy={calendar.isFetching}>
          <div className="lk-month-weekdays" aria-hidden="true">
            {['man.', 'tir.', 'ons.', 'tor.', 'fre.', 'lør.', 'søn.'].map((d) => (
              <span key={d}>{d}</span>
            ))}
          </div>
          <ol className="lk-month">
            {days.map((day) => (
              <li
                key={day.date}
                className="lk-month-day"
                style={{ '--lk-weekday': day.weekday } as CSSProperties}
                data-closed={day.closed !== undefined || undefined}
                data-empty={(day.closed === undefined && day.rooms.length === 0) || undefined}
                aria-current={day.date === today ? 'date' : undefined}
              >
                <Heading level={3} data-size="2xs" className="lk-month-day__date">
                  {formatDate(day.date, 'EEEE d.M.')}
                  {day.date === today && ' (i dag)'}
                </Heading>
                {day.closed !== undefined && <p className="lk-calendar-closing">{`Stengt${day.closed ? `: ${day.closed}` : ''}`}</p>}
                {day.rooms.map(({ room, items, blocked }) => (
                  <div key={room.id} className="lk-month-room">
                    <p className="lk-month-room__name">{room.name}</p>
                    <ul>
                      {blocked.map((b) => (
                        <li key={`blocked-${b.startTime}`} className="lk-calendar-closing">
                          {formatClock(b.startTime)}–{formatClock(b.endTime)} Blokkert
                        </li>
                      ))}
                      {items.map((item) => (
                        <li key={`${item.bookingId}-${item.startTime}`}>
                          <CalendarEntry item={item} kept={item.kept} roomName={room.name} onMove={setMoving} />
                        </li>
                      ))}
                    </ul>
                  </div>
                ))}
              </li>
            ))}
          </ol>
          {days.every((d) => d.closed === undefined && d.rooms.length === 0) && <Paragraph>Ingen bookinger denne måneden.</Paragraph>}
        </section>
      )}
      {moving && <MoveDialog item={moving} rooms={roomRows} onClose={() => setMoving(null)} />}
    </>
  );
}

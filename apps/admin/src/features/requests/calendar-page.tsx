import { Alert, Button, Heading, Paragraph, Table } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { Link as RouterLink, useParams, useSearchParams } from 'react-router';
import { adminCalendarDataQuery } from '@lokaler/api-client/admin-booking-list';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { bookingStatusLabels } from '@lokaler/domain/booking';
import { addDays, isoWeekNumber, isValidDate, weekStart } from '@lokaler/domain/scheduling/calendar-date';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { Loading } from '@lokaler/ui/loading';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { paths } from '../../config/paths';
import { calendarClosings, calendarItemsByCell, cellKey, type CalendarItem } from './calendar-items';
import { LocationCalendarFeed } from './location-calendar-feed';
import { LocationHeader } from './location-header';
import './requests.css';

/** Spec 02 §8 (admin): the rooms could not be loaded. */
export const ROOMS_FAILED = 'Ups, vi klarte ikke å laste inn rommene! Du kan prøve å laste inn siden på nytt, eller prøve igjen senere.';

/** '/lokaler/:locationId/kalender?uke=YYYY-MM-DD': the week's reservations of the location's rooms. */
export function CalendarPage() {
  const locationId = Number(useParams().locationId);
  if (!Number.isSafeInteger(locationId) || locationId <= 0) return <NotFoundPage />;
  return <LocationCalendar locationId={locationId} />;
}

function LocationCalendar({ locationId }: { locationId: number }) {
  const [search, setSearch] = useSearchParams();
  const asked = search.get('uke');
  const today = todayInOslo(new Date());
  // Calendar weeks start on Monday (spec 02 §9); a bad date in the URL shows this week.
  const monday = weekStart(isValidDate(asked) ? asked : today);
  const sunday = addDays(monday, 6);
  const days = Array.from({ length: 7 }, (_, i) => addDays(monday, i));

  const calendar = useQuery(adminCalendarDataQuery({ locationId, from: monday, to: sunday }));
  const rooms = useQuery(locationAssetsQuery(locationId));
  const cells = useMemo(() => (calendar.data ? calendarItemsByCell(calendar.data) : new Map<string, CalendarItem[]>()), [calendar.data]);
  const closings = useMemo(() => calendarClosings(calendar.data ?? { bookings: [], closedDates: [], blockedTimes: [] }), [calendar.data]);

  const roomRows = useMemo(() => {
    const known = (rooms.data ?? []).map((r) => ({ id: r.id, name: r.displayName || r.name }));
    // A room the public list leaves out (unpublished) still shows when it has reservations.
    const extra = [...new Set(calendar.data?.bookings.flatMap((b) => b.reservations.map((r) => r.bookableAssetId)) ?? [])]
      .filter((id) => !known.some((k) => k.id === id))
      .map((id) => ({ id, name: `Rom ${id}` }));
    return [...known, ...extra];
  }, [rooms.data, calendar.data]);

  const goTo = (date: string) => setSearch({ uke: date });
  const weekTitle = `Uke ${isoWeekNumber(monday)}: ${formatDate(monday, 'd. MMMM')}–${formatDate(sunday, 'd. MMMM yyyy')}`;

  return (
    <div className="lk-stack">
      <LocationHeader locationId={locationId} view="Kalender" />
      <div className="lk-week-nav">
        <Heading level={2} data-size="sm" aria-live="polite">
          {weekTitle}
        </Heading>
        <Button variant="secondary" onClick={() => goTo(addDays(monday, -7))}>
          Forrige uke
        </Button>
        <Button variant="tertiary" onClick={() => goTo(weekStart(today))} disabled={monday === weekStart(today)}>
          Denne uken
        </Button>
        <Button variant="secondary" onClick={() => goTo(addDays(monday, 7))}>
          Neste uke
        </Button>
        <Button asChild>
          <RouterLink to={paths.newAdminBooking.getHref(locationId)}>Ny booking</RouterLink>
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
            <Table border className="lk-week-grid">
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
                      const items = cells.get(cellKey(room.id, day)) ?? [];
                      const blocked = closings.blocked.get(cellKey(room.id, day)) ?? [];
                      const closed = closings.closed.has(day);
                      const reason = closings.closed.get(day);
                      return (
                        <Table.Cell key={day} className={closed ? 'lk-calendar-closed' : undefined}>
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
                                  <RouterLink
                                    to={paths.booking.getHref(item.bookingId)}
                                    className="lk-calendar-item"
                                    data-status={item.status}
                                  >
                                    {formatClock(item.startTime)}–{formatClock(item.endTime)} {item.title}
                                    {closings.isKept(item) && <span className="lk-calendar-kept"> (beholdt)</span>}
                                    <span className="lk-visually-hidden">, {bookingStatusLabels[item.status]}</span>
                                  </RouterLink>
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
      <Paragraph data-size="sm" className="lk-subtle">
        Blå: venter på behandling. Grønn: godkjent. Skravert: stengt eller blokkert; en booking som er beholdt der, er merket «beholdt».
        Velg en tid for å åpne søknaden.
      </Paragraph>
      <LocationCalendarFeed locationId={locationId} />
    </div>
  );
}

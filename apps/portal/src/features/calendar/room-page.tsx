import { useEffect, useMemo } from 'react';
import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, useLocation } from 'react-router';
import { roomCalendarPageQuery } from '@lokaler/api-client/schedule';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { keepOnlyRooms, useBookingDraft } from '@lokaler/ui/booking-draft';
import { formatCapacity } from '@lokaler/ui/formatters';
import { Loading } from '@lokaler/ui/loading';
import { PageHead } from '@lokaler/ui/page-head';
import { parseRoomIds } from '@lokaler/ui/room-selection-url';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { paths } from '../../config/paths';
import { FreeSlotAlertButton } from './free-slot-alert-dialog';
import { RoomCalendar } from './room-calendar';
import './calendar.css';

function Failure({ error }: { error: unknown }) {
  const message = loadFailureMessage(error);
  return (
    <Alert data-color="danger">
      <Paragraph>{message.title}</Paragraph>
      <Paragraph>{message.detail}</Paragraph>
    </Alert>
  );
}

/** /ressurs?ressurs=…: the calendar of the chosen rooms (spec 01 §2 "Room page: calendar"). */
export function RoomPage() {
  const { search } = useLocation();
  const ids = useMemo(() => parseRoomIds(new URLSearchParams(search)), [search]);
  // One request for everything shown before the first click (decision 019: four used to wait for one another).
  const page = useQuery(roomCalendarPageQuery(ids));
  const firstRoom = page.data?.rooms[0];
  const [, updateDraft] = useBookingDraft();

  // The draft belongs to these rooms: choices kept for other rooms (another venue, an earlier visit) go.
  const idsKey = ids.join(',');
  useEffect(() => {
    if (idsKey) updateDraft((draft) => keepOnlyRooms(draft, idsKey.split(',').map(Number)));
  }, [idsKey, updateDraft]);

  // The link of a free-time alert's e-mail: ?dato=YYYY-MM-DD&tid=HH:mm opens that week and names the time.
  const params = new URLSearchParams(search);
  const alertDate = isValidDate(params.get('dato')) ? params.get('dato') : null;
  const alertTime = /^\d{2}:\d{2}$/.test(params.get('tid') ?? '') ? params.get('tid') : null;

  const venueHref = firstRoom ? `${paths.venue.getHref(firstRoom.locationId)}${search}` : paths.venues.getHref();

  return (
    <div className="lk-stack lk-room-page">
      <PageHead
        title="Velg tidspunkt"
        description="Velg dager og tider i kalenderen for rommene du vil låne eller leie, én gang eller fast."
      />
      <Link asChild>
        <RouterLink to={venueHref}>{firstRoom ? `Tilbake til ${firstRoom.locationName}` : 'Tilbake'}</RouterLink>
      </Link>
      <Heading level={1} data-size="lg">
        Velg tidspunkt
      </Heading>
      {ids.length === 0 && (
        <Paragraph>
          Ingen rom valgt. <RouterLink to={paths.venues.getHref()}>Finn et lokale</RouterLink> og velg rommene du vil låne.
        </Paragraph>
      )}
      {ids.length > 0 && page.isPending && <Loading label="Henter kalenderen" />}
      {page.error && <Failure error={page.error} />}
      {page.data && (!page.data.location || !page.data.bounds) && <Paragraph>Informasjon om rommet er ikke tilgjengelig</Paragraph>}
      {page.data?.location && page.data.bounds && (
        <>
          <Paragraph>
            {page.data.location.name}:{' '}
            {page.data.rooms
              .map((r) => (r.capacity === null ? r.displayName : `${r.displayName} (${formatCapacity(r.capacity)})`))
              .join(', ')}
          </Paragraph>
          {alertDate && (
            <Alert data-color="info">
              <Paragraph>
                Ledig tid fra varselet ditt: {formatDateNorwegian(alertDate)}
                {alertTime ? ` kl. ${alertTime}` : ''}. Kalenderen under viser den uken; velg tiden og legg den til.
              </Paragraph>
            </Alert>
          )}
          <FreeSlotAlertButton
            target={{
              locationId: page.data.location.id,
              locationName: page.data.location.name,
              bookableAssetId: page.data.rooms[0]!.id,
              roomName: page.data.rooms[0]!.displayName,
            }}
          />
          <RoomCalendar
            initialDate={alertDate}
            rooms={page.data.rooms}
            location={page.data.location}
            bounds={page.data.bounds}
            openingWeek={page.data.week ? { ...page.data.week, schedule: page.data.schedule, fetchedAt: page.dataUpdatedAt } : null}
          />
        </>
      )}
    </div>
  );
}

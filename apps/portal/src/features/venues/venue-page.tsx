import { useMemo, useState } from 'react';
import { Alert, Field, Heading, Label, Link, Paragraph, Select } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { locationAboutQuery } from '@lokaler/api-client/location-about';
import { locationQuery } from '@lokaler/api-client/locations';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { compareNorwegian } from '@lokaler/domain/norwegian-order';
import { Loading } from '@lokaler/ui/loading';
import { PageHead } from '@lokaler/ui/page-head';
import { useScrollToParameter } from '@lokaler/ui/room-selection-url';
import { paths } from '../../config/paths';
import { RoomCard } from './room-card';
import { RoomSummary } from './room-summary';
import { useRoomSelection } from './use-room-selection';
import { VenueContact } from './venue-contact';
import { VenueInfo } from './venue-info';
import './venues.css';

const roomsFailed = 'Ups, vi klarte ikke å laste inn rommene! Du kan prøve å laste inn siden på nytt, eller prøve igjen senere.';

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** /sted/:locationId — a venue and its rooms; the chosen rooms lead on to their calendar (spec 01 §2). */
export function VenuePage() {
  const id = parseId(useParams().locationId);
  if (id === null) return <Navigate to={paths.notFound.getHref()} replace />;
  return <Venue id={id} />;
}

/** What a search result says about the venue page. */
function venueDescription(location: { name: string; geographicAreaName?: string | null } | undefined): string {
  if (!location) return 'Rom til lån og leie i Oslo kommunes lokaler.';
  const area = location.geographicAreaName ? ` i bydel ${location.geographicAreaName}` : '';
  return `Rom til lån og leie på ${location.name}${area}: hva rommene passer til, hvor mange de tar, og hvordan du søker.`;
}

/**
 * The first request for a part of the page is still under way: not a retry after a failure (the part
 * shows its own loading state and message), and never again once an answer came (a part asking again
 * as it mounts does not hide the page).
 */
const firstTry = (query: { isPending: boolean; isFetched: boolean; failureCount: number }) =>
  query.isPending && !query.isFetched && query.failureCount === 0;

function Venue({ id }: { id: number }) {
  const location = useQuery(locationQuery(id));
  // Decision 019: the rooms and the about texts are asked for with the location, not after it.
  const rooms = useQuery(locationAssetsQuery(id));
  const about = useQuery(locationAboutQuery(id));
  const gone =
    (isApiClientError(location.error) && location.error.status === 404) || (location.data && location.data.status !== 'PUBLISHED');
  if (gone) return <Navigate to={paths.notFound.getHref()} replace />;
  // Decision 025: the page is shown once, when its three answers are in (they are asked for
  // together), so neither the texts nor the rooms push what is above them down when they arrive; until
  // then a screen's height is held, so the footer stays below the fold.
  // A failed first try does not hold the page while it is tried again: the part says so itself.
  const waiting = location.isPending || (location.isSuccess && (firstTry(rooms) || firstTry(about)));

  return (
    <div className="lk-venue-page">
      <PageHead title={location.data?.name} description={venueDescription(location.data)} />
      <BackLink />
      {waiting && (
        <div className="lk-route-loading">
          <Loading label="Henter lokalet" />
        </div>
      )}
      {location.error && <LoadFailure error={location.error} />}
      {location.data && !waiting && (
        <>
          <Heading level={1} data-size="lg">
            {location.data.name}
          </Heading>
          {location.data.geographicAreaName && <Paragraph>Bydel {location.data.geographicAreaName}</Paragraph>}
          <VenueInfo location={location.data} />
          <VenueContact location={location.data} />
          <Rooms locationId={id} />
        </>
      )}
    </div>
  );
}

/** 'Tilbake': back where the person came from (keeping the list's filters), else to the list. */
function BackLink() {
  const { key } = useLocation();
  const navigate = useNavigate();
  const hasHistory = key !== 'default';
  return (
    <Link asChild>
      <RouterLink
        to={paths.venues.getHref()}
        onClick={(event) => {
          if (!hasHistory) return;
          event.preventDefault();
          void navigate(-1);
        }}
      >
        Tilbake
      </RouterLink>
    </Link>
  );
}

function LoadFailure({ error }: { error: unknown }) {
  const message = loadFailureMessage(error);
  return (
    <Alert data-color="danger">
      <Paragraph>{message.title}</Paragraph>
      <Paragraph>{message.detail}</Paragraph>
    </Alert>
  );
}

function Rooms({ locationId }: { locationId: number }) {
  const rooms = useQuery(locationAssetsQuery(locationId));
  const { selected, toggle } = useRoomSelection();
  const [purpose, setPurpose] = useState('');
  const { search } = useLocation();
  const navigate = useNavigate();
  useScrollToParameter(Boolean(rooms.data));

  const purposes = useMemo(
    () => (rooms.data ? [...new Set(rooms.data.flatMap((r) => r.purposes))].sort(compareNorwegian) : []),
    [rooms.data],
  );

  if (rooms.isPending) return <Loading label="Henter rommene" />;
  if (rooms.error) return <Alert data-color="danger">{roomsFailed}</Alert>;

  const shown = purpose ? rooms.data.filter((r) => r.purposes.includes(purpose)) : rooms.data;
  const chosen = selected.flatMap((sid) => rooms.data.filter((r) => r.id === sid));

  const showTimes = () => {
    // The same query (the chosen rooms and whatever else it carries), without the one-off scrollTo.
    const params = new URLSearchParams(search);
    params.delete('scrollTo');
    params.delete('ressurs');
    for (const room of chosen) params.append('ressurs', String(room.id));
    void navigate(`${paths.asset.path}?${params.toString()}`);
  };

  return (
    <div className="lk-venue-page__body">
      <section aria-labelledby="lk-rooms-title" className="lk-stack">
        <Heading level={2} data-size="md" id="lk-rooms-title">
          Rom
        </Heading>
        <Field>
          <Label>Hva ønsker du å bruke lokalet til?</Label>
          <Select value={purpose} onChange={(event) => setPurpose(event.target.value)}>
            <Select.Option value="">Se alle</Select.Option>
            {purposes.map((p) => (
              <Select.Option key={p} value={p}>
                {p}
              </Select.Option>
            ))}
          </Select>
        </Field>
        {shown.length === 0 ? (
          <Paragraph>Vi finner dessverre ingen rom som passer søket ditt.</Paragraph>
        ) : (
          <ul className="lk-room-list" aria-labelledby="lk-rooms-title">
            {shown.map((room) => (
              <RoomCard key={room.id} room={room} selected={selected.includes(room.id)} onToggle={() => toggle(room.id)} />
            ))}
          </ul>
        )}
      </section>
      <RoomSummary rooms={chosen} onRemove={toggle} onShowTimes={showTimes} />
    </div>
  );
}

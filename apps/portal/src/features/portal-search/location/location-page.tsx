import { useEffect, useMemo } from 'react';
import { Alert, Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Link as RouterLink, Navigate, useParams, useSearchParams } from 'react-router';
import type { Location } from '@lokaler/domain/location';
import { ENTRY_PAGE_MIN_DURATION_MINUTES, normalizeSearchDuration, type SearchFormValues } from '@lokaler/domain/search-form';
import { isApiClientError } from '@lokaler/api-client/api-client-error';
import { locationAboutQuery } from '@lokaler/api-client/location-about';
import { locationQuery } from '@lokaler/api-client/locations';
import { searchAssetsQuery } from '@lokaler/api-client/search';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { useAnswerInTransition } from '@lokaler/ui/answer-in-transition';
import { LocationAboutSections, LocationContact } from '@lokaler/ui/location-details';
import { Loading } from '@lokaler/ui/loading';
import { PageHead } from '@lokaler/ui/page-head';
import { paths } from '../../../config/paths';
import { SearchForm } from '../search-form';
import { portalSearchHref, readSearchValues, toPortalSearch, writeSearchValues } from '../search-url';
import { LocationRooms } from './location-rooms';
import './location.css';

export const SEARCH_TITLE = 'Finn rom til lån eller leie';

/** Spec 01 §8: the location's processing time. */
export const processingTimeText = (days: number) => `Lokalet krever at søknader sendes inn minst ${days} dager før ønsket dato.`;

function parseId(value: string | undefined): number | null {
  return value && /^\d{1,9}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/** /lokale/:locationId — the new portal's location page (spec 01 §2 "New-portal search"). */
export function PortalLocationPage() {
  const id = parseId(useParams().locationId);
  if (id === null) return <Navigate to={paths.notFound.getHref()} replace />;
  return <LocationView id={id} />;
}

const locationDescription = (name: string | undefined) =>
  `Ledige tider i rommene${name ? ` på ${name}` : ''}. Velg rom og tider og søk om å låne eller leie.`;

function LocationView({ id }: { id: number }) {
  const location = useQuery(locationQuery(id));
  const about = useQuery(locationAboutQuery(id));
  const [params] = useSearchParams();
  // Decision 019: a complete search in the link is asked for with the location, not after it (the
  // location's minimum may still raise the duration: then the rooms ask again, with the raised one).
  const linkedSearch = useMemo(() => toPortalSearch(readSearchValues(params)), [params]);
  const queryClient = useQueryClient();
  useEffect(() => {
    if (linkedSearch) void queryClient.prefetchQuery(searchAssetsQuery(linkedSearch, id));
  }, [queryClient, linkedSearch, id]);
  // Decision 025: the location and its about texts (asked for together) are shown together, once,
  // so the texts do not push the contact card and the search form down when they arrive; until then a
  // screen's height is held, so the footer stays below the fold.
  // A failed first try of the texts does not hold the page while it is tried again.
  const firstDataIn = !(location.isPending || (location.isSuccess && about.isPending && !about.isFetched && about.failureCount === 0));
  // Decision 050: the page itself renders in a transition once its first data is in, not in the task
  // the last of it arrived in (the spinner stays until then).
  const waiting = !(useAnswerInTransition(firstDataIn) && firstDataIn);
  const gone =
    (isApiClientError(location.error) && location.error.status === 404) || (location.data && location.data.status !== 'PUBLISHED');
  if (gone) return <Navigate to={paths.notFound.getHref()} replace />;

  return (
    <div className="lk-location-page">
      <PageHead title={location.data?.name} description={locationDescription(location.data?.name)} />
      <Link asChild>
        <RouterLink to={portalSearchHref('list', params)}>Tilbake til søket</RouterLink>
      </Link>
      {waiting && (
        <div className="lk-route-loading">
          <Loading label="Henter lokalet" />
        </div>
      )}
      {location.error && (
        <Alert data-color="danger">
          <Paragraph>{loadFailureMessage(location.error).title}</Paragraph>
          <Paragraph>{loadFailureMessage(location.error).detail}</Paragraph>
        </Alert>
      )}
      {location.data && !waiting && (
        <>
          <div className="lk-stack">
            <Heading level={1} data-size="lg">
              {location.data.name}
            </Heading>
            {location.data.geographicAreaName && <Paragraph>Bydel {location.data.geographicAreaName}</Paragraph>}
          </div>
          <LocationAboutSections informationMessage={location.data.informationMessage} about={about.data} />
          <LocationContact location={location.data} />
          <LocationSearch location={location.data} />
        </>
      )}
    </div>
  );
}

/** The search form 'Finn rom til lån eller leie' and, once the search is complete, the rooms. */
function LocationSearch({ location }: { location: Location }) {
  const [params, setParams] = useSearchParams();
  const minMinutes = location.minBookingDurationMinutes ?? ENTRY_PAGE_MIN_DURATION_MINUTES;
  const values = useMemo((): SearchFormValues => {
    const read = readSearchValues(params);
    // A duration below the location's minimum is raised as the form raises it, so the form and the rooms agree.
    return read.duration ? { ...read, duration: normalizeSearchDuration(read.duration, minMinutes) } : read;
  }, [params, minMinutes]);
  const search = useMemo(() => toPortalSearch(values), [values]);

  return (
    <>
      <SearchForm
        values={values}
        onSearch={(next) => setParams(writeSearchValues(next, params))}
        minDurationMinutes={minMinutes}
        title={SEARCH_TITLE}
      />
      {location.behandlingstid > 0 && <Alert data-color="info">{processingTimeText(location.behandlingstid)}</Alert>}
      {search ? (
        <LocationRooms locationId={location.id} search={search} />
      ) : (
        <Paragraph>Fyll ut søket, så viser vi rommene som er ledige.</Paragraph>
      )}
    </>
  );
}

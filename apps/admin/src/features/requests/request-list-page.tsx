import { useState } from 'react';
import { Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { bookingStatusLabels } from '@lokaler/domain/booking';
import { adminBookingListQuery } from '@lokaler/api-client/admin-booking-list';
import { locationAssetsQuery } from '@lokaler/api-client/bookable-assets';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { NotFoundPage } from '@lokaler/ui/not-found-page';
import { LoadFailureAlert } from '@lokaler/ui/query-loader';
import { BatchApproval } from './batch-approval';
import { listQueryOf, listSearchOf, PAGE_SIZE } from '../../lib/list-url-state';
import { ListPagination } from './list-pagination';
import { LocationHeader } from '../../components/location-header';
import { RequestFilters } from './request-filters';
import { RequestTable } from './request-table';
import { StatusFilter } from './status-filter';
import { useListState } from './use-list-state';
import './requests.css';

/** '/lokaler/:locationId/soknader': a location's applications, filtered, sorted and paged by the server. */
export function RequestListPage() {
  const locationId = Number(useParams().locationId);
  if (!Number.isSafeInteger(locationId) || locationId <= 0) return <NotFoundPage />;
  return <RequestList locationId={locationId} />;
}

function RequestList({ locationId }: { locationId: number }) {
  const { state, changeFilters, goToPage, reset } = useListState();
  const list = useQuery(adminBookingListQuery(listQueryOf(locationId, state)));
  const rooms = useQuery(locationAssetsQuery(locationId));
  const data = list.data;
  const pageCount = data ? Math.max(1, Math.ceil(data.total / PAGE_SIZE)) : 1;
  const statusName = state.status === 'ALL' ? 'Alle søknader' : bookingStatusLabels[state.status];
  const listSearch = listSearchOf(state).toString();
  // The selection belongs to the list on screen: another filter, sort or page starts without one.
  const [selection, setSelection] = useState<{ list: string; ids: ReadonlySet<number> }>({ list: listSearch, ids: new Set() });
  const selectedIds = selection.list === listSearch ? selection.ids : new Set<number>();
  const select = (bookingId: number, on: boolean) => {
    const ids = new Set(selectedIds);
    if (on) ids.add(bookingId);
    else ids.delete(bookingId);
    setSelection({ list: listSearch, ids });
  };
  const selected = data?.items.filter((item) => item.batchApprovable && selectedIds.has(item.bookingId)) ?? [];

  return (
    <div className="lk-stack">
      <LocationHeader locationId={locationId} view="Søknader" />
      <StatusFilter value={state.status} counts={data?.countsByStatus} onChange={(status) => changeFilters({ status })} />
      <RequestFilters state={state} rooms={rooms.data} onChange={changeFilters} onReset={reset} />
      {list.isPending && <Loading label="Henter søknadene" />}
      {list.error && <LoadFailureAlert failure={loadFailureMessage(list.error)} />}
      {data && (
        <section aria-labelledby="lk-request-count" aria-busy={list.isFetching} className="lk-stack">
          <Paragraph id="lk-request-count" role="status">
            {data.total === 0 ? 'Ingen søknader passer med filtrene.' : `${data.total} ${data.total === 1 ? 'søknad' : 'søknader'}`}
          </Paragraph>
          <BatchApproval locationId={locationId} selected={selected} onDone={() => setSelection({ list: listSearch, ids: new Set() })} />
          {data.items.length > 0 && (
            <RequestTable
              items={data.items}
              caption={`${state.mine ? 'Mine saker, ' : ''}${statusName}, side ${state.page} av ${pageCount}`}
              listSearch={listSearch}
              selected={selectedIds}
              onSelect={select}
            />
          )}
          <ListPagination page={state.page} pageCount={pageCount} onPage={goToPage} />
        </section>
      )}
    </div>
  );
}

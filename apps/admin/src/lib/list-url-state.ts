import {
  adminBookingSorts,
  DEFAULT_ADMIN_BOOKING_SORT,
  type AdminBookingListQuery,
  type AdminBookingSort,
} from '@lokaler/domain/admin-booking-list';
import { bookingPurposes, bookingStatuses, type BookingPurpose, type BookingStatus } from '@lokaler/domain/booking';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';

/**
 * The request list's state lives in the URL (status, dates, room, purpose, text, 'Mine saker', sort, page), so a
 * filtered list can be bookmarked, shared, reloaded, and the browser's back button returns to it.
 * Values the URL cannot hold are dropped: a bad date shows as empty (spec 02 §5), an unknown status as
 * the default.
 */

/** 'ALL' shows every status; the default is the work queue, applications waiting for processing. */
export type StatusFilter = BookingStatus | 'ALL';
export const DEFAULT_STATUS: StatusFilter = 'UNPROCESSED';
/** Decision 065: the work queue, the nearest deadline first. */
export const DEFAULT_SORT: AdminBookingSort = DEFAULT_ADMIN_BOOKING_SORT;
export const PAGE_SIZE = 25;

export interface RequestListState {
  status: StatusFilter;
  fromDate?: string;
  toDate?: string;
  bookableAssetId?: number;
  purpose?: BookingPurpose;
  text?: string;
  /** 'Mine saker': only the applications the administrator has taken (assignee=me). */
  mine?: true;
  sort: AdminBookingSort;
  /** 1-based, as people count pages; the API counts from 0. */
  page: number;
}

const positiveInt = (value: string | null): number | undefined => {
  if (value === null || !/^\d+$/.test(value)) return undefined;
  const n = Number(value);
  return n >= 1 && Number.isSafeInteger(n) ? n : undefined;
};
const oneOf = <T extends string>(list: readonly T[], value: string | null): T | undefined => list.find((item) => item === value);

export function parseListState(search: URLSearchParams): RequestListState {
  const status = search.get('status') === 'ALL' ? 'ALL' : (oneOf(bookingStatuses, search.get('status')) ?? DEFAULT_STATUS);
  const fromDate = search.get('fromDate');
  const toDate = search.get('toDate');
  const text = search.get('text')?.trim();
  return {
    status,
    ...(isValidDate(fromDate) ? { fromDate } : {}),
    ...(isValidDate(toDate) ? { toDate } : {}),
    ...(positiveInt(search.get('bookableAssetId')) ? { bookableAssetId: positiveInt(search.get('bookableAssetId')) } : {}),
    ...(oneOf(bookingPurposes, search.get('purpose')) ? { purpose: oneOf(bookingPurposes, search.get('purpose')) } : {}),
    ...(text ? { text: text.slice(0, 200) } : {}),
    ...(search.get('assignee') === 'me' ? { mine: true as const } : {}),
    sort: oneOf(adminBookingSorts, search.get('sort')) ?? DEFAULT_SORT,
    page: positiveInt(search.get('page')) ?? 1,
  };
}

/** The query string of a state; defaults are left out so the plain list has a plain URL. */
export function listSearchOf(state: RequestListState): URLSearchParams {
  const search = new URLSearchParams();
  if (state.status !== DEFAULT_STATUS) search.set('status', state.status);
  if (state.fromDate) search.set('fromDate', state.fromDate);
  if (state.toDate) search.set('toDate', state.toDate);
  if (state.bookableAssetId) search.set('bookableAssetId', String(state.bookableAssetId));
  if (state.purpose) search.set('purpose', state.purpose);
  if (state.text) search.set('text', state.text);
  if (state.mine) search.set('assignee', 'me');
  if (state.sort !== DEFAULT_SORT) search.set('sort', state.sort);
  if (state.page > 1) search.set('page', String(state.page));
  return search;
}

export type FilterChange = Partial<Omit<RequestListState, 'page' | 'mine'>> & { mine?: boolean | undefined };

/**
 * A changed filter or sort starts again on page 1 (page 3 of the old result means nothing in the
 * new one). A key set to undefined clears that filter.
 */
export function withFilters(state: RequestListState, change: FilterChange): RequestListState {
  const next = { ...state, ...change, page: 1 } as RequestListState;
  for (const key of Object.keys(change) as (keyof FilterChange)[])
    if (change[key] === undefined || change[key] === '' || change[key] === false) delete next[key];
  next.status ??= DEFAULT_STATUS;
  next.sort ??= DEFAULT_SORT;
  return next;
}

export function withPage(state: RequestListState, page: number): RequestListState {
  return { ...state, page: Math.max(1, Math.floor(page)) };
}

/** True when anything but status, sort and page narrows the list ('Nullstill filtre' is then offered). */
export function hasNarrowingFilters(state: RequestListState): boolean {
  return Boolean(state.fromDate || state.toDate || state.bookableAssetId || state.purpose || state.text || state.mine);
}

/** The GET /api/booking query of a location's list in this state. */
export function listQueryOf(locationId: number, state: RequestListState): AdminBookingListQuery {
  return {
    locationId,
    ...(state.status === 'ALL' ? {} : { status: [state.status] }),
    ...(state.fromDate ? { fromDate: state.fromDate } : {}),
    // A reversed range would be refused by the server; the form shows why instead (see request-filters).
    ...(state.toDate && !(state.fromDate && state.toDate < state.fromDate) ? { toDate: state.toDate } : {}),
    ...(state.bookableAssetId ? { bookableAssetId: state.bookableAssetId } : {}),
    ...(state.purpose ? { purpose: state.purpose } : {}),
    ...(state.text ? { text: state.text } : {}),
    ...(state.mine ? { assignee: 'me' as const } : {}),
    sort: state.sort,
    page: state.page - 1,
    pageSize: PAGE_SIZE,
  };
}

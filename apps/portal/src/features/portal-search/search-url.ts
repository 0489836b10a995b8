import type { PortalSearch } from '@lokaler/api-client/search';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { daysOfWeek, type DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { searchRepetitions, type SearchRepetition } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { dropAllTag, isSearchComplete, searchTypes, type SearchFormValues, type SearchType } from '@lokaler/domain/search-form';

/**
 * The new portal's search lives in the URL, so a search is a link to share (spec 01 §2):
 *
 *   searchType  the view: 'map' or 'list'; anything else (or none) is the entry page
 *   loanType    singleLoan | recurringLoan (the form's searchType)
 *   tagIds      repeated; the 'alle' tag is dropped
 *   date        single loan, YYYY-MM-DD
 *   from, to    recurring loan, YYYY-MM-DD
 *   duration    ISO PT{n}H{n}M
 *   repetition  WEEKLYONWEEKDAY | BIWEEKLYONWEEKDAY | MONTHLYONWEEKDAY
 *   daysOfWeek  repeated, MONDAY … SUNDAY
 *
 * The search parameters carry the API's names, so they pass straight to GET /api/search/assets… .
 * Links from a result to the location page carry them too (without searchType), plus ressurs and scrollTo.
 */

export const searchViews = ['map', 'list'] as const;
export type SearchView = (typeof searchViews)[number];

/** Query names that belong to the search (kept on links between the search pages). */
export const searchParamNames = ['loanType', 'tagIds', 'date', 'from', 'to', 'duration', 'repetition', 'daysOfWeek'] as const;

export function readSearchView(params: URLSearchParams): SearchView | null {
  const view = params.get('searchType');
  return searchViews.find((v) => v === view) ?? null;
}

const dateOrEmpty = (value: string | null): string => (value !== null && isValidDate(value) ? value : '');

/** The form's values from the URL. Whatever is not a valid value reads as empty (spec 01 §5: invalid dates are shown empty). */
export function readSearchValues(params: URLSearchParams): SearchFormValues {
  const loanType = params.get('loanType');
  const searchType: SearchType = searchTypes.find((t) => t === loanType) ?? 'singleLoan';
  const repetition = params.get('repetition');
  const weekdays = new Set(params.getAll('daysOfWeek'));
  return {
    searchType,
    tagIds: [...new Set(dropAllTag(params.getAll('tagIds')))],
    date: dateOrEmpty(params.get('date')),
    from: dateOrEmpty(params.get('from')),
    to: dateOrEmpty(params.get('to')),
    duration: params.get('duration') ?? '',
    repetition: searchRepetitions.find((r) => r === repetition) ?? '',
    daysOfWeek: daysOfWeek.filter((d) => weekdays.has(d)),
  };
}

/**
 * The query for these values: only the fields of the chosen loan type, in a stable order. Other
 * parameters of `base` (searchType, ressurs, scrollTo …) are kept.
 */
export function writeSearchValues(values: SearchFormValues, base: URLSearchParams = new URLSearchParams()): URLSearchParams {
  const params = new URLSearchParams(base);
  for (const name of searchParamNames) params.delete(name);
  params.set('loanType', values.searchType);
  for (const id of dropAllTag(values.tagIds)) params.append('tagIds', String(id));
  if (values.searchType === 'singleLoan') {
    if (values.date) params.set('date', values.date);
  } else {
    if (values.from) params.set('from', values.from);
    if (values.to) params.set('to', values.to);
  }
  if (values.duration) params.set('duration', values.duration);
  if (values.searchType === 'recurringLoan') {
    if (values.repetition) params.set('repetition', values.repetition);
    for (const day of daysOfWeek) if (values.daysOfWeek.includes(day)) params.append('daysOfWeek', day);
  }
  return params;
}

/** The call to make for these values, or null while the search is not complete (spec 01 §5: it runs only then). */
export function toPortalSearch(values: SearchFormValues): PortalSearch | null {
  if (!isSearchComplete(values)) return null;
  if (values.searchType === 'singleLoan') return { kind: 'single', tagIds: values.tagIds, date: values.date, duration: values.duration };
  return {
    kind: 'recurring',
    tagIds: values.tagIds,
    from: values.from,
    to: values.to,
    duration: values.duration,
    repetition: values.repetition as SearchRepetition,
    daysOfWeek: values.daysOfWeek as DayOfWeek[],
  };
}

/** Only the search's own parameters of a URL (for links to the location page, which add ressurs and scrollTo). */
export function searchOnly(params: URLSearchParams): URLSearchParams {
  const out = new URLSearchParams();
  for (const [key, value] of params) if ((searchParamNames as readonly string[]).includes(key)) out.append(key, value);
  return out;
}

/** Link to the search page in one view, with the search of `params`. */
export function portalSearchHref(view: SearchView | null, params: URLSearchParams): string {
  const query = searchOnly(params);
  if (view) query.set('searchType', view);
  const qs = query.toString();
  return qs ? `/portal?${qs}` : '/portal';
}

/**
 * Links from results to their location page (spec 01 §2): ?ressurs={id}&scrollTo={id} plus the search,
 * without the view. The search's own parameters are read once for a whole list, not per result
 * (decision 025: a page of results built 30 URLSearchParams).
 */
export function locationHrefsFor(params: URLSearchParams): (locationId: number, bookableAssetId?: number) => string {
  const search = searchOnly(params).toString();
  return (locationId, bookableAssetId) => {
    const room = bookableAssetId === undefined ? '' : `ressurs=${bookableAssetId}&scrollTo=${bookableAssetId}`;
    const qs = room && search ? `${room}&${search}` : room || search;
    return `/lokale/${locationId}${qs ? `?${qs}` : ''}`;
  };
}

/** Link from a result to its location page: see locationHrefsFor. */
export function portalLocationHref(locationId: number, params: URLSearchParams, bookableAssetId?: number): string {
  return locationHrefsFor(params)(locationId, bookableAssetId);
}

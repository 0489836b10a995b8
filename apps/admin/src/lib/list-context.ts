import { useSearchParams } from 'react-router';

/**
 * 'Neste søknad' (decision 065): a booking opened from the request list carries that list's query
 * string in `?liste=` (URL-encoded), kept from the booking page to its approval page and back, so the
 * next application can be found in the same filters and order.
 */
export const LIST_PARAM = 'liste';

/** The href with the list's query string attached; unchanged when there is no list. */
export function withList(href: string, listSearch: string | null): string {
  return listSearch === null ? href : `${href}?${new URLSearchParams({ [LIST_PARAM]: listSearch }).toString()}`;
}

/** The list this page was opened from ('' is the plain list), or null when it was not opened from one. */
export function useListSearch(): string | null {
  const [search] = useSearchParams();
  return search.get(LIST_PARAM);
}

import { paths } from '../../config/paths';

export type RegistrationTarget = { kind: 'external'; url: string } | { kind: 'internal'; to: string; receipt?: SentReceipt };

/** What the home page shows after a booking sent without nextLink: that it was sent, and where to follow it. */
export interface SentReceipt {
  sentBookingId: number;
  /** The dates sent without (decision 027), named for the receipt; absent when none. */
  omittedDates?: string[];
}

/**
 * Where the registration page goes once the booking exists (spec 01 §2 "Booking registration page"):
 * - nextLink starting with http: that address with bookingId appended — only when it is the rooms'
 *   own booking-flow link, so a crafted /send?nextLink=… cannot send people (and their booking id) away;
 * - another in-app path: there, with the query parameters bookingId and activityType;
 * - none: '/', as the spec says — the citizen is done and back at the start — with the receipt in the
 *   navigation's state: the home page then says the application was sent and links to it, so going
 *   back to the start never leaves them wondering whether it went through.
 */
export function registrationTarget({
  nextLink,
  bookingId,
  activityType,
  trustedExternalLinks,
  omitted = [],
}: {
  nextLink: string | null;
  bookingId: number;
  activityType: string | null;
  trustedExternalLinks: readonly string[];
  omitted?: readonly string[];
}): RegistrationTarget {
  const fallback: RegistrationTarget = {
    kind: 'internal',
    to: paths.home.getHref(),
    receipt: { sentBookingId: bookingId, ...(omitted.length > 0 ? { omittedDates: [...omitted] } : {}) },
  };
  if (!nextLink) return fallback;
  if (/^https?:\/\//i.test(nextLink)) {
    if (!trustedExternalLinks.includes(nextLink)) return fallback;
    return { kind: 'external', url: `${nextLink}${nextLink.includes('?') ? '&' : '?'}bookingId=${bookingId}` };
  }
  if (!nextLink.startsWith('/') || nextLink.startsWith('//') || nextLink.startsWith('/\\')) return fallback;
  const url = new URL(nextLink, 'http://localhost');
  url.searchParams.set('bookingId', String(bookingId));
  if (activityType) url.searchParams.set('activityType', activityType);
  return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
}

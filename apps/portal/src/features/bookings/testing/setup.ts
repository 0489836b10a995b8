import { configure } from '@testing-library/react';
import { stubApi } from '../../../testing/render-portal';
import { buildUserBooking } from './booking-factories';

// Shared by every portal screen test; exported here too, where the booking pages' tests have taken it from.
export { resetBrowserState, setUpPortalTests } from '../../../testing/browser-state';

// The first render of a file compiles the whole portal; a cold start may take more than the default 1 s.
configure({ asyncUtilTimeout: 5000 });

/** Kari as GET /api/currentuser/roles answers for her (users.id 1, the portal's PUBLIC group). */
export const kariRoles = { userId: 1, name: 'Kari Nordmann', email: 'kari.nordmann@example.no', portal: 'PUBLIC', roles: ['PUBLIC'] };

/** A JSON answer with a status, for stubApi's function answers. */
export function json(body: unknown, status = 200): Response {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The calls the fake API received, as 'METHOD /path?query'. */
export function callsOf(fetchMock: { mock: { calls: unknown[][] } }): string[] {
  return fetchMock.mock.calls.map(([input, init]) => {
    const url = new URL(String(input), 'http://localhost');
    return `${(init as RequestInit | undefined)?.method ?? 'GET'} ${url.pathname}${url.search}`;
  });
}

/** The answers /bookinger/:bookingId needs for `booking` (roles, the booking, its contract, information and invoices), plus `extra`. */
export function stubBooking(booking = buildUserBooking(), extra: Record<string, unknown> = {}) {
  return stubApi({
    '/api/currentuser/roles': kariRoles,
    [`/api/user/booking/${booking.bookingId}`]: booking,
    [`/api/user/retroactive-contract/${booking.bookingId}`]: { text: '' },
    [`/api/user/booking/${booking.bookingId}/infoforleietaker`]: { heading: '', description: '', links: [] },
    [`/api/user/booking/${booking.bookingId}/invoices`]: [],
    ...extra,
  });
}

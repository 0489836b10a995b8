import type { HTTPMethods } from 'fastify';
import { inDays } from '../../test/factories/calendar';

/**
 * Who may call which route of a location's setup (decision 015): every route ×
 * every kind of caller. The table is data: a route that is not registered makes its rows FAIL (never
 * skip), so a row is moved from `pendingRoutes` into `locationSetupRoutes` when its module is merged.
 */

/** What a row is about: a fresh location (with its administrator Siri and a co-administrator) per call. */
export interface Target {
  locationId: number;
  roomId: number;
  /** A second administrator of the location, to remove. */
  coAdminEmail: string;
  /** A closed-date range of the location. */
  closedRangeId: number;
  /** The location's invitation link, claimed by the location's administrator. */
  linkId: string;
  invitationId: number;
}

/**
 * settings: the location's administrators and the city-wide ones (assertManagesLocation).
 * handling: only the location's administrators (assertAdministers: applications, money).
 * city: only city-wide administrators (creating locations).
 */
export type Access = 'settings' | 'handling' | 'city';

export interface RouteRow {
  name: string;
  method: HTTPMethods;
  /** The route as registered (Fastify's pattern), to check it exists. */
  route: string;
  url: (t: Target) => string;
  body?: (t: Target) => unknown;
  access: Access;
  /** The answer of an allowed caller. */
  ok: number;
}

const date = inDays(40);
const roomFields = {
  name: 'Møterom',
  externalAssetNumber: null,
  capacity: 10,
  squareMeters: null,
  assetTypeId: null,
  tagIds: [],
  assetInfoMessage: null,
  hasOslonokkelen: false,
  allowRepeatedBookingsForPublicUser: true,
  allowSingleBookingsForPublicUser: true,
  maxOneTimeslotPerBookingForPublicUser: false,
  visible: true,
};

/** The rows in force: every route of decision 015 registered in this branch. */
export const locationSetupRoutes: RouteRow[] = [
  // New locations (city-wide administrators) and the wizard. The claim itself is left out: any
  // admin-client token may claim an unused link (that is the design), so it has no matrix.
  {
    name: 'create location',
    method: 'POST',
    route: '/api/admin/new-locations',
    url: () => '/api/admin/new-locations',
    body: () => ({ name: 'Testskolen', publicLocationType: 'SCHOOLS', geographicAreaId: 'sagene', adminEmail: 'ny.admin@oslo.kommune.no' }),
    access: 'city',
    ok: 201,
  },
  { name: 'invitations', method: 'GET', route: '/api/admin/new-locations', url: () => '/api/admin/new-locations', access: 'city', ok: 200 },
  // The target's invitation is claimed: a city admin passes the access check and hears it cannot be sent again.
  {
    name: 'resend invitation',
    method: 'POST',
    route: '/api/admin/new-locations/:id/resend',
    url: (t) => `/api/admin/new-locations/${t.invitationId}/resend`,
    access: 'city',
    ok: 409,
  },
  {
    name: 'wizard',
    method: 'GET',
    route: '/api/admin/new-location/:linkId',
    url: (t) => `/api/admin/new-location/${t.linkId}`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'wizard step',
    method: 'PUT',
    route: '/api/admin/new-location/:linkId/steps/:step',
    url: (t) => `/api/admin/new-location/${t.linkId}/steps/informasjon-om-lokalet`,
    body: () => ({ status: 'STARTED' }),
    access: 'settings',
    ok: 200,
  },
  // The target location is published already: publishing again answers it (200).
  {
    name: 'publish',
    method: 'POST',
    route: '/api/admin/new-location/:linkId/publish',
    url: (t) => `/api/admin/new-location/${t.linkId}/publish`,
    access: 'settings',
    ok: 200,
  },
  // Location fields, preferences, texts
  {
    name: 'location',
    method: 'GET',
    route: '/api/admin/location/:id',
    url: (t) => `/api/admin/location/${t.locationId}`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'change location',
    method: 'PUT',
    route: '/api/admin/location/:id',
    url: (t) => `/api/admin/location/${t.locationId}`,
    access: 'settings',
    ok: 200,
    body: () => ({
      name: 'Sagene skole',
      publicLocationType: 'SCHOOLS',
      filterCategory: 'SCHOOLS',
      geographicAreaId: 'sagene',
      streetAddress: null,
      postCode: null,
      city: null,
      phoneNumber: null,
      contactEmail: null,
      homepage: null,
      externalUrl: null,
      companyCode: null,
      informationMessage: null,
      lat: null,
      lng: null,
    }),
  },
  {
    name: 'preferences',
    method: 'GET',
    route: '/api/preferences/location/:id',
    url: (t) => `/api/preferences/location/${t.locationId}`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'set preferences',
    method: 'PUT',
    route: '/api/preferences/location/:id',
    url: (t) => `/api/preferences/location/${t.locationId}`,
    access: 'settings',
    ok: 200,
    body: () => ({
      behandlingstid: 2,
      minBookingDurationMinutes: null,
      requireCostCategory: false,
      displayInPortal: true,
      allowRepeatedBookingsForPublicUser: true,
      allowSingleBookingsForPublicUser: true,
      maxOneTimeslotPerBookingForPublicUser: false,
    }),
  },
  {
    name: 'about texts',
    method: 'PUT',
    route: '/api/admin/location/:id/about',
    url: (t) => `/api/admin/location/${t.locationId}/about`,
    body: () => ({ whoCanApply: '<p>Alle</p>', locationCosts: null, loanCriteria: null }),
    access: 'settings',
    ok: 200,
  },
  {
    name: 'tenant info',
    method: 'GET',
    route: '/api/admin/location/:id/tenant-info',
    url: (t) => `/api/admin/location/${t.locationId}/tenant-info`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'set tenant info',
    method: 'PUT',
    route: '/api/admin/location/:id/tenant-info',
    url: (t) => `/api/admin/location/${t.locationId}/tenant-info`,
    body: () => ({ heading: 'Velkommen', description: 'Nøkkel i resepsjonen', links: [] }),
    access: 'settings',
    ok: 200,
  },
  // Rooms
  {
    name: 'rooms',
    method: 'GET',
    route: '/api/admin/bookableasset/:id/bookableassets',
    url: (t) => `/api/admin/bookableasset/${t.locationId}/bookableassets`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'add room',
    method: 'POST',
    route: '/api/admin/location/:id/bookableassets',
    url: (t) => `/api/admin/location/${t.locationId}/bookableassets`,
    body: () => roomFields,
    access: 'settings',
    ok: 201,
  },
  {
    name: 'change room',
    method: 'PUT',
    route: '/api/admin/bookableasset/:id',
    url: (t) => `/api/admin/bookableasset/${t.roomId}`,
    body: () => ({ ...roomFields, name: 'Nytt navn' }),
    access: 'settings',
    ok: 200,
  },
  {
    name: 'delete room',
    method: 'DELETE',
    route: '/api/admin/bookableasset/:id',
    url: (t) => `/api/admin/bookableasset/${t.roomId}`,
    access: 'settings',
    ok: 204,
  },
  // Co-administrators and rules
  {
    name: 'booking rules',
    method: 'GET',
    route: '/api/location/:id/bookingrules',
    url: (t) => `/api/location/${t.locationId}/bookingrules`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'set booking rules',
    method: 'PUT',
    route: '/api/location/:id/bookingrules',
    url: (t) => `/api/location/${t.locationId}/bookingrules`,
    body: () => ({ rules: { ENABLE_VEDTAK: true } }),
    access: 'settings',
    ok: 200,
  },
  {
    name: 'administrators',
    method: 'GET',
    route: '/api/location/:id/admins',
    url: (t) => `/api/location/${t.locationId}/admins`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'add administrator',
    method: 'POST',
    route: '/api/location/:id/admins',
    url: (t) => `/api/location/${t.locationId}/admins`,
    body: () => ({ email: 'ny.admin@oslo.kommune.no' }),
    access: 'settings',
    ok: 200,
  },
  {
    name: 'remove administrators',
    method: 'DELETE',
    route: '/api/location/:id/admins',
    url: (t) => `/api/location/${t.locationId}/admins`,
    body: (t) => ({ emails: [t.coAdminEmail] }),
    access: 'settings',
    ok: 200,
  },
  // Blocked times
  {
    name: 'block times',
    method: 'PUT',
    route: '/api/bookableasset/:id/blockedtimes',
    url: (t) => `/api/bookableasset/${t.roomId}/blockedtimes`,
    body: () => ({ timeslotsByDate: { [date]: [{ startTime: '16:00:00', blocked: true, duration: 'PT1H' }] } }),
    access: 'settings',
    ok: 200,
  },
  {
    name: 'blocked times',
    method: 'GET',
    route: '/api/bookableasset/:id/blockedtimes/schedule',
    url: (t) => `/api/bookableasset/${t.roomId}/blockedtimes/schedule?fromInclusive=${date}&toInclusive=${date}`,
    access: 'settings',
    ok: 200,
  },
  // Audit log
  {
    name: 'audit log',
    method: 'GET',
    route: '/api/location/:id/auditlog',
    url: (t) => `/api/location/${t.locationId}/auditlog`,
    access: 'settings',
    ok: 200,
  },
  // Handling applications stays with the location's own administrators (for contrast).
  {
    name: 'applications',
    method: 'GET',
    route: '/api/booking',
    url: (t) => `/api/booking?locationId=${t.locationId}`,
    access: 'handling',
    ok: 200,
  },

  // Opening hours and closed dates
  {
    name: 'opening hours',
    method: 'GET',
    route: '/api/admin/location/:id/openinghours',
    url: (t) => `/api/admin/location/${t.locationId}/openinghours`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'set opening hours',
    method: 'PUT',
    route: '/api/admin/location/:id/openinghours',
    url: (t) => `/api/admin/location/${t.locationId}/openinghours`,
    body: () => ({ standard: [{ weekday: 1, opens: '16:00', closes: '22:00' }], periods: [] }),
    access: 'settings',
    ok: 200,
  },
  {
    name: 'closed dates',
    method: 'GET',
    route: '/api/admin/location/:id/closeddates',
    url: (t) => `/api/admin/location/${t.locationId}/closeddates`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'close dates',
    method: 'POST',
    route: '/api/admin/location/:id/closeddates',
    url: (t) => `/api/admin/location/${t.locationId}/closeddates`,
    body: () => ({ fromDate: inDays(50), toDate: inDays(52), reason: 'Vinterferie' }),
    access: 'settings',
    ok: 201,
  },
  {
    name: 'reopen dates',
    method: 'DELETE',
    route: '/api/admin/location/:id/closeddates/:rangeId',
    url: (t) => `/api/admin/location/${t.locationId}/closeddates/${t.closedRangeId}`,
    access: 'settings',
    ok: 204,
  },
  // The reimbursement report: the location's administrators and the city-wide ones (assertManagesLocation).
  {
    name: 'reimbursement',
    method: 'GET',
    route: '/api/location/:id/reimbursement',
    url: (t) => `/api/location/${t.locationId}/reimbursement?fromDateInclusive=${inDays(-30)}&toDateExclusive=${inDays(1)}`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'reimbursement as CSV',
    method: 'GET',
    route: '/api/location/:id/reimbursement.csv',
    url: (t) => `/api/location/${t.locationId}/reimbursement.csv?fromDateInclusive=${inDays(-30)}&toDateExclusive=${inDays(1)}`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'reimbursement sums as CSV',
    method: 'GET',
    route: '/api/location/:id/reimbursement-sums.csv',
    url: (t) => `/api/location/${t.locationId}/reimbursement-sums.csv?fromDateInclusive=${inDays(-30)}&toDateExclusive=${inDays(1)}`,
    access: 'settings',
    ok: 200,
  },
  // The location's calendar feed (decision 024): settings-level, like the location's own pages.
  {
    name: 'calendar feed',
    method: 'GET',
    route: '/api/admin/location/:id/calendar-feed',
    url: (t) => `/api/admin/location/${t.locationId}/calendar-feed`,
    access: 'settings',
    ok: 200,
  },
  {
    name: 'rotate calendar feed',
    method: 'POST',
    route: '/api/admin/location/:id/calendar-feed/rotate',
    url: (t) => `/api/admin/location/${t.locationId}/calendar-feed/rotate`,
    access: 'settings',
    ok: 200,
  },
];

/**
 * Routes of decision 015 other branches are building: NOT iterated yet. After merging a module, move
 * its rows into `locationSetupRoutes` (adjust a body to the merged schema if it differs).
 */
export const pendingRoutes: RouteRow[] = [];

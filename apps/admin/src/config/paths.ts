/**
 * Every route of the admin app, relative to its base /admin/ (the router's basename adds it):
 * `path` for the router, `getHref` for links. Screens of later issues are listed so they share the
 * constants; the router only mounts what exists.
 */
const enc = encodeURIComponent;

/** Steps of the location wizard (spec 02 §2). */
export type NewLocationStep =
  'informasjon-om-lokalet' | 'tilganger' | 'innstillinger' | 'apningstider' | 'stengte-datoer' | 'legg-til-rom' | 'om-lan-og-leie';

/** The tabs of the opening-hours settings. */
export type OpeningHoursTab = 'apningstider' | 'stengte-datoer';

const lokale = (locationId: number | undefined) => (locationId === undefined ? '' : `?lokale=${locationId}`);
const settingsSection = (section: string) => ({
  path: `/innstillinger/lokalet/${section}`,
  getHref: (locationId?: number) => `/innstillinger/lokalet/${section}${lokale(locationId)}`,
});

export const paths = {
  home: { path: '/', getHref: () => '/' },
  authCallback: { path: '/auth/callback', getHref: () => '/auth/callback' },
  notFound: { path: '/404', getHref: () => '/404' },
  /** A location's applications; filters, sort and page live in the query (see lib/list-url-state). */
  locationRequests: {
    path: '/lokaler/:locationId/soknader',
    getHref: (locationId: number, search = '') => `/lokaler/${locationId}/soknader${search}`,
  },
  /** The week calendar of a location's rooms; ?uke=YYYY-MM-DD (any day of the week). */
  locationCalendar: {
    path: '/lokaler/:locationId/kalender',
    getHref: (locationId: number, week?: string) => `/lokaler/${locationId}/kalender${week ? `?uke=${week}` : ''}`,
  },
  /** A location's statistics (decision 068); ?fra=YYYY-MM-DD&til=YYYY-MM-DD, both included. */
  locationStatistics: {
    path: '/lokaler/:locationId/statistikk',
    getHref: (locationId: number, search = '') => `/lokaler/${locationId}/statistikk${search}`,
  },
  /** A location's Fakturagrunnlag (decision 071); ?periode=YYYY-MM, the month before today's without it. */
  locationInvoicing: {
    path: '/lokaler/:locationId/faktura',
    getHref: (locationId: number, period?: string) => `/lokaler/${locationId}/faktura${period ? `?periode=${period}` : ''}`,
  },
  /** The whole city's statistics, for a city-wide administrator (decision 068). */
  cityStatistics: { path: '/statistikk', getHref: (search = '') => `/statistikk${search}` },
  booking: { path: '/soknader/:bookingId', getHref: (bookingId: number) => `/soknader/${bookingId}` },
  approveBooking: { path: '/soknader/:bookingId/godkjenn', getHref: (bookingId: number) => `/soknader/${bookingId}/godkjenn` },
  /** Spec 02 §3: the administrator adds times to a booking. */
  addBookingTimes: { path: '/soknader/:bookingId/legg-til-tider', getHref: (bookingId: number) => `/soknader/${bookingId}/legg-til-tider` },
  /** Spec 02 §6: the administrator books a location's room (on behalf of someone, internal, unavailable). */
  newAdminBooking: { path: '/lokaler/:locationId/ny-booking', getHref: (locationId: number) => `/lokaler/${locationId}/ny-booking` },
  newLocation: {
    path: '/nytt-lokale/:linkId/:step?',
    getHref: (linkId: string, step?: NewLocationStep) => `/nytt-lokale/${enc(linkId)}${step ? `/${step}` : ''}`,
  },
  /** Settings of one location (decision 015); without ?lokale= the first location the caller administers. */
  locationSettings: { path: '/innstillinger/lokalet', getHref: (locationId?: number) => `/innstillinger/lokalet${lokale(locationId)}` },
  locationInfoSettings: settingsSection('informasjon'),
  /** Tabs 'apningstider' and 'stengte-datoer'. */
  openingHoursSettings: {
    path: '/innstillinger/lokalet/apningstider/:tab',
    getHref: (tab: OpeningHoursTab, locationId?: number) => `/innstillinger/lokalet/apningstider/${enc(tab)}${lokale(locationId)}`,
  },
  roomsSettings: settingsSection('rom'),
  adminsSettings: settingsSection('tilganger'),
  preferencesSettings: settingsSection('innstillinger'),
  aboutSettings: settingsSection('om-lan-og-leie'),
  blockedTimesSettings: settingsSection('blokkerte-tider'),
  reimbursementSettings: settingsSection('refusjon'),
  auditLogSettings: settingsSection('endringslogg'),
  /** City-wide administrator: create a location and invite its first administrator. */
  newLocations: { path: '/innstillinger/nye-lokaler', getHref: () => '/innstillinger/nye-lokaler' },
  /** Blocked times of a room: ?lokale={locationId}&rom={roomId}&uke=YYYY-MM-DD (each optional). */
  blockedTimes: {
    path: '/innstillinger/lokalet/blokkerte-tider',
    getHref: (query: { lokale?: number; rom?: number; uke?: string } = {}) =>
      `/innstillinger/lokalet/blokkerte-tider${settingsQuery(query)}`,
  },
  /** Semester rounds (decision 030): the list, a new round, a round and one room's conflict view. */
  rounds: { path: '/soknadsrunder', getHref: () => '/soknadsrunder' },
  newRound: { path: '/soknadsrunder/ny', getHref: () => '/soknadsrunder/ny' },
  round: { path: '/soknadsrunder/:roundId', getHref: (roundId: number) => `/soknadsrunder/${roundId}` },
  editRound: { path: '/soknadsrunder/:roundId/endre', getHref: (roundId: number) => `/soknadsrunder/${roundId}/endre` },
  roundRoom: {
    path: '/soknadsrunder/:roundId/rom/:roomId',
    getHref: (roundId: number, roomId: number) => `/soknadsrunder/${roundId}/rom/${roomId}`,
  },
  /** The audit log of a location's settings: ?lokale={locationId}. */
  auditLog: {
    path: '/innstillinger/lokalet/endringslogg',
    getHref: (locationId?: number) => `/innstillinger/lokalet/endringslogg${settingsQuery({ lokale: locationId })}`,
  },
} as const;

/** '?lokale=7&rom=3' from the parts that are set. */
function settingsQuery(query: Record<string, string | number | undefined>): string {
  const params = new URLSearchParams(
    Object.entries(query)
      .filter((e): e is [string, string | number] => e[1] !== undefined)
      .map(([k, v]) => [k, String(v)]),
  );
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The admin app's main page as a full URL path (error pages link here with a full page load). */
export const adminHomeHref = '/admin/';

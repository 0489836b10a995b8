/**
 * Every route of the portal (spec 01 §2 route table, spec 02 §2 applicant routes): `path` for the
 * router, `getHref` for links. Routes whose screens are not built yet are listed so links and later
 * issues use the same constants; the router only mounts what exists (the rest hits the 404 catch-all).
 */

/** Slugs of the category filter on /oversikt (query kategorier). */
export type VenueCategorySlug = 'bydelslokaler' | 'skoler' | 'biblioteker' | 'barnehager';

function withQuery(path: string, query: Record<string, string | readonly string[] | number | boolean | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === false) continue;
    if (Array.isArray(value)) {
      if (value.length) params.set(key, value.join(','));
    } else params.set(key, String(value));
  }
  const qs = params.toString();
  return qs ? `${path}?${qs}` : path;
}

const enc = encodeURIComponent;

export const paths = {
  home: { path: '/', getHref: () => '/' },
  /** Leaves the portal for the admin SPA (full page load). */
  admin: { path: '/admin', getHref: () => '/admin/' },
  authCallback: { path: '/auth/callback', getHref: () => '/auth/callback' },
  notFound: { path: '/404', getHref: () => '/404' },

  venues: {
    path: '/oversikt',
    getHref: (query: { kategorier?: readonly VenueCategorySlug[]; tekst?: string; geo?: readonly string[] } = {}) =>
      withQuery('/oversikt', query),
  },
  venue: { path: '/sted/:locationId', getHref: (locationId: number | string) => `/sted/${enc(String(locationId))}` },
  deprecatedLocation: { path: '/location/:locationId', getHref: (locationId: number | string) => `/location/${enc(String(locationId))}` },
  /** Room page with calendar; chosen rooms in the repeated query parameter ressurs. */
  asset: {
    path: '/ressurs',
    getHref: (assetIds: readonly (number | string)[] = []) => {
      const params = new URLSearchParams();
      for (const id of assetIds) params.append('ressurs', String(id));
      const qs = params.toString();
      return qs ? `/ressurs?${qs}` : '/ressurs';
    },
  },
  deprecatedAsset: { path: '/asset/:assetId', getHref: (assetId: number | string) => `/asset/${enc(String(assetId))}` },
  map: { path: '/kart', getHref: () => '/kart' },
  /** The accessibility statement (decision 018), linked from the footer. */
  accessibilityStatement: { path: '/tilgjengelighetserklaering', getHref: () => '/tilgjengelighetserklaering' },
  contactUs: { path: '/kontakt-oss', getHref: (referringPage?: string) => withQuery('/kontakt-oss', { referringPage }) },
  /** Application form; query purpose, activityType, nextLink. */
  send: {
    path: '/send',
    getHref: (query: { purpose?: string; activityType?: string; nextLink?: string } = {}) => withQuery('/send', query),
  },
  /** Booking registration page (spec 01 §2; path not given there): posts the booking, then follows nextLink. */
  bookingRegistration: {
    path: '/send/registrering',
    getHref: (query: { nextLink?: string; bookingPortalClient?: string; purpose?: string; activityType?: string } = {}) =>
      withQuery('/send/registrering', query),
  },
  claim: { path: '/claim/:token', getHref: (token: string) => `/claim/${enc(token)}` },

  bookings: { path: '/bookinger', getHref: (query: { showImpersonationDialog?: boolean } = {}) => withQuery('/bookinger', query) },
  /** The person's free-time alerts (decision 022), under Mine bookinger. */
  freeSlotAlerts: { path: '/bookinger/varsler', getHref: () => '/bookinger/varsler' },
  /** The one-click link of a free-time alert's e-mail (no login). */
  freeSlotAlertUnsubscribe: { path: '/varsler/avslutt', getHref: () => '/varsler/avslutt' },
  /** Decision 024: the secret calendar feed URLs of the person's bookings and their organisations'. */
  calendarFeeds: { path: '/bookinger/kalenderabonnement', getHref: () => '/bookinger/kalenderabonnement' },
  /** Decision 057: the person's copy of their data and their deletion request, under Mine bookinger. */
  myData: { path: '/bookinger/mine-data', getHref: () => '/bookinger/mine-data' },
  /** Decision 071: the invoices and credit notes of the identity the person acts as, under Mine bookinger. */
  invoices: { path: '/bookinger/faktura', getHref: () => '/bookinger/faktura' },
  booking: { path: '/bookinger/:bookingId', getHref: (bookingId: number | string) => `/bookinger/${enc(String(bookingId))}` },
  bookingContract: {
    path: '/bookinger/:bookingId/kontrakt',
    getHref: (bookingId: number | string) => `/bookinger/${enc(String(bookingId))}/kontrakt`,
  },
  bookingDecision: {
    path: '/bookinger/:bookingId/vedtak',
    getHref: (bookingId: number | string) => `/bookinger/${enc(String(bookingId))}/vedtak`,
  },
  bookingChangeNote: {
    path: '/bookinger/:bookingId/endringsnotat',
    getHref: (bookingId: number | string) => `/bookinger/${enc(String(bookingId))}/endringsnotat`,
  },
  bookingCancel: {
    path: '/bookinger/:bookingId/kanseller',
    getHref: (bookingId: number | string) => `/bookinger/${enc(String(bookingId))}/kanseller`,
  },
  deprecatedContract: { path: '/kontrakt/:bookingId', getHref: (bookingId: number | string) => `/kontrakt/${enc(String(bookingId))}` },
  deprecatedDecision: { path: '/vedtak/:bookingId', getHref: (bookingId: number | string) => `/vedtak/${enc(String(bookingId))}` },

  newWeddingBooking: {
    path: '/ny-booking/vielse',
    getHref: (bookingId?: number | string) =>
      withQuery('/ny-booking/vielse', { bookingId: bookingId === undefined ? undefined : String(bookingId) }),
  },
  /** A step of the wedding wizard (informasjon, gjennomforing, oppsummering), each its own address. */
  newWeddingBookingStep: {
    path: '/ny-booking/vielse/:step',
    getHref: (step: string, bookingId: number | string) => withQuery(`/ny-booking/vielse/${enc(step)}`, { bookingId: String(bookingId) }),
  },
  newInternalActivity: { path: '/ny-booking/intern-aktivitet', getHref: () => '/ny-booking/intern-aktivitet' },

  /** New portal landing (PORTAL_2_BETA). */
  portalLanding: { path: '/portal', getHref: () => '/portal' },
  /** New portal location page; query ressurs, scrollTo and search parameters. */
  portalLocation: { path: '/lokale/:locationId', getHref: (locationId: number | string) => `/lokale/${enc(String(locationId))}` },
  legacyLocationList: { path: '/lokale', getHref: () => '/lokale' },
  legacyLanding: { path: '/sted', getHref: () => '/sted' },
  legacyList: { path: '/liste', getHref: () => '/liste' },
} as const;

// The server's areas (apps/server/src/<area>/): what each is, and which areas it may use.
// One table, read by eslint.config.js (the zones between areas), scripts/server-areas.test.mjs and
// docs/architecture.md's check. An area uses another only through that area's index.ts; an area's
// `uses` list holds only areas listed before it, so the areas have no loops.
// The layers every area may use (apps/server/src/auth, db, http, integrations, jobs, observability,
// idp, errors.ts, config.ts, paths.ts) use no area; app.ts, areas.ts and main.ts wire the areas.
// seed/ (demo data and the local identity provider's test users) is used by tests, benchmarks and
// the demo services only: main.ts loads it with import() when SEED_DEMO_DATA is on.

export const serverAreas = [
  {
    name: 'platform',
    uses: [],
    about:
      "The portal as a service: health, settings, client settings, the SPAs' hosting, the about text, front-end error reports, contact and support.",
  },
  {
    name: 'people',
    uses: ['platform'],
    about: 'Who is signed in and on whose behalf they act: the current user, organisations and acting for one (impersonation).',
  },
  {
    name: 'locations',
    uses: ['platform', 'people'],
    about:
      'Locations and their rooms as the city sets them up: the catalogue, the new-location wizard, rooms, rules, opening hours, tags, areas, the location audit.',
  },
  {
    name: 'availability',
    uses: ['platform', 'people', 'locations'],
    about: 'When rooms are free: room calendars, search, schedules, blocked times, free-time alerts and calendar feeds.',
  },
  {
    name: 'rounds',
    uses: ['platform', 'people', 'locations', 'availability'],
    about: "Semester rounds: opening a round, the wishes collected in it, the guard that keeps a round's bookings for the round.",
  },
  {
    name: 'bookings',
    uses: ['platform', 'people', 'locations', 'availability', 'rounds'],
    about:
      "A booking's life: applying, the one writer of statuses and the change log, the applicant's bookings, cancellation, claims, documents, contracts and vedtak.",
  },
  {
    name: 'keys',
    uses: ['platform', 'people', 'locations', 'availability', 'bookings'],
    about: 'Digital keys (Oslonøkkelen): sharing a key, granting and withdrawing access as the booking changes.',
  },
  {
    name: 'weddings',
    uses: ['platform', 'people', 'locations', 'availability', 'bookings'],
    about: "Weddings at the town hall: the wizard's hold and application, the certificate of marriage conditions (prøvingsattest).",
  },
  {
    name: 'archive',
    uses: ['platform', 'bookings'],
    about:
      "The city's archive (decision 056): each application a case with journal posts for the application, the decision and the signed contract, sent as Fiks Arkiv arkivmeldinger through an outbox.",
  },
  {
    name: 'privacy',
    uses: ['platform', 'people', 'availability', 'bookings', 'weddings'],
    about:
      "Personal data kept no longer than needed, and the person's own copy and deletion request: the retention rules and their daily job (decision 054), 'Mine data' (decision 057).",
  },
  {
    name: 'casework',
    uses: ['platform', 'people', 'locations', 'availability', 'rounds', 'bookings', 'keys', 'weddings'],
    about:
      "The case officer's work: the booking list and view, approval, rejection, documents, round allocation and closing, the reimbursement report.",
  },
];

/** Folders directly under apps/server/src that are layers, not areas. */
export const serverLayers = ['auth', 'db', 'http', 'idp', 'integrations', 'jobs', 'observability', 'seed'];

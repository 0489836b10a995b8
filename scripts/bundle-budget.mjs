// The JavaScript budget of each SPA route (decision 021): what a browser must download, gzip-compressed,
// before a route can show, summed from the Vite build's own manifest (build.manifest: true).
// A route's JavaScript is the app's entry (index.html) and the modules that route loads on demand
// (its React Router `lazy` module, plus e.g. the map for the map view), each with every chunk it
// imports statically — the files the browser fetches (Vite preloads a lazy chunk's static imports
// with it). Chunks only imported dynamically from there (the map, from the search page) are not
// counted until a row names them. Every chunk the app can load on demand that no row names is
// measured too (entry + that chunk) and held to the app's route limit, so a new lazy route cannot
// slip past the budget unlisted.
//
// `node scripts/bundle-budget.mjs` (or `npm run budget`, which builds first) prints the table and
// exits 1 when a route is over its limit or the route table names a module the build does not have.
import fs from 'node:fs';
import path from 'node:path';
import zlib from 'node:zlib';
import { fileURLToPath } from 'node:url';

/** Vite prints kB of 1,000 bytes; the budget uses the same unit so the figures can be compared. */
export const KB = 1000;

/**
 * The routes of each app and the modules (manifest keys: source paths from the app's folder) each
 * loads on demand. `firstRoute` is where a citizen or administrator lands; `firstRouteLimit` and
 * `routeLimit` are bytes of gzip JavaScript (routeLimit null: figures printed, no limit); a row's
 * own `limit` replaces the app's for that row.
 */
export const budgets = [
  {
    app: 'portal',
    dist: 'apps/portal/dist',
    firstRoute: '/',
    firstRouteLimit: 150 * KB,
    routeLimit: 250 * KB,
    // What the entry imports dynamically as soon as it runs (decision 050, third step: its modules are
    // evaluated in steps; apps/portal/vite.config.ts `withEntry`): part of every route.
    withEntry: ['../../packages/api-client/src/zod-without-eval.ts', 'src/app/start-app.tsx'],
    routes: [
      // A citizen arriving from a link, not logged in: the home page is in the entry itself.
      { route: '/', modules: [] },
      // The same, logged in: the user menu and the OIDC library come with it.
      { route: '/ (logged in)', modules: ['src/components/user-menu.tsx', '../../packages/api-client/src/oidc-auth-client.ts'] },
      { route: '/oversikt', modules: ['src/features/venues/venue-list-page.tsx'] },
      { route: '/sted/:locationId', modules: ['src/features/venues/venue-page.tsx'] },
      { route: '/ressurs', modules: ['src/features/calendar/room-page.tsx'] },
      { route: '/portal', modules: ['src/features/portal-search/portal-search-page.tsx'] },
      {
        // The map view shows its results and the map's box with the page; Leaflet follows into the box.
        // Leaflet alone is ≈ 45 kB (decision 005), more than the rest of the view leaves under 250 kB:
        // the whole view has its own limit, so it cannot grow unseen either (decision 021: raised from
        // 280 to 285 kB when the first paint's boot data and the pages of decisions 022, 024 and 027 took it to 281.4 kB;
        // to 290 kB when decision 050's modules evaluated in steps took it from 282.8 to 287.4 kB).
        route: '/portal?searchType=map, with the map',
        modules: ['src/features/portal-search/portal-search-page.tsx', 'src/features/portal-search/map/results-map.tsx'],
        limit: 290 * KB,
      },
      // Decision 050, third step: the modules evaluated in steps (the entry's, the search's schemas, the
      // page's) take ≈ 4.5 kB more in chunk overhead; the page was at 249.7 kB before.
      { route: '/lokale/:locationId', modules: ['src/features/portal-search/location/location-page.tsx'], limit: 255 * KB },
      { route: '/send', modules: ['src/features/apply/application-page.tsx'] },
      { route: '/send/registrering', modules: ['src/features/apply/registration-page.tsx'] },
      { route: '/kontakt-oss', modules: ['src/features/contact/contact-page.tsx'] },
      { route: '/bookinger', modules: ['src/features/bookings/list/bookings-page.tsx'] },
      { route: '/bookinger/:bookingId', modules: ['src/features/bookings/detail/booking-page.tsx'] },
      { route: '/bookinger/:bookingId/kontrakt', modules: ['src/features/bookings/contract/contract-page.tsx'] },
      { route: '/bookinger/:bookingId/vedtak', modules: ['src/features/bookings/documents/vedtak-page.tsx'] },
      { route: '/bookinger/:bookingId/endringsnotat', modules: ['src/features/bookings/documents/change-note-page.tsx'] },
      { route: '/bookinger/:bookingId/kanseller', modules: ['src/features/bookings/cancel/cancel-page.tsx'] },
      { route: '/ny-booking/vielse', modules: ['src/features/bookings/wedding/wedding-wizard-page.tsx'] },
      { route: '/claim/:token', modules: ['src/features/claim/claim-page.tsx'] },
    ],
  },
  {
    app: 'admin',
    dist: 'apps/admin/dist',
    firstRoute: '/',
    firstRouteLimit: 250 * KB,
    routeLimit: null,
    routes: [
      { route: '/', modules: [] },
      // Administrators are mostly logged in when they open the app: the first route again, with login.
      { route: '/ (logged in)', modules: ['../../packages/api-client/src/oidc-auth-client.ts'], limit: 250 * KB },
      { route: '/lokaler/:locationId/soknader', modules: ['src/features/requests/request-list-page.tsx'] },
      { route: '/lokaler/:locationId/kalender', modules: ['src/features/requests/calendar-page.tsx'] },
      { route: '/soknader/:bookingId', modules: ['src/features/booking/booking-page.tsx'] },
      { route: '/soknader/:bookingId/godkjenn', modules: ['src/features/approval/approval-page.tsx'] },
      { route: '/soknader/:bookingId/legg-til-tider', modules: ['src/features/admin-booking-create/add-times-page.tsx'] },
      { route: '/lokaler/:locationId/ny-booking', modules: ['src/features/admin-booking-create/new-booking-page.tsx'] },
      { route: '/nytt-lokale/:linkId/:step?', modules: ['src/app/new-location-route.tsx'] },
      {
        route: '/innstillinger/lokalet/informasjon',
        modules: ['src/features/location-settings/settings-layout.tsx', 'src/features/location-settings/settings-sections-pages.tsx'],
      },
      {
        route: '/innstillinger/lokalet/informasjon, with the map',
        modules: [
          'src/features/location-settings/settings-layout.tsx',
          'src/features/location-settings/settings-sections-pages.tsx',
          'src/features/location-settings/position-map.tsx',
        ],
      },
      { route: '/innstillinger/lokalet/blokkerte-tider', modules: ['src/features/blocked-times/blocked-times-page.tsx'] },
      { route: '/innstillinger/lokalet/refusjon', modules: ['src/features/reimbursement/reimbursement-page.tsx'] },
      { route: '/innstillinger/lokalet/endringslogg', modules: ['src/features/audit-log/audit-log-page.tsx'] },
      { route: '/innstillinger/nye-lokaler', modules: ['src/features/new-locations/new-locations-page.tsx'] },
      { route: '/soknadsrunder', modules: ['src/features/rounds/rounds-page.tsx'] },
      { route: '/soknadsrunder/ny', modules: ['src/features/rounds/new-round-page.tsx'] },
      { route: '/soknadsrunder/:roundId', modules: ['src/features/rounds/round-page.tsx'] },
      { route: '/soknadsrunder/:roundId/endre', modules: ['src/features/rounds/edit-round-page.tsx'] },
      { route: '/soknadsrunder/:roundId/rom/:roomId', modules: ['src/features/rounds/conflict-page.tsx'] },
    ],
  },
];

/** The manifest keys reachable from `keys` through static imports (the keys included). */
export function staticClosure(manifest, keys) {
  const seen = new Set();
  const visit = (key) => {
    if (seen.has(key)) return;
    const chunk = manifest[key];
    if (!chunk) throw new Error(`the build's manifest has no chunk ${key}`);
    seen.add(key);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return seen;
}

/** The manifest key of the app's entry (index.html). */
export function entryKey(manifest) {
  const entries = Object.keys(manifest).filter((key) => manifest[key].isEntry);
  if (entries.length !== 1) throw new Error(`expected one entry in the build's manifest, found ${entries.length}`);
  return entries[0];
}

/**
 * The JavaScript and CSS files a route loads: the entry's and the route's modules' static closures.
 * `gzipSize(file)` gives a file's gzip bytes; each file counts once however many chunks import it.
 */
export function routeFigures(manifest, modules, gzipSize) {
  const keys = staticClosure(manifest, [entryKey(manifest), ...modules]);
  const js = new Set();
  const css = new Set();
  for (const key of keys) {
    const chunk = manifest[key];
    if (chunk.file.endsWith('.js')) js.add(chunk.file);
    for (const file of chunk.css ?? []) css.add(file);
  }
  const sum = (files) => [...files].reduce((total, file) => total + gzipSize(file), 0);
  return { jsGzip: sum(js), cssGzip: sum(css), jsFiles: js.size };
}

/**
 * One row per route of the app's table, then one per chunk loaded on demand that no route names,
 * each with its figures, its limit and whether it keeps to it. Throws when the table names a module
 * the manifest does not have (a renamed page must be renamed here too).
 */
export function budgetRows(budget, manifest, gzipSize) {
  const withEntry = budget.withEntry ?? [];
  const named = new Set([...withEntry, ...budget.routes.flatMap((r) => r.modules)]);
  for (const key of named) {
    if (!manifest[key]) throw new Error(`${budget.app}: the budget's route table names ${key}, which the build does not have as a chunk`);
  }
  const rows = budget.routes.map(({ route, modules, limit }) => ({ route, modules, limit }));
  const loadedOnDemand = new Set(Object.values(manifest).flatMap((chunk) => chunk.dynamicImports ?? []));
  for (const key of [...loadedOnDemand].filter((k) => !named.has(k)).sort()) {
    rows.push({ route: `(on demand) ${describeChunk(manifest, key)}`, modules: [key] });
  }
  return rows.map(({ route, modules, limit: own }) => {
    const limit = own ?? (route === budget.firstRoute ? budget.firstRouteLimit : budget.routeLimit);
    const figures = routeFigures(manifest, [...withEntry, ...modules], gzipSize);
    return { app: budget.app, route, ...figures, limit, ok: limit === null || figures.jsGzip <= limit };
  });
}

/** A chunk's source path (without the climb out of the app's folder), or its name for a shared chunk. */
function describeChunk(manifest, key) {
  const chunk = manifest[key];
  return chunk.src ? chunk.src.replace(/^(\.\.\/)+/, '') : `${chunk.name} (shared chunk)`;
}

const kb = (bytes) => (bytes / KB).toFixed(1);

/** The table printed on every run. */
export function formatTable(rows) {
  const header = ['app', 'route', 'JS gzip kB', 'limit kB', 'files', 'CSS gzip kB', ''];
  const lines = rows.map((r) => [
    r.app,
    r.route,
    kb(r.jsGzip),
    r.limit === null ? '–' : kb(r.limit),
    String(r.jsFiles),
    kb(r.cssGzip),
    r.ok ? 'ok' : 'OVER',
  ]);
  const widths = header.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const numeric = new Set([2, 3, 4, 5]);
  const format = (cells) =>
    cells
      .map((c, i) => (numeric.has(i) ? c.padStart(widths[i]) : c.padEnd(widths[i])))
      .join('  ')
      .trimEnd();
  return [format(header), widths.map((w) => '-'.repeat(w)).join('  '), ...lines.map(format)].join('\n');
}

/** Gzip bytes of a built file, at the level the server's precompressed .gz copies use. */
function gzipSizeIn(dist) {
  const cache = new Map();
  return (file) => {
    if (!cache.has(file))
      cache.set(file, zlib.gzipSync(fs.readFileSync(path.join(dist, file)), { level: zlib.constants.Z_BEST_COMPRESSION }).length);
    return cache.get(file);
  };
}

function main() {
  const root = fileURLToPath(new URL('..', import.meta.url));
  const rows = [];
  const problems = [];
  for (const budget of budgets) {
    const dist = path.join(root, budget.dist);
    const manifestFile = path.join(dist, '.vite', 'manifest.json');
    if (!fs.existsSync(manifestFile)) {
      problems.push(`${budget.app}: no build manifest at ${path.relative(root, manifestFile)} (run "node scripts/build.mjs" first)`);
      continue;
    }
    const manifest = JSON.parse(fs.readFileSync(manifestFile, 'utf8'));
    try {
      rows.push(...budgetRows(budget, manifest, gzipSizeIn(dist)));
    } catch (error) {
      problems.push(error.message);
    }
  }
  console.log(formatTable(rows));
  for (const row of rows.filter((r) => !r.ok))
    problems.push(`${row.app} ${row.route}: ${kb(row.jsGzip)} kB of gzip JavaScript, over its ${kb(row.limit)} kB budget`);
  for (const problem of problems) console.error(`budget: ${problem}`);
  process.exit(problems.length ? 1 : 0);
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();

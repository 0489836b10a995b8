import fs from 'node:fs';
import path from 'node:path';
import { bootDataJson, BOOT_DATA_ELEMENT_ID, type BootData } from '@lokaler/domain/boot-data';

/**
 * Issue 15 point 3: each SPA's index.html as the server sends it, with what shortens the first page's
 * critical chain (docs/decisions, "w15-paint-first-paint"):
 * - the boot data (packages/domain/src/boot-data.ts): login configuration and server settings, so the
 *   app renders as soon as its script has run, instead of after one more round trip;
 * - `<link rel="modulepreload">` for the code of the page asked for (its lazy route chunk and what that
 *   imports, from Vite's build manifest), fetched beside the entry script instead of after it.
 */

/** One entry of Vite's dist/.vite/manifest.json (the fields read here). */
interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  css?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface RoutePreload {
  /** The request path (without the app's base, without query). */
  pattern: RegExp;
  /** Source modules (as the manifest names them, relative to the app's folder) the page loads at once. */
  modules: readonly string[];
  /**
   * The public GET requests the page makes first, as apiFetch writes them (path and query), from the
   * pattern's match: their anonymous answers go into the boot data (app/prefetch-first-data.ts asks
   * for the same at start).
   */
  answers?: (match: RegExpExecArray) => string[];
}

/** The portal's first data queries (app/prefetch-first-data.ts): asked for at start on these pages. */
const FIRST_DATA = 'src/app/first-data-queries.ts';
/**
 * The login library (oidc-client-ts, createOnDemandAuthClient): loaded at start when the tab has a
 * login, else at the first login. Pages for logged-in people need it either way.
 */
const LOGIN = '../../packages/api-client/src/oidc-auth-client.ts';
/** The header's user menu, shown instead of 'Mine bookinger' to a logged-in person (components/lazy-user-menu.tsx). */
const USER_MENU = 'src/components/user-menu.tsx';

/**
 * The pages whose code loads lazily (apps/portal/src/features/∗/routes.tsx): their path and module.
 * The home page is in the entry chunk. static.test.ts checks that every module named here exists.
 */
export const portalRoutePreloads: readonly RoutePreload[] = [
  { pattern: /^\/oversikt\/?$/, modules: ['src/features/venues/venue-list-page.tsx'] },
  {
    pattern: /^\/sted\/(\d{1,9})\/?$/,
    modules: ['src/features/venues/venue-page.tsx', FIRST_DATA],
    answers: ([, id]) => [`/api/location/${id}`, `/api/location/${id}/bookableassets`, `/api/about/${id}`],
  },
  { pattern: /^\/sted\/[^/]+\/?$/, modules: ['src/features/venues/venue-page.tsx', FIRST_DATA] },
  { pattern: /^\/ressurs\/?$/, modules: ['src/features/calendar/room-page.tsx', FIRST_DATA] },
  { pattern: /^\/portal\/?$/, modules: ['src/features/portal-search/portal-search-page.tsx'] },
  {
    pattern: /^\/lokale\/(\d{1,9})\/?$/,
    modules: ['src/features/portal-search/location/location-page.tsx', FIRST_DATA],
    answers: ([, id]) => [`/api/location/${id}`, `/api/about/${id}`],
  },
  { pattern: /^\/lokale\/[^/]+\/?$/, modules: ['src/features/portal-search/location/location-page.tsx', FIRST_DATA] },
  { pattern: /^\/bookinger\/?$/, modules: ['src/features/bookings/list/bookings-page.tsx', LOGIN, USER_MENU] },
  { pattern: /^\/bookinger\/[^/]+\/?$/, modules: ['src/features/bookings/detail/booking-page.tsx', LOGIN, USER_MENU] },
  { pattern: /^\/send\/?$/, modules: ['src/features/apply/application-page.tsx'] },
  { pattern: /^\/kontakt-oss\/?$/, modules: ['src/features/contact/contact-page.tsx'] },
  { pattern: /^\/tilgjengelighetserklaering\/?$/, modules: ['src/features/accessibility/accessibility-statement-page.tsx'] },
];

/**
 * The admin app's start page is in its entry chunk, and its lazy pages are opened from it; every page
 * of it is for a logged-in person, so the login library is preloaded everywhere.
 */
export const adminRoutePreloads: readonly RoutePreload[] = [{ pattern: /^\//, modules: [LOGIN] }];

export function readManifest(dist: string): Manifest | null {
  try {
    return JSON.parse(fs.readFileSync(path.join(dist, '.vite', 'manifest.json'), 'utf8')) as Manifest;
  } catch {
    return null;
  }
}

/** The manifest keys a chunk needs, itself included, following static imports. */
function closure(manifest: Manifest, keys: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key) || !manifest[key]) return;
    seen.add(key);
    for (const next of manifest[key].imports ?? []) visit(next);
  };
  for (const key of keys) visit(key);
  return seen;
}

/**
 * For each route of the table, the `<link>` tags of the files its page needs beyond the entry chunk's
 * own (which index.html already loads). Routes whose modules the manifest lacks get none.
 */
export function routePreloadTags(manifest: Manifest | null, routes: readonly RoutePreload[], base: string): { pattern: RegExp; tags: string; answers?: RoutePreload['answers'] }[] {
  if (!manifest) return routes.map(({ pattern, answers }) => ({ pattern, tags: '', answers }));
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inEntry = closure(manifest, entryKeys);
  return routes.map(({ pattern, modules, answers }) => {
    const needed = [...closure(manifest, modules)].filter((key) => !inEntry.has(key));
    const scripts = needed.map((key) => `<link rel="modulepreload" crossorigin href="${base}${manifest[key]?.file ?? ''}">`);
    const styles = needed.flatMap((key) => manifest[key]?.css ?? []).map((file) => `<link rel="preload" as="style" crossorigin href="${base}${file}">`);
    return { pattern, tags: [...new Set([...scripts, ...styles])].join(''), answers };
  });
}

export interface IndexParts {
  boot: BootData;
  /** The route's preload tags (routePreloadTags), '' for none. */
  preloads: string;
}

/** index.html with the boot data and the preload tags before </head>. */
export function renderIndex(html: string, { boot, preloads }: IndexParts): string {
  const script = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${bootDataJson(boot)}</script>`;
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  return `${html.slice(0, at)}${preloads}${script}${html.slice(at)}`;
}

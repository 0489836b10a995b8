import fs from 'node:fs';
import path from 'node:path';
import { bootDataJson, BOOT_DATA_ELEMENT_ID, type BootData } from '@lokaler/domain/boot-data';
import { escapeHtml } from '@lokaler/domain/escape-html';
import { adminStartIntro, homeIntro, venueListIntros, type VenueListCategory } from '@lokaler/domain/portal-intro-texts';

/**
 * Decision 026: each SPA's index.html as the server sends it, with what shortens the first page's
 * critical chain (decision 026):
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
  /**
   * The page's heading, written into the starting shell's main (decision 028): the page's
   * largest paint (its h1) comes with the HTML instead of after the scripts. From the path's match,
   * the query and the boot answers; undefined: an empty main, as before.
   */
  heading?: (match: RegExpExecArray, query: URLSearchParams, answers: Record<string, unknown> | undefined) => string | undefined;
}

/** The name of a location answer in the boot answers, if there is one. */
function locationName(answers: Record<string, unknown> | undefined, id: string | undefined): string | undefined {
  const answer = answers?.[`/api/location/${id ?? ''}`];
  const name = answer && typeof answer === 'object' && 'name' in answer ? (answer as { name: unknown }).name : undefined;
  return typeof name === 'string' && name.trim() ? name : undefined;
}

/**
 * The shell's heading as the page renders it (same elements, so the same size and about the same
 * place; React replaces it with the page's own at its first render). Designsystemet's
 * `Heading level={1} data-size="lg"` is `<h1 class="ds-heading" data-size="lg">`, its `Link` an `a.ds-link`.
 * Only classes of the shared stylesheet (packages/ui/src/styles.css, render-blocking): a page's own
 * CSS comes with its chunk, after the first paint, and would move what the shell shows (a layout shift).
 */
const h1 = (text: string, size = 'lg') => `<h1 class="ds-heading" data-size="${size}">${escapeHtml(text)}</h1>`;
const paragraph = (text: string, size?: string) => `<p class="ds-paragraph"${size ? ` data-size="${size}"` : ''}>${escapeHtml(text)}</p>`;

/** The venue list's title and intro for its `kategorier` (venue-filters.ts and categories.ts: one known slug gives its own). */
function venueListIntro(query: URLSearchParams): { title: string; intro: string } {
  const known = Object.keys(venueListIntros.byCategory);
  const slugs = new Set(
    (query.get('kategorier') ?? '')
      .toLowerCase()
      .split(',')
      .map((slug) => slug.trim())
      .filter((slug) => known.includes(slug)),
  );
  const [only] = slugs;
  return slugs.size === 1 && only ? venueListIntros.byCategory[only as VenueListCategory] : venueListIntros.general;
}
const backLink = (text: string, href: string) => `<a class="ds-link" href="${escapeHtml(href)}">${escapeHtml(text)}</a>`;

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
  // home-page.tsx (in the entry chunk): its heading and introduction.
  {
    pattern: /^\/$/,
    modules: [],
    heading: () => `<div class="lk-stack">${h1(homeIntro.title, 'xl')}${paragraph(homeIntro.intro, 'lg')}</div>`,
  },
  {
    pattern: /^\/oversikt\/?$/,
    modules: ['src/features/venues/venue-list-page.tsx'],
    // venue-list-page.tsx: the category's title and intro.
    heading: (_match, query) => {
      const { title, intro } = venueListIntro(query);
      return `<div class="lk-stack">${h1(title)}${paragraph(intro)}</div>`;
    },
  },
  {
    pattern: /^\/sted\/(\d{1,9})\/?$/,
    modules: ['src/features/venues/venue-page.tsx', FIRST_DATA],
    answers: ([, id]) => [`/api/location/${id}`, `/api/location/${id}/bookableassets`, `/api/about/${id}`],
    // venue-page.tsx: BackLink, then the name.
    heading: ([, id], _query, answers) => {
      const name = locationName(answers, id);
      return name && `<div class="lk-shell-page">${backLink('Tilbake', '/oversikt')}${h1(name)}</div>`;
    },
  },
  { pattern: /^\/sted\/[^/]+\/?$/, modules: ['src/features/venues/venue-page.tsx', FIRST_DATA] },
  { pattern: /^\/ressurs\/?$/, modules: ['src/features/calendar/room-page.tsx', FIRST_DATA] },
  {
    pattern: /^\/portal\/?$/,
    modules: ['src/features/portal-search/portal-search-page.tsx'],
    // portal-search-page.tsx, the list view (the map view's heading is smaller and beside the map).
    heading: (_match, query) => (query.get('searchType') === 'list' ? `<div class="lk-stack">${h1('Ledige rom')}</div>` : undefined),
  },
  {
    pattern: /^\/lokale\/(\d{1,9})\/?$/,
    modules: ['src/features/portal-search/location/location-page.tsx', FIRST_DATA],
    answers: ([, id]) => [`/api/location/${id}`, `/api/about/${id}`],
    // location-page.tsx: 'Tilbake til søket', then the name in a stack (the link's own query is the app's).
    heading: ([, id], _query, answers) => {
      const name = locationName(answers, id);
      return name && `<div class="lk-shell-page">${backLink('Tilbake til søket', '/portal')}<div class="lk-stack">${h1(name)}</div></div>`;
    },
  },
  { pattern: /^\/lokale\/[^/]+\/?$/, modules: ['src/features/portal-search/location/location-page.tsx', FIRST_DATA] },
  {
    pattern: /^\/bookinger\/?$/,
    modules: ['src/features/bookings/list/bookings-page.tsx', LOGIN, USER_MENU],
    // bookings-page.tsx (a person not logged in is asked to log in there instead).
    heading: () => `<div class="lk-stack">${h1('Mine bookinger')}</div>`,
  },
  { pattern: /^\/bookinger\/[^/]+\/?$/, modules: ['src/features/bookings/detail/booking-page.tsx', LOGIN, USER_MENU] },
  { pattern: /^\/send\/?$/, modules: ['src/features/apply/application-page.tsx'] },
  { pattern: /^\/kontakt-oss\/?$/, modules: ['src/features/contact/contact-page.tsx'] },
  { pattern: /^\/tilgjengelighetserklaering\/?$/, modules: ['src/features/accessibility/accessibility-statement-page.tsx'] },
];

/**
 * The admin app's start page is in its entry chunk, and its lazy pages are opened from it; every page
 * of it is for a logged-in person, so the login library is preloaded everywhere.
 */
export const adminRoutePreloads: readonly RoutePreload[] = [
  // start-page.tsx: its heading depends on the login the server cannot see ('Lokaler administrasjon' or
  // 'Mine lokaler'), its introduction does not; the app replaces the shell's, at the same size.
  { pattern: /^\/$/, modules: [LOGIN], heading: () => `<div class="lk-stack">${paragraph(adminStartIntro, 'lg')}</div>` },
  { pattern: /^\//, modules: [LOGIN] },
];

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
export function routePreloadTags(
  manifest: Manifest | null,
  routes: readonly RoutePreload[],
  base: string,
): { pattern: RegExp; tags: string; answers?: RoutePreload['answers']; heading?: RoutePreload['heading'] }[] {
  if (!manifest) return routes.map(({ pattern, answers, heading }) => ({ pattern, tags: '', answers, heading }));
  const entryKeys = Object.keys(manifest).filter((key) => manifest[key]?.isEntry);
  const inEntry = closure(manifest, entryKeys);
  return routes.map(({ pattern, modules, answers, heading }) => {
    const needed = [...closure(manifest, modules)].filter((key) => !inEntry.has(key));
    // Held back until the first paint, as the entry's own (scripts/start-after-first-paint.mjs): the start script makes them preloads.
    const scripts = needed.map(
      (key) => `<link rel="lk-after-paint" data-rel="modulepreload" crossorigin href="${base}${manifest[key]?.file ?? ''}">`,
    );
    const styles = needed
      .flatMap((key) => manifest[key]?.css ?? [])
      .map((file) => `<link rel="lk-after-paint" data-rel="preload" data-as="style" crossorigin href="${base}${file}">`);
    return { pattern, tags: [...new Set([...scripts, ...styles])].join(''), answers, heading };
  });
}

export interface IndexParts {
  boot: BootData;
  /** The route's preload tags (routePreloadTags), '' for none. */
  preloads: string;
  /** HTML for the starting shell's empty main (the page's heading), '' or undefined for none. */
  main?: string;
}

/**
 * The scripts and styles are held back until after the first paint (`rel="lk-after-paint"`,
 * scripts/start-after-first-paint.mjs) only when that paint has the page's heading: then the page's
 * largest paint does not share the network with them. A page whose content needs the scripts anyway
 * fetches them with the HTML, as real preloads.
 */
export function releaseHeld(html: string): string {
  return html
    .replaceAll('rel="lk-after-paint" data-rel="modulepreload"', 'rel="modulepreload"')
    .replaceAll('rel="lk-after-paint" data-rel="preload" data-as="style"', 'rel="preload" as="style"');
}

/** The starting shell's empty main in each index.html (packages/ui/src/starting-shell.tsx). */
const SHELL_MAIN = '<main class="lk-main"></main>';

/** index.html with the boot data and the preload tags before </head>, and the page's heading in the shell's main. */
export function renderIndex(html: string, { boot, preloads, main }: IndexParts): string {
  const script = `<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">${bootDataJson(boot)}</script>`;
  const at = html.indexOf('</head>');
  if (at < 0) return html;
  if (!main) return `${releaseHeld(html.slice(0, at) + preloads)}${script}${html.slice(at)}`;
  return `${html.slice(0, at)}${preloads}${script}${html.slice(at).replace(SHELL_MAIN, `<main class="lk-main">${main}</main>`)}`;
}

import fs from 'node:fs';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bootData, BOOT_DATA_ELEMENT_ID } from '@lokaler/domain/boot-data';
import { buildApp, type App } from '../../app';
import { loadConfig } from '../../config';
import type { Database } from '../../db/client';
import { settings } from '../../db/schema/settings';
import { repoRoot } from '../../paths';
import { createTestDatabase } from '../../../test/test-db';
import { createAsset, createLocation } from '../../../test/factories/places';
import { buildFakeSpas, type BuiltSpas } from '../../../test/spa-folders';
import { adminRoutePreloads, portalRoutePreloads, renderIndex, routePreloadTags } from './spa-index';

/** The boot data of an index.html, parsed as the SPA parses it. */
function bootOf(html: string) {
  const match = new RegExp(`<script type="application/json" id="${BOOT_DATA_ELEMENT_ID}">(.*?)</script>`).exec(html);
  expect(match, 'the boot data element').not.toBeNull();
  return bootData.parse(JSON.parse(match?.[1] ?? ''));
}

describe('index.html as the server sends it (decision 026: boot data and route preloads)', () => {
  let database: Database;
  let spas: BuiltSpas;
  let app: App;
  beforeAll(async () => {
    database = await createTestDatabase();
    spas = buildFakeSpas();
    const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', PORT: '3000' });
    app = await buildApp({ config, database, logger: false, jobs: { run: false }, serveSpas: spas });
  });
  afterAll(async () => {
    await app.close();
    await database.close();
    spas.remove();
  });

  it("carries the portal's login configuration and the settings, the same as the API answers", async () => {
    await database.db.delete(settings);
    const page = await app.inject({ method: 'GET', url: '/oversikt?kategorier=skoler' });
    expect(page.statusCode).toBe(200);
    const boot = bootOf(page.body);
    const login = await app.inject({ method: 'GET', url: '/api/client-settings/idporten.json' });
    expect(boot.clientSettings).toEqual({ kind: 'idporten', settings: login.json() });
    expect(boot.settings).toEqual({ CONTACT_US: null, PORTAL_2_BETA: null });
  });

  it('reads the settings at every request: a change shows at the next page load', async () => {
    await database.db.insert(settings).values([
      { name: 'PORTAL_2_BETA', value: 'ENABLED' },
      { name: 'CONTACT_US', value: 'DISABLED' },
    ]);
    const boot = bootOf((await app.inject({ method: 'GET', url: '/' })).body);
    expect(boot.settings).toEqual({ CONTACT_US: 'DISABLED', PORTAL_2_BETA: 'ENABLED' });
    await database.db.delete(settings);
  });

  it('gives the admin app its own login configuration', async () => {
    const boot = bootOf((await app.inject({ method: 'GET', url: '/admin/bookinger/3' })).body);
    const login = await app.inject({ method: 'GET', url: '/api/client-settings/admin.json' });
    expect(boot.clientSettings).toEqual({ kind: 'admin', settings: login.json() });
  });

  it('keeps the CSP: the boot data is not a script the browser runs, and no inline script is allowed', async () => {
    const page = await app.inject({ method: 'GET', url: '/' });
    const csp = String(page.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self'(;|$)/);
    expect(csp).not.toContain('unsafe-inline');
    const scripts = [...page.body.matchAll(/<script([^>]*)>/g)].map((m) => m[1] ?? '');
    for (const attributes of scripts)
      expect(
        (attributes.includes('type="module"') && attributes.includes('src=')) || attributes.includes('type="application/json"'),
        attributes,
      ).toBe(true);
  });

  it("preloads the requested page's chunks beyond the entry's, and nothing on pages without a table entry", async () => {
    // /sted/abc has no answers, so no heading in the shell: its chunks are real preloads.
    const venue = (await app.inject({ method: 'GET', url: '/sted/abc' })).body;
    expect(venue).toContain('<link rel="modulepreload" crossorigin href="/assets/venue-page-Gg90Hh12.js">');
    expect(venue).toContain('<link rel="modulepreload" crossorigin href="/assets/card-Ii34Jj56.js">');
    expect(venue).toContain('<link rel="preload" as="style" crossorigin href="/assets/venue-page-Kk78Ll90.css">');
    // The entry and what it imports are index.html's own already.
    expect(venue).not.toContain('href="/assets/react-Ee56Ff78.js"');
    expect(venue.indexOf('modulepreload')).toBeLessThan(venue.indexOf('</head>'));
    for (const url of ['/', '/sted', '/sted/12/mer']) {
      expect((await app.inject({ method: 'GET', url })).body, url).not.toContain('rel="modulepreload"');
    }
  });

  it("writes the page's heading into the starting shell and then holds the scripts back until after the first paint", async () => {
    const location = await createLocation(database.db, { status: 'PUBLISHED', name: 'Tåsen <skole> & "aula"' });
    for (const url of [`/sted/${location.id}`, `/lokale/${location.id}?date=2030-01-15`]) {
      const page = (await app.inject({ method: 'GET', url })).body;
      const main = /<main class="lk-main">(.*?)<\/main>/.exec(page)?.[1] ?? '';
      // Escaped: a name cannot open an element.
      expect(main, url).toContain('<h1 class="ds-heading" data-size="lg">Tåsen &lt;skole&gt; &amp; &quot;aula&quot;</h1>');
      expect(page, url).not.toContain('<link rel="modulepreload"');
    }
    const venue = (await app.inject({ method: 'GET', url: `/sted/${location.id}` })).body;
    expect(venue).toContain('<link rel="lk-after-paint" data-rel="modulepreload" crossorigin href="/assets/venue-page-Gg90Hh12.js">');
    expect(venue).toContain(
      '<link rel="lk-after-paint" data-rel="preload" data-as="style" crossorigin href="/assets/venue-page-Kk78Ll90.css">',
    );
    expect((await app.inject({ method: 'GET', url: '/portal?searchType=list&date=2030-01-15' })).body).toContain(
      '<h1 class="ds-heading" data-size="lg">Ledige rom</h1>',
    );
    expect((await app.inject({ method: 'GET', url: '/bookinger' })).body).toContain(
      '<h1 class="ds-heading" data-size="lg">Mine bookinger</h1>',
    );
    // No heading the server can know: an empty main, and the scripts fetched with the HTML.
    expect((await app.inject({ method: 'GET', url: '/oversikt?kategorier=skoler' })).body).toContain(
      '<h1 class="ds-heading" data-size="lg">Lån av skolelokaler</h1><p class="ds-paragraph">Skolene låner ut',
    );
    expect((await app.inject({ method: 'GET', url: '/oversikt?kategorier=skoler,biblioteker' })).body).toContain(
      '<h1 class="ds-heading" data-size="lg">Lokaler til lån og leie</h1>',
    );
    expect((await app.inject({ method: 'GET', url: '/' })).body).toContain(
      '<h1 class="ds-heading" data-size="xl">Finn lokaler til lån og leie</h1><p class="ds-paragraph" data-size="lg">Både privatpersoner',
    );
    // The admin start page: its introduction (its heading depends on the login the server cannot see).
    expect((await app.inject({ method: 'GET', url: '/admin/' })).body).toContain(
      '<p class="ds-paragraph" data-size="lg">Her behandler du søknader om lån og leie av lokalene du administrerer.</p>',
    );
    expect((await app.inject({ method: 'GET', url: '/admin/bookinger/3' })).body).not.toContain('Her behandler du søknader');
    for (const url of ['/portal', '/portal?searchType=map', '/sted/999999', '/kontakt-oss']) {
      const page = (await app.inject({ method: 'GET', url })).body;
      expect(page, url).toContain('<main class="lk-main"></main>');
      expect(page, url).not.toContain('lk-after-paint');
    }
  });

  it("brings a venue page's first public answers, equal to what the API gives an anonymous caller", async () => {
    const location = await createLocation(database.db, { status: 'PUBLISHED' });
    await createAsset(database.db, location.id);
    const boot = bootOf((await app.inject({ method: 'GET', url: `/sted/${location.id}` })).body);
    const urls = [`/api/location/${location.id}`, `/api/location/${location.id}/bookableassets`, `/api/about/${location.id}`];
    expect(Object.keys(boot.answers ?? {}).sort()).toEqual([...urls].sort());
    for (const url of urls) expect(boot.answers?.[url], url).toEqual((await app.inject({ method: 'GET', url })).json());
    const locationPage = bootOf((await app.inject({ method: 'GET', url: `/lokale/${location.id}?date=2030-01-15` })).body);
    expect(Object.keys(locationPage.answers ?? {}).sort()).toEqual([`/api/about/${location.id}`, `/api/location/${location.id}`]);
  });

  it('leaves out answers that are not a 200 (a missing place): the page asks and shows the error itself', async () => {
    for (const url of ['/sted/999999', '/sted/abc', '/']) {
      const boot = bootOf((await app.inject({ method: 'GET', url })).body);
      expect(
        Object.keys(boot.answers ?? {}).filter((key) => key.startsWith(`/api/location/`)),
        url,
      ).toEqual([]);
    }
  });

  it('does not serve the build manifest', async () => {
    expect((await app.inject({ method: 'GET', url: '/.vite/manifest.json' })).body).not.toContain('isEntry');
  });
});

describe('spa-index', () => {
  it('names only modules that exist (a renamed page would lose its preload)', () => {
    for (const { modules } of [...portalRoutePreloads, ...adminRoutePreloads]) {
      for (const module of modules) expect(fs.existsSync(path.join(repoRoot, 'apps/portal', module)), module).toBe(true);
    }
  });

  it('escapes < so no value can close the script element', () => {
    const html = renderIndex('<html><head></head><body></body></html>', {
      boot: { settings: { CONTACT_US: '</script><script>alert(1)</script>' } },
      preloads: '',
    });
    expect(html).not.toContain('</script><script>alert');
    expect(bootOf(html).settings.CONTACT_US).toBe('</script><script>alert(1)</script>');
  });

  it('gives no preloads without a manifest (a build without one still serves)', () => {
    expect(routePreloadTags(null, portalRoutePreloads, '/').map((route) => route.tags)).toEqual(portalRoutePreloads.map(() => ''));
  });
});

import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { randomBytes, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { exportJWK, generateKeyPair, SignJWT, type JWK } from 'jose';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import { createScratchDatabase, freePort, type ScratchDatabase } from '../server-process';

/**
 * Decision 036: the folder the Docker image copies (scripts/runtime-tree.mjs) runs Lokaler on its
 * own. Assembled outside the repository (so no module can come from the repository's node_modules),
 * started with production settings against PostgreSQL and an external identity provider, and used
 * over HTTP as a browser and a citizen would. CI cannot pull base images: this is the image's proof.
 */
const repoRoot = fileURLToPath(new URL('../../../..', import.meta.url));
const serverUrl = process.env.TEST_DATABASE_URL;
const PUBLIC_URL = 'https://lokaler.example.no';
/** Packages a runtime tree must never hold: the tool chain, the test runners, type declarations. */
const NEVER_AT_RUN_TIME = [
  'vitest',
  'typescript',
  'typescript-native',
  'esbuild',
  'drizzle-kit',
  'playwright-core',
  'eslint',
  'tsx',
  'vite',
  'node',
];

interface Issuer {
  url: string;
  close(): Promise<void>;
}

/**
 * Two issuers on one small HTTP server (citizens' and administrators'), each with its discovery
 * document and JWKS, as an external provider (ID-porten, Entra ID) offers them.
 */
async function startIssuers(jwk: JWK): Promise<{ citizens: Issuer; admins: Issuer }> {
  const port = await freePort();
  const base = `http://127.0.0.1:${port}`;
  const server = http.createServer((req, res) => {
    const match = /^\/(idporten|admin)(\/\.well-known\/openid-configuration|\/jwks)$/.exec(req.url ?? '');
    if (!match) return void res.writeHead(404).end();
    const issuer = `${base}/${match[1]}`;
    const body =
      match[2] === '/jwks'
        ? { keys: [jwk] }
        : {
            issuer,
            jwks_uri: `${issuer}/jwks`,
            authorization_endpoint: `${issuer}/authorize`,
            token_endpoint: `${issuer}/token`,
            response_types_supported: ['code'],
            subject_types_supported: ['public'],
            id_token_signing_alg_values_supported: ['RS256'],
          };
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
  });
  await new Promise<void>((resolve) => server.listen(port, '127.0.0.1', resolve));
  const close = () => new Promise<void>((resolve) => server.close(() => resolve()));
  return { citizens: { url: `${base}/idporten`, close }, admins: { url: `${base}/admin`, close: async () => {} } };
}

interface InstalledManifest {
  name: string;
  version: string;
  dependencies?: Record<string, string>;
}

/** Every package manifest of a node_modules tree, nested ones too. */
function installedManifests(nodeModules: string): InstalledManifest[] {
  const found: InstalledManifest[] = [];
  const visit = (dir: string) => {
    if (!fs.existsSync(dir)) return;
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      if (entry.name.startsWith('.') || entry.isSymbolicLink() || !entry.isDirectory()) continue;
      const full = path.join(dir, entry.name);
      if (entry.name.startsWith('@')) {
        visit(full);
        continue;
      }
      found.push(JSON.parse(fs.readFileSync(path.join(full, 'package.json'), 'utf8')) as InstalledManifest);
      visit(path.join(full, 'node_modules'));
    }
  };
  visit(nodeModules);
  return found;
}

/** The installed packages of a node_modules tree (nested ones too) as name@version. */
function installedPackages(nodeModules: string): Set<string> {
  return new Set(installedManifests(nodeModules).map((m) => `${m.name}@${m.version}`));
}

/** Every name some installed package lists in its `dependencies`. */
function requiredByInstalled(root: string): Set<string> {
  return new Set(
    ['node_modules', 'apps/server/node_modules', 'packages/domain/node_modules']
      .flatMap((dir) => installedManifests(path.join(root, dir)))
      .flatMap((m) => Object.keys(m.dependencies ?? {})),
  );
}

function folderBytes(dir: string): number {
  let total = 0;
  for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) total += folderBytes(full);
    else if (entry.isFile()) total += fs.statSync(full).size;
  }
  return total;
}

describe('the runtime tree the Docker image copies', () => {
  let work: string;
  let tree: string;
  let scratch: ScratchDatabase | undefined;
  let issuers: { citizens: Issuer; admins: Issuer } | undefined;
  let child: ChildProcess | undefined;
  let output = '';
  let baseUrl: string;
  let signCitizenToken: () => Promise<string>;

  beforeAll(async () => {
    if (!serverUrl) throw new Error('the artifact project needs TEST_DATABASE_URL (scripts/test.mjs runs it only then)');
    // npm test builds for e2e before the Vitest projects: this finds the build fresh and does nothing.
    expect(spawnSync(process.execPath, ['scripts/build.mjs'], { cwd: repoRoot, stdio: 'inherit' }).status).toBe(0);
    work = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-artifact-'));
    tree = path.join(work, 'app');
    const assembled = spawnSync(process.execPath, ['scripts/runtime-tree.mjs', tree], { cwd: repoRoot, encoding: 'utf8' });
    expect(assembled.status, `${assembled.stdout}\n${assembled.stderr}`).toBe(0);
    // eslint-disable-next-line no-console -- the script's own report (what it removed, the size) belongs in the test's output
    console.log(assembled.stdout.trim());

    const { privateKey, publicKey } = await generateKeyPair('RS256');
    const kid = randomUUID();
    issuers = await startIssuers({ ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' });
    const citizenIssuer = issuers.citizens.url;
    // Shaped like ID-porten's access token; typ at+jwt, which today's verifier demands and the next accepts.
    signCitizenToken = () =>
      new SignJWT({ client_id: 'lokaler-portal', acr: 'idporten-loa-substantial', pid: '12088012345', scope: 'openid profile' })
        .setProtectedHeader({ alg: 'RS256', kid, typ: 'at+jwt' })
        .setIssuer(citizenIssuer)
        .setAudience(`${PUBLIC_URL}/api`)
        .setSubject(`artifact-${randomUUID()}`)
        .setIssuedAt()
        .setExpirationTime('5m')
        .sign(privateKey);

    scratch = await createScratchDatabase(serverUrl, 'lokaler_artifact');
    const port = await freePort();
    baseUrl = `http://127.0.0.1:${port}`;
    // A clean environment: nothing of this process's (no NODE_PATH, no TEST_*), only what production sets.
    child = spawn(process.execPath, ['--enable-source-maps', 'apps/server/dist/main.js'], {
      cwd: tree,
      env: {
        PATH: process.env.PATH,
        TZ: 'Europe/Oslo',
        NODE_ENV: 'production',
        HOST: '127.0.0.1',
        PORT: String(port),
        PUBLIC_URL,
        DATABASE_URL: scratch.url,
        COOKIE_SECRET: randomBytes(32).toString('base64url'),
        OIDC_ISSUER: citizenIssuer,
        ADMIN_OIDC_ISSUER: issuers.admins.url,
        // A production-like demo: the fakes (local mail writer, key service, organisation register) allowed on purpose.
        ALLOW_DEMO_SERVICES: 'true',
        SEED_DEMO_DATA: 'true',
        MAIL_ADAPTER: 'local',
        LOCAL_MAIL_DIR: path.join(work, 'mail'),
        DATA_DIR: path.join(work, 'data'),
        LOG_LEVEL: 'info',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    child.stderr?.on('data', (chunk: Buffer) => {
      output += chunk.toString();
    });
    const deadline = Date.now() + 120_000;
    for (;;) {
      if (child.exitCode !== null) throw new Error(`the runtime tree's server exited (${child.exitCode}):\n${output}`);
      if (
        await fetch(`${baseUrl}/api/health/ready`).then(
          (r) => r.ok,
          () => false,
        )
      )
        break;
      if (Date.now() > deadline) throw new Error(`the runtime tree's server was not ready in 120 s:\n${output}`);
      await new Promise((r) => setTimeout(r, 250));
    }
  }, 600_000);

  afterAll(async () => {
    if (child && child.exitCode === null) {
      const exited = new Promise((resolve) => child!.once('exit', resolve));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 15_000))]);
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
    }
    await issuers?.citizens.close();
    await scratch?.drop();
    if (work) fs.rmSync(work, { recursive: true, force: true });
  }, 60_000);

  it('holds only production packages, each listed in its CycloneDX SBOM', () => {
    // The server's own versions where they differ from the hoisted ones sit in apps/server/node_modules.
    const installed = new Set(
      ['node_modules', 'apps/server/node_modules', 'packages/domain/node_modules'].flatMap((dir) => [
        ...installedPackages(path.join(tree, dir)),
      ]),
    );
    const names = new Set([...installed].map((p) => p.slice(0, p.lastIndexOf('@'))));
    for (const forbidden of NEVER_AT_RUN_TIME) {
      expect(
        [...names].filter((n) => n === forbidden || n.startsWith(`${forbidden}/`)),
        forbidden,
      ).toEqual([]);
    }
    // Every devDependency of the repository that no workspace needs at run time is absent.
    const manifests = [
      'package.json',
      ...(JSON.parse(fs.readFileSync(path.join(repoRoot, 'package.json'), 'utf8')) as { workspaces: string[] }).workspaces.map(
        (w) => `${w}/package.json`,
      ),
    ].map(
      (file) =>
        JSON.parse(fs.readFileSync(path.join(repoRoot, file), 'utf8')) as {
          dependencies?: Record<string, string>;
          devDependencies?: Record<string, string>;
        },
    );
    const runtime = new Set(manifests.flatMap((m) => Object.keys(m.dependencies ?? {})));
    // …unless a runtime package depends on it itself (@types/pg through @types/pg-pool, a dependency of
    // the pg instrumentation): that one is the runtime's, not ours.
    const requiredByRuntime = requiredByInstalled(tree);
    const devOnly = manifests
      .flatMap((m) => Object.keys(m.devDependencies ?? {}))
      .filter((name) => !runtime.has(name) && !requiredByRuntime.has(name));
    expect(devOnly.filter((name) => names.has(name))).toEqual([]);
    // Type declarations only where an installed package requires them.
    expect([...names].filter((n) => n.startsWith('@types/') && !requiredByRuntime.has(n))).toEqual([]);
    expect(names).toContain('fastify');

    const sbom = JSON.parse(fs.readFileSync(path.join(tree, 'sbom.cdx.json'), 'utf8')) as {
      bomFormat: string;
      components: { name: string; version: string }[];
    };
    expect(sbom.bomFormat).toBe('CycloneDX');
    // The two workspaces (the server, the domain it bundles) are the application itself, not installed packages.
    expect(
      sbom.components
        .filter((c) => c.name.startsWith('@lokaler/'))
        .map((c) => c.name)
        .sort(),
    ).toEqual(['@lokaler/domain', '@lokaler/server']);
    const listed = new Set(sbom.components.filter((c) => !c.name.startsWith('@lokaler/')).map((c) => `${c.name}@${c.version}`));
    expect([...listed].filter((p) => p.startsWith('fastify@'))).toHaveLength(1);
    expect([...listed].filter((p) => p.startsWith('vitest@'))).toEqual([]);
    expect(
      [...installed].filter((p) => !listed.has(p)),
      'installed but not in the SBOM',
    ).toEqual([]);
    expect(
      [...listed].filter((p) => !installed.has(p)),
      'in the SBOM but not installed',
    ).toEqual([]);

    const bytes = folderBytes(tree);
    // eslint-disable-next-line no-console -- decision 036: the artifact's size is printed
    console.log(
      `runtime tree: ${(bytes / 1024 / 1024).toFixed(1)} MB, ${installed.size} packages (node_modules ${(folderBytes(path.join(tree, 'node_modules')) / 1024 / 1024).toFixed(1)} MB)`,
    );
  });

  it('is ready, and serves the portal without source maps', async () => {
    expect((await fetch(`${baseUrl}/api/health/ready`)).status).toBe(200);
    const page = await fetch(`${baseUrl}/`, { headers: { 'x-forwarded-proto': 'https' } });
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    const html = await page.text();
    expect(html).toContain('<div id="root"');
    // The page's scripts: the small starter in <script src>, the entry and its chunks in links it loads after the first paint.
    const scripts = [...new Set([...html.matchAll(/(?:src|href)="(\/assets\/[^"]+\.js)"/g)].map((m) => m[1]!))];
    expect(scripts.length).toBeGreaterThan(1);
    for (const src of scripts) {
      // fetch asks for br/gzip and decodes: the precompressed copies are checked too.
      const script = await fetch(`${baseUrl}${src}`);
      expect(script.status, src).toBe(200);
      expect((await script.text()).includes('sourceMappingURL'), `${src} names its source map`).toBe(false);
      expect((await fetch(`${baseUrl}${src}.map`)).status, `${src}.map`).toBe(404);
    }
    expect(fs.readdirSync(path.join(tree, 'apps/portal/dist/assets')).filter((f) => f.includes('.map'))).toEqual([]);
  });

  it("ships the PDF documents' fonts and colour profile where src/paths.ts finds them from dist/main.js (decision 055)", () => {
    expect(fs.readdirSync(path.join(tree, 'apps/server/assets/pdf')).sort()).toEqual([
      'DejaVuSans-Bold.ttf',
      'DejaVuSans.ttf',
      'LICENSE-DejaVu.txt',
      'LICENSE-sRGB.txt',
      'sRGB.icc',
    ]);
  });

  it("takes a booking over HTTP from a citizen with an external provider's token", async () => {
    const token = await signCitizenToken();
    const call = async (method: string, url: string, body?: unknown) => {
      const res = await fetch(`${baseUrl}${url}`, {
        method,
        headers: {
          authorization: `Bearer ${token}`,
          'x-forwarded-proto': 'https',
          ...(body ? { 'content-type': 'application/json' } : {}),
        },
        body: body ? JSON.stringify(body) : undefined,
      });
      const text = await res.text();
      return { status: res.status, json: () => JSON.parse(text) as unknown, text };
    };
    expect((await call('GET', '/api/currentuser/roles')).status).toBe(200);

    // A room of the demo data free for an hour, a month ahead (past every demo room's behandlingstid).
    const date = addDays(todayInOslo(new Date()), 30);
    const search = await call('GET', `/api/search/assets?date=${date}&duration=PT1H`);
    expect(search.status, search.text).toBe(200);
    const { available } = search.json() as { available: { bookableAssetId: number; behandlingstid: number; unavailableDates: string[] }[] };
    const rooms = available.filter((r) => r.behandlingstid < 30 && !r.unavailableDates.includes(date));
    expect(rooms.length).toBeGreaterThan(0);
    let booked: { status: number; text: string } | undefined;
    for (const room of rooms.slice(0, 5)) {
      const times = await call(
        'GET',
        `/api/bookableasset/availabletime?bookableAssetId=${room.bookableAssetId}&date=${date}&duration=PT1H`,
      );
      const first = (times.json() as { timeInterval: { start: string } }[])[0];
      if (!first) continue;
      booked = await call('POST', '/api/booking', {
        availabilityData: {
          probablyAvailable: [
            {
              bookableAssetId: room.bookableAssetId,
              datesAndTimes: [{ date, startTime: first.timeInterval.start, duration: 'PT1H', initialRepetitionDate: null }],
            },
          ],
        },
        isRepeating: false,
        bookingPortalClient: 'PUBLIC',
        bookingPurpose: 'PUBLICUSER_LOAN',
        formAnswers: { activity: 'Sjakk', purpose: 'Trening', participants: 4, contactEmail: 'lag@example.no', contactPhone: '41234567' },
      });
      if (booked.status === 201) break;
    }
    expect(booked?.status, booked?.text).toBe(201);
    const mine = await call('GET', '/api/user/booking');
    expect(mine.status).toBe(200);
    expect(mine.json()).toHaveLength(1);
  });
});

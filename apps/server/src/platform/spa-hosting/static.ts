import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fastifyStatic from '@fastify/static';
import type { BootData } from '@lokaler/domain/boot-data';
import { settingNames } from '@lokaler/domain/settings';
import { clientSettingsFor } from '../client-settings/routes';
import { findSettingValues } from '../settings/repository';
import { adminDist, portalDist } from '../../paths';
import { adminRoutePreloads, portalRoutePreloads, readManifest, renderIndex, routePreloadTags } from './spa-index';

export interface SpaFolders {
  portalDist: string;
  adminDist: string;
}

/** Vite names every file it writes to assets/ by its content hash: such a file never changes. */
const IMMUTABLE = 'public, max-age=31536000, immutable';

function cacheHeaders(reply: FastifyReply, file: string): void {
  const hashed = file.split(path.sep).includes('assets');
  reply.header('cache-control', hashed ? IMMUTABLE : 'no-cache');
  // The same URL is sent as .br, .gz or plain by Accept-Encoding.
  reply.header('vary', 'accept-encoding');
}

/** Decodes a path as many times as it is encoded (an attacker may encode twice); null if malformed. */
function fullyDecoded(pathname: string): string | null {
  let current = pathname;
  for (let round = 0; round < 4; round++) {
    let next: string;
    try {
      next = decodeURIComponent(current);
    } catch {
      return null;
    }
    if (next === current) return current;
    current = next;
  }
  return current;
}

/**
 * A path that may not fall back to an SPA's index.html: one that climbs (a `..` or `.` segment, in any
 * encoding, with / or \), holds a NUL or does not decode, or names a file under assets/ that is not
 * there (a missing script is a 404, not HTML the browser would refuse as a script).
 */
export function refusedFallback(url: string): boolean {
  const pathname = url.split('?')[0] ?? '';
  const decoded = fullyDecoded(pathname);
  if (decoded === null || decoded.includes('\0')) return true;
  if (decoded.split(/[\\/]/).some((segment) => segment === '..' || segment === '.')) return true;
  return /^\/(admin\/)?assets\//.test(decoded);
}

/**
 * Serves the built SPAs: the admin app under /admin/, the portal at /. Paths that are not files get
 * the app's index.html, so client-side routes (and the portal's /404 catch-all) work on reload.
 * Only the files found in the dist folders at start are routes (wildcard: false), so no request
 * path reaches the file system. The fallback index.html goes out with the boot data and the
 * page's preloads (spa-index.ts); /index.html asked for by name is the plain file (the apps then ask
 * the API for what the boot data would have told them). Each file's .br/.gz copy (scripts/compress-assets.mjs) is sent when
 * the browser accepts it; hashed assets are cached for a year, everything else revalidated.
 */
export async function registerStatic(app: FastifyInstance, folders: SpaFolders = { portalDist, adminDist }): Promise<void> {
  for (const dir of [folders.portalDist, folders.adminDist]) {
    if (!fs.existsSync(path.join(dir, 'index.html'))) {
      throw new Error(`Missing SPA build at ${dir}: run "npm run build" (npm start does it for you).`);
    }
  }
  const common = { index: false, wildcard: false, preCompressed: true, cacheControl: false, setHeaders: cacheHeaders } as const;
  await app.register(fastifyStatic, { ...common, root: folders.adminDist, prefix: '/admin/', decorateReply: false });
  await app.register(fastifyStatic, { ...common, root: folders.portalDist, prefix: '/' });

  const loginSettings = clientSettingsFor(app.config);
  /** The settings the SPAs read, in one query; on failure none (the apps then ask /api/settings). */
  const serverSettings = async (): Promise<BootData['settings']> => {
    try {
      const values = await findSettingValues(app.database.db, settingNames);
      return Object.fromEntries(settingNames.map((name) => [name, values.get(name) ?? null]));
    } catch (error) {
      app.log.warn({ err: error }, 'index.html without settings: they could not be read');
      return {};
    }
  };
  /**
   * The page's first public answers, asked of the app itself without credentials (so exactly what an
   * anonymous browser would get); only 200s with JSON, the rest the page asks for itself.
   */
  const anonymousAnswers = async (urls: string[]): Promise<Record<string, unknown> | undefined> => {
    const answered = await Promise.all(
      urls.map(async (url) => {
        try {
          const res = await app.inject({ method: 'GET', url, headers: { accept: 'application/json' } });
          return res.statusCode === 200 && String(res.headers['content-type']).startsWith('application/json')
            ? [[url, res.json() as unknown] as const]
            : [];
        } catch {
          return [];
        }
      }),
    );
    const entries = answered.flat();
    return entries.length > 0 ? Object.fromEntries(entries) : undefined;
  };
  const spa = (dist: string, base: string, kind: 'idporten' | 'admin', routes: typeof portalRoutePreloads) => ({
    html: fs.readFileSync(path.join(dist, 'index.html'), 'utf8'),
    base,
    clientSettings: { kind, settings: kind === 'idporten' ? loginSettings.portal : loginSettings.admin },
    preloads: routePreloadTags(readManifest(dist), routes, base),
  });
  const portal = spa(folders.portalDist, '/', 'idporten', portalRoutePreloads);
  const admin = spa(folders.adminDist, '/admin/', 'admin', adminRoutePreloads);
  const sendIndex = (target: ReturnType<typeof spa>) => async (request: FastifyRequest, reply: FastifyReply) => {
    if (refusedFallback(request.url)) return reply.callNotFound();
    const pathname = `/${(request.url.split('?')[0] ?? '').slice(target.base.length)}`;
    const route = target.preloads.find(({ pattern }) => pattern.test(pathname));
    const match = route && route.pattern.exec(pathname);
    const [settings, answers] = await Promise.all([
      serverSettings(),
      match && route.answers ? anonymousAnswers(route.answers(match)) : undefined,
    ]);
    const main = match ? route.heading?.(match, new URLSearchParams(request.url.split('?')[1] ?? ''), answers) : undefined;
    const html = renderIndex(target.html, {
      boot: { clientSettings: target.clientSettings, settings, answers },
      preloads: route?.tags ?? '',
      main,
    });
    return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  };
  app.get('/admin/', sendIndex(admin));
  app.get('/admin/*', sendIndex(admin));
  app.get('/', sendIndex(portal));
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/idp/')) {
      return reply.callNotFound();
    }
    return sendIndex(portal)(request, reply);
  });
}

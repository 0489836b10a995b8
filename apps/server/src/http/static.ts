import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply } from 'fastify';
import fastifyStatic from '@fastify/static';
import { adminDist, portalDist } from '../paths';

/**
 * Serves the built SPAs: the admin app under /admin/, the portal at /. Paths that are not files get
 * the app's index.html, so client-side routes (and the portal's /404 catch-all) work on reload.
 */
export async function registerStatic(app: FastifyInstance): Promise<void> {
  for (const dir of [portalDist, adminDist]) {
    if (!fs.existsSync(path.join(dir, 'index.html'))) {
      throw new Error(`Missing SPA build at ${dir}: run "npm run build" (npm start does it for you).`);
    }
  }
  await app.register(fastifyStatic, { root: adminDist, prefix: '/admin/', decorateReply: false, index: false, wildcard: false });
  await app.register(fastifyStatic, { root: portalDist, prefix: '/', index: false, wildcard: false });

  const portalIndex = fs.readFileSync(path.join(portalDist, 'index.html'));
  const adminIndex = fs.readFileSync(path.join(adminDist, 'index.html'));
  const sendIndex = (html: Buffer) => async (_req: unknown, reply: FastifyReply) =>
    reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').send(html);
  app.get('/admin/', sendIndex(adminIndex));
  app.get('/admin/*', sendIndex(adminIndex));
  app.get('/', sendIndex(portalIndex));
  app.get('/*', async (request, reply) => {
    const url = request.url.split('?')[0] ?? '';
    if (url.startsWith('/api/') || url.startsWith('/idp/')) {
      return reply.callNotFound();
    }
    return sendIndex(portalIndex)(request, reply);
  });
}

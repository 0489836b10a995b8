import { startServer, type RunningServer } from '../../e2e/support/server';

export type ProductionServer = RunningServer;

/**
 * The built server (apps/server/dist/main.js) as `npm start` runs it: one process serving both SPAs'
 * built, pre-compressed files and compressing every other answer over 1 KB (brotli or gzip), with the
 * local identity provider and the demo data loaded into an empty PGlite folder of its own. It builds
 * nothing: `npm run build` first. No map tiles (MAP_TILE_URL empty): this machine has no internet, and
 * failing tile requests would count against the page as console errors that a citizen never sees.
 * Not NODE_ENV=test as the e2e suite runs it: what is measured is what production serves.
 */
export function startProductionServer(): Promise<ProductionServer> {
  return startServer({
    env: { NODE_ENV: undefined, MAP_TILE_URL: '' },
    requires: ['apps/portal/dist/index.html', 'apps/admin/dist/index.html'],
    dataDirPrefix: 'lokaler-lighthouse-',
  });
}

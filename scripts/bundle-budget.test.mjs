import { describe, expect, it } from 'vitest';
import { budgetRows, formatTable, KB, routeFigures, staticClosure } from './bundle-budget.mjs';

/**
 * A Vite manifest as the build writes it: the entry imports the framework chunk and loads two pages
 * on demand; both pages share a chunk, and the search page loads the map on demand.
 */
const manifest = {
  'index.html': {
    file: 'assets/index.js',
    isEntry: true,
    imports: ['_react.js'],
    dynamicImports: ['src/home.tsx', 'src/search.tsx', '_extra.js'],
    css: ['assets/index.css'],
  },
  '_react.js': { file: 'assets/react.js', name: 'react' },
  '_shared.js': { file: 'assets/shared.js', name: 'shared', imports: ['_react.js'] },
  'src/home.tsx': { file: 'assets/home.js', src: 'src/home.tsx', isDynamicEntry: true, imports: ['_shared.js'] },
  'src/search.tsx': {
    file: 'assets/search.js',
    src: 'src/search.tsx',
    isDynamicEntry: true,
    imports: ['_shared.js', '_react.js'],
    dynamicImports: ['src/map.tsx'],
    css: ['assets/search.css'],
  },
  'src/map.tsx': { file: 'assets/map.js', src: 'src/map.tsx', isDynamicEntry: true, imports: ['_shared.js'], css: ['assets/map.css'] },
  '_extra.js': { file: 'assets/extra.js', name: 'extra' },
  'leaflet.png': { file: 'assets/leaflet.png' },
};

/** Gzip bytes per file, chosen so each sum below is unambiguous. */
const sizes = {
  'assets/index.js': 40 * KB,
  'assets/react.js': 60 * KB,
  'assets/shared.js': 20 * KB,
  'assets/home.js': 5 * KB,
  'assets/search.js': 30 * KB,
  'assets/map.js': 45 * KB,
  'assets/extra.js': 1 * KB,
  'assets/index.css': 7 * KB,
  'assets/search.css': 2 * KB,
  'assets/map.css': 3 * KB,
};
const gzipSize = (file) => sizes[file];

const budget = {
  app: 'portal',
  firstRoute: '/',
  firstRouteLimit: 105 * KB,
  routeLimit: 150 * KB,
  routes: [
    { route: '/', modules: ['src/home.tsx'] },
    { route: '/sok', modules: ['src/search.tsx'] },
    { route: '/sok med kart', modules: ['src/search.tsx', 'src/map.tsx'], limit: 200 * KB },
  ],
};

describe('bundle budget', () => {
  it('follows static imports only, each chunk once', () => {
    expect([...staticClosure(manifest, ['src/search.tsx'])].sort()).toEqual(['_react.js', '_shared.js', 'src/search.tsx']);
  });

  it("sums a route's files once each: the entry's, and the static imports of the modules it loads", () => {
    // entry 40 + react 60 + shared 20 + search 30; react is imported twice but counted once; the map is not loaded yet.
    expect(routeFigures(manifest, ['src/search.tsx'], gzipSize)).toEqual({ jsGzip: 150 * KB, cssGzip: 9 * KB, jsFiles: 4 });
    expect(routeFigures(manifest, ['src/search.tsx', 'src/map.tsx'], gzipSize)).toEqual({ jsGzip: 195 * KB, cssGzip: 12 * KB, jsFiles: 5 });
  });

  it('holds the first route to its own limit, the others to the route limit or their own, and measures what no route names', () => {
    const rows = budgetRows(budget, manifest, gzipSize);
    expect(rows.map(({ route, jsGzip, limit, ok }) => ({ route, jsGzip, limit, ok }))).toEqual([
      // 40 + 60 + 20 + 5 = 125 kB: over the first route's 105 kB, though under the 150 kB of any other route.
      { route: '/', jsGzip: 125 * KB, limit: 105 * KB, ok: false },
      // Exactly at the limit is within it.
      { route: '/sok', jsGzip: 150 * KB, limit: 150 * KB, ok: true },
      { route: '/sok med kart', jsGzip: 195 * KB, limit: 200 * KB, ok: true },
      { route: '(on demand) extra (shared chunk)', jsGzip: 101 * KB, limit: 150 * KB, ok: true },
    ]);
  });

  it('fails one byte over a limit', () => {
    const heavier = (file) => gzipSize(file) + (file === 'assets/search.js' ? 1 : 0);
    expect(budgetRows(budget, manifest, heavier).find((r) => r.route === '/sok')).toMatchObject({ jsGzip: 150 * KB + 1, ok: false });
  });

  it('refuses a route table that names a module the build does not have', () => {
    const renamed = { ...budget, routes: [...budget.routes, { route: '/kart', modules: ['src/kart.tsx'] }] };
    expect(() => budgetRows(renamed, manifest, gzipSize)).toThrow(/src\/kart\.tsx/);
  });

  it('prints every row with its figures and verdict', () => {
    const table = formatTable(budgetRows(budget, manifest, gzipSize));
    expect(table.split('\n')).toHaveLength(2 + 4);
    expect(table).toMatch(/portal\s+\/\s+125\.0\s+105\.0\s+4\s+7\.0\s+OVER/);
    expect(table).toMatch(/portal\s+\/sok\s+150\.0\s+150\.0\s+4\s+9\.0\s+ok/);
  });
});

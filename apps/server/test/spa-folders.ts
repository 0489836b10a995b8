import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compressDist } from '../../../scripts/compress-assets.mjs';
import type { SpaFolders } from '../src/platform/spa-hosting/static';

export interface BuiltSpas extends SpaFolders {
  /** The portal's hashed script, its path under / and its text. */
  script: { urlPath: string; text: string };
  remove(): void;
}

/**
 * Two small SPA builds in a temporary folder, laid out as Vite writes them (index.html, hashed
 * assets/, a public file) and compressed as scripts/build.mjs does, so static serving is tested
 * without building the real apps. A file beside the folders stands for what must never be served.
 */
export function buildFakeSpas(): BuiltSpas {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-spas-'));
  fs.writeFileSync(path.join(root, 'secret.txt'), 'SECRET-OUTSIDE-DIST');
  const text = `export const rooms = ${JSON.stringify(Array.from({ length: 200 }, (_, i) => `Rom ${i} på Bolteløkka skole`))};\n`;
  const make = (name: string, base: string) => {
    const dist = path.join(root, name, 'dist');
    fs.mkdirSync(path.join(dist, 'assets'), { recursive: true });
    fs.writeFileSync(
      path.join(dist, 'index.html'),
      `<!doctype html><html lang="nb"><head><script type="module" src="${base}assets/index-Ab12Cd34.js"></script></head><body><div id="root"><div class="lk-shell"><main class="lk-main"></main></div></div></body></html>`,
    );
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), text);
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
    // Vite's build manifest (spa-index.ts reads each route's chunks from it): the venue page, lazily.
    fs.mkdirSync(path.join(dist, '.vite'));
    fs.writeFileSync(
      path.join(dist, '.vite', 'manifest.json'),
      JSON.stringify({
        'index.html': { file: 'assets/index-Ab12Cd34.js', src: 'index.html', isEntry: true, imports: ['_react-Ee56Ff78.js'] },
        '_react-Ee56Ff78.js': { file: 'assets/react-Ee56Ff78.js' },
        'src/features/venues/venue-page.tsx': {
          file: 'assets/venue-page-Gg90Hh12.js',
          src: 'src/features/venues/venue-page.tsx',
          isDynamicEntry: true,
          imports: ['index.html', '_react-Ee56Ff78.js', '_card-Ii34Jj56.js'],
          css: ['assets/venue-page-Kk78Ll90.css'],
        },
        '_card-Ii34Jj56.js': { file: 'assets/card-Ii34Jj56.js', imports: ['_react-Ee56Ff78.js'] },
      }),
    );
    compressDist(dist);
    return dist;
  };
  return {
    portalDist: make('portal', '/'),
    adminDist: make('admin', '/admin/'),
    script: { urlPath: '/assets/index-Ab12Cd34.js', text },
    remove: () => fs.rmSync(root, { recursive: true, force: true }),
  };
}

import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { compressDist } from '../../../scripts/compress-assets.mjs';
import type { SpaFolders } from '../src/http/static';

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
    fs.writeFileSync(path.join(dist, 'index.html'), `<!doctype html><html lang="nb"><head><script type="module" src="${base}assets/index-Ab12Cd34.js"></script></head><body><div id="root"></div></body></html>`);
    fs.writeFileSync(path.join(dist, 'assets', 'index-Ab12Cd34.js'), text);
    fs.writeFileSync(path.join(dist, 'robots.txt'), 'User-agent: *\n');
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

import { readFileSync } from 'node:fs';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import { startAfterFirstPaint } from '../../scripts/start-after-first-paint.mjs';

// The version each API call carries (X-Frontend-Version): package version plus build time, unless set.
const { version } = JSON.parse(readFileSync(new URL('./package.json', import.meta.url), 'utf8')) as { version: string };
process.env.VITE_APP_VERSION ??= `admin-${version}+${new Date().toISOString().slice(0, 16).replace(/[-:]/g, '')}`;

export default defineConfig({
  base: '/admin/',
  plugins: [react(), startAfterFirstPaint()],
  server: { proxy: { '/api': 'http://localhost:3000', '/idp': 'http://localhost:3000' } },
  build: {
    outDir: 'dist',
    // dist/.vite/manifest.json: scripts/bundle-budget.mjs sums each route's chunks from it (not served: a dotfile).
    manifest: true,
    sourcemap: true,
    rolldownOptions: {
      // Designsystemet's React package declares no "sideEffects", so every component it has would be
      // kept wherever one is used. Its modules only define components; the package's one global
      // effect, the web components of @digdir/designsystemet-web, stays (it is not matched here).
      treeshake: { moduleSideEffects: [{ test: /node_modules[\\/]@digdir[\\/]designsystemet-react[\\/]/, sideEffects: false }] },
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
          ],
        },
      },
    },
  },
});

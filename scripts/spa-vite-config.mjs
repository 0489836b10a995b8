// Both SPAs' Vite configuration: the same build (manifest, source maps, chunks, Designsystemet's tree
// shaking) and dev proxy to the server; each app gives its base path, the paths it proxies and its React
// plugin (@vitejs/plugin-react is each app's dependency, not resolvable from here).
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { osloClockFromEuRule } from './oslo-clock-from-eu-rule.mjs';
import { startAfterFirstPaint } from './start-after-first-paint.mjs';

/**
 * @param {{ app: string; appUrl: URL; base: string; proxied: string[]; react: import('vite').PluginOption; withEntry?: string[] }} options
 *   `withEntry`: modules (from the app's folder) the entry imports dynamically as soon as it runs,
 *   preloaded with it (decision 050, third step).
 * @returns {import('vite').UserConfig}
 */
export function spaViteConfig({ app, appUrl, base, proxied, react, withEntry = [] }) {
  // The version each API call carries (X-Frontend-Version): package version plus build time, unless set.
  const { version } = JSON.parse(readFileSync(new URL('./package.json', appUrl), 'utf8'));
  process.env.VITE_APP_VERSION ??= `${app}-${version}+${new Date().toISOString().slice(0, 16).replace(/[-:]/g, '')}`;
  return {
    base,
    plugins: [react, startAfterFirstPaint({ withEntry: withEntry.map((m) => fileURLToPath(new URL(m, appUrl))) }), osloClockFromEuRule()],
    server: { proxy: Object.fromEntries(proxied.map((path) => [path, 'http://localhost:3000'])) },
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
          // Libraries change less often than the app: separate chunks stay cached across releases. TanStack
          // Query in one chunk: shared by the portal's app chunk and its pages (decision 050, third step), it
          // came out as four small files, each with its own overhead.
          codeSplitting: {
            groups: [
              { name: 'react', test: /node_modules[\\/](react|react-dom|react-router|scheduler)[\\/]/ },
              { name: 'query', test: /node_modules[\\/]@tanstack[\\/]/ },
            ],
          },
        },
      },
    },
  };
}

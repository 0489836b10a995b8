// Bundles the server into dist/main.js (and the tracing SDK into dist/tracing-sdk.js). Workspace packages (@lokaler/*) are TypeScript source and
// are bundled in; every other package stays a runtime import from node_modules (PGlite needs its
// own files beside it, and oidc-provider is large).
import { build } from 'esbuild';

await build({
  // The tracing SDK is a bundle of its own, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set
  // (src/observability/tracing.ts): main.js never imports it.
  entryPoints: { main: 'src/main.ts', 'tracing-sdk': 'src/observability/tracing-sdk.ts' },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
  plugins: [{
    name: 'external-packages',
    setup(b) {
      b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lokaler/') ? undefined : { path: args.path, external: true }));
    },
  }],
});

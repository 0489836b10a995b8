// Bundles the server into dist/main.js (and the tracing SDK into dist/tracing-sdk.js). Workspace packages (@lokaler/*) are TypeScript source and
// are bundled in; every other package stays a runtime import from node_modules (PGlite needs its
// own files beside it, and oidc-provider is large).
import { build } from 'esbuild';

await build({
  // The tracing SDK is a bundle of its own, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set
  // (src/observability/tracing.ts): main.js never imports it.
  // The PDF check's worker thread is a bundle of its own too, beside main.js (inspect-pdf.ts finds it there).
  entryPoints: {
    main: 'src/main.ts',
    'tracing-sdk': 'src/observability/tracing-sdk.ts',
    'inspect-pdf-worker': 'src/weddings/wedding-certificate/inspect-pdf-worker.ts',
  },
  outdir: 'dist',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node22',
  sourcemap: true,
  logLevel: 'warning',
  absWorkingDir: new URL('.', import.meta.url).pathname,
  plugins: [
    {
      name: 'external-packages',
      setup(b) {
        b.onResolve({ filter: /^[^./]/ }, (args) => (args.path.startsWith('@lokaler/') ? undefined : { path: args.path, external: true }));
      },
    },
  ],
});

// Bundles the server into dist/main.js (and the tracing SDK into dist/tracing-sdk.js). Workspace packages (@lokaler/*) are TypeScript source and
// are bundled in; every other package stays a runtime import from node_modules (PGlite needs its
// own files beside it, and oidc-provider is large).
import { build } from 'esbuild';
import { fileURLToPath } from 'node:url';

/**
 * The server's bundle into `outdir` (relative to apps/server; one level below it, like dist/, so that
 * src/paths.ts finds the server's own files from it). The tests that start the server as a process run
 * such a bundle (apps/server/test/build-server.ts): what production runs, started in a second rather
 * than transpiled on every start.
 */
export async function buildServer(outdir = 'dist') {
  await build({
    // The tracing SDK is a bundle of its own, loaded only when OTEL_EXPORTER_OTLP_ENDPOINT is set
    // (src/observability/tracing.ts): main.js never imports it.
    // The PDF check's worker thread is a bundle of its own too, beside main.js (inspect-pdf.ts finds it there).
    entryPoints: {
      main: 'src/main.ts',
      'tracing-sdk': 'src/observability/tracing-sdk.ts',
      'inspect-pdf-worker': 'src/weddings/wedding-certificate/inspect-pdf-worker.ts',
    },
    outdir,
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node22',
    sourcemap: true,
    logLevel: 'warning',
    absWorkingDir: fileURLToPath(new URL('.', import.meta.url)),
    plugins: [
      {
        name: 'external-packages',
        setup(b) {
          b.onResolve({ filter: /^[^./]/ }, (args) =>
            args.path.startsWith('@lokaler/') ? undefined : { path: args.path, external: true },
          );
        },
      },
    ],
  });
}

if (process.argv[1] === fileURLToPath(import.meta.url)) await buildServer();

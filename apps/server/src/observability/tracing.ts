/**
 * Imported first by main.ts. Without OTEL_EXPORTER_OTLP_ENDPOINT it does nothing: the SDK is not
 * even loaded. With it, the tracer provider and the instrumentations start before the server
 * handles anything (tracing-sdk.ts). The SDK is its own file (its own bundle in dist, see
 * build.mjs), loaded by a computed path, so the bundler does not pull it into main.js.
 */
import type * as TracingSdk from './tracing-sdk';

if (process.env.OTEL_EXPORTER_OTLP_ENDPOINT) {
  const sdk = import.meta.url.endsWith('.ts') ? './tracing-sdk.ts' : './tracing-sdk.js';
  const { startTracing } = (await import(new URL(sdk, import.meta.url).href)) as typeof TracingSdk;
  startTracing();
}

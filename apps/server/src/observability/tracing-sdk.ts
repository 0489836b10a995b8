import { createRequire } from 'node:module';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { registerInstrumentations } from '@opentelemetry/instrumentation';
import { HttpInstrumentation } from '@opentelemetry/instrumentation-http';
import { PgInstrumentation } from '@opentelemetry/instrumentation-pg';
import { UndiciInstrumentation } from '@opentelemetry/instrumentation-undici';
import { resourceFromAttributes } from '@opentelemetry/resources';
import { BatchSpanProcessor, NodeTracerProvider } from '@opentelemetry/sdk-trace-node';
import { ATTR_SERVICE_NAME } from '@opentelemetry/semantic-conventions';

/** Probes and scrapes every few seconds would drown the traces that matter. */
const UNTRACED_PATHS = /^\/(?:api\/health(?:\/ready)?|metrics)(?:\?|$)/;

/**
 * Traces over OTLP/HTTP (decision 034): incoming HTTP (a `traceparent` sent to us is continued),
 * PostgreSQL queries (pg) and outgoing fetch calls (undici) by instrumentation, job runs and mail by
 * our own spans (tracer.ts). The exporter reads the standard OTEL_EXPORTER_OTLP_* variables
 * (endpoint, headers, timeout); the batch processor the OTEL_BSP_* ones.
 */
export function startTracing(): void {
  const provider = new NodeTracerProvider({
    resource: resourceFromAttributes({ [ATTR_SERVICE_NAME]: process.env.OTEL_SERVICE_NAME?.trim() || 'lokaler' }),
    spanProcessors: [new BatchSpanProcessor(new OTLPTraceExporter())],
  });
  // Registers the W3C trace-context propagator and the AsyncLocalStorage context manager.
  provider.register();
  registerInstrumentations({
    tracerProvider: provider,
    instrumentations: [
      new HttpInstrumentation({ ignoreIncomingRequestHook: (request) => UNTRACED_PATHS.test(request.url ?? '') }),
      // Only queries inside a request or a job: the job runner's once-a-second poll would be a trace of its own.
      new PgInstrumentation({ requireParentSpan: true }),
      new UndiciInstrumentation(),
    ],
  });
  // The instrumentations patch a module when it is required. Under the bundle (dist/main.js) or ESM,
  // http and pg may load without passing through require; requiring them here patches the very
  // objects (http.Server.prototype, pg.Client.prototype) every importer shares.
  const require = createRequire(import.meta.url);
  for (const name of ['node:http', 'node:https', 'pg', 'pg-pool']) require(name);
}

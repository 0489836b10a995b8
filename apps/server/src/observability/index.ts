import { trace } from '@opentelemetry/api';
import type { FastifyInstance } from 'fastify';
import { registerHttpMetrics } from './http-metrics';
import { createMetrics, type AppMetrics } from './metrics';
import { registerMetricsEndpoint } from './metrics-endpoint';
import { startMetricsServer, type MetricsServer } from './metrics-server';
import { registerRequestIdHeaders } from './request-id';

declare module 'fastify' {
  interface FastifyInstance {
    metrics: AppMetrics;
    /** The separate metrics port once the app is ready (METRICS_PORT); port null when there is none. */
    metricsServer: { port: number | null };
  }
}

/**
 * Request ids on every answer, the HTTP series, /metrics behind METRICS_TOKEN and, with METRICS_PORT,
 * the metrics on a port of their own. Registered before every route, so each one is counted.
 */
export function registerObservability(app: FastifyInstance): void {
  const metrics = createMetrics(app.database);
  const { metricsPort, metricsToken } = app.config.observability;
  app.decorate('metrics', metrics);
  app.decorate('metricsServer', { port: null });
  registerRequestIdHeaders(app);
  registerHttpMetrics(app, metrics);
  registerMetricsEndpoint(app, metrics, metricsToken);

  let server: MetricsServer | null = null;
  app.addHook('onReady', async () => {
    if (metricsPort === undefined) return;
    server = await startMetricsServer(metrics, { port: metricsPort, host: app.config.host });
    app.metricsServer.port = server.port;
  });
  app.addHook('onClose', async () => {
    await server?.close();
    await flushTraces();
  });
}

/** Sends the spans still batched before the process exits (tracing-sdk.ts's provider, when tracing is on). */
async function flushTraces(): Promise<void> {
  const provider = trace.getTracerProvider() as { getDelegate?(): { forceFlush?(): Promise<void> } };
  await provider
    .getDelegate?.()
    .forceFlush?.()
    .catch(() => undefined);
}

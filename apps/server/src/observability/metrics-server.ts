import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { AppMetrics } from './metrics';

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The metrics on a port of their own (METRICS_PORT): a bare node:http server with GET /metrics and
 * nothing else, no token, for a Prometheus inside the cluster. The port is meant to stay private
 * (not published through the load balancer); it keeps answering while the main port drains.
 */
export async function startMetricsServer(
  metrics: Pick<AppMetrics, 'scrape' | 'contentType'>,
  options: { port: number; host: string },
): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    const path = (request.url ?? '').split('?')[0];
    if (request.method !== 'GET' || path !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('Not found\n');
      return;
    }
    metrics.scrape().then(
      (text) => response.writeHead(200, { 'content-type': metrics.contentType }).end(text),
      (error: unknown) =>
        response
          .writeHead(500, { 'content-type': 'text/plain; charset=utf-8' })
          .end(`${error instanceof Error ? error.message : 'metrics failed'}\n`),
    );
  });
  server.keepAliveTimeout = 65_000;
  await new Promise<void>((resolve, reject) => {
    server.once('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'EADDRINUSE'
          ? new Error(`METRICS_PORT ${options.port} is in use (it must differ from PORT)`, { cause: error })
          : error,
      ),
    );
    server.listen(options.port, options.host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createScratchDatabase, startServerProcess, type ScratchDatabase, type ServerProcess } from '../../test/server-process';

/** What the OTLP/HTTP JSON encoding carries of a span (ids in hex). */
interface ExportedSpan {
  traceId: string;
  spanId: string;
  parentSpanId?: string;
  name: string;
  kind: number;
  attributes: { key: string; value: { stringValue?: string; intValue?: string | number } }[];
  service: string;
}

/** A trace collector in the test: takes OTLP/HTTP JSON export requests on /v1/traces and keeps the spans. */
async function startCollector() {
  const spans: ExportedSpan[] = [];
  const server = http.createServer((request, response) => {
    let body = '';
    request.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    request.on('end', () => {
      if (request.url === '/v1/traces') {
        const payload = JSON.parse(body) as {
          resourceSpans: {
            resource: ExportedSpan['attributes'] extends infer A ? { attributes: A } : never;
            scopeSpans: { spans: Omit<ExportedSpan, 'service'>[] }[];
          }[];
        };
        for (const resourceSpans of payload.resourceSpans) {
          const service = resourceSpans.resource.attributes.find((a) => a.key === 'service.name')?.value.stringValue ?? '';
          for (const scope of resourceSpans.scopeSpans) spans.push(...scope.spans.map((span) => ({ ...span, service })));
        }
      }
      response.writeHead(200, { 'content-type': 'application/json' }).end('{}');
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    spans,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

const attribute = (span: ExportedSpan, key: string) => span.attributes.find((a) => a.key === key)?.value.stringValue;

async function waitFor<T>(find: () => T | undefined, what: string, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const found = find();
    if (found !== undefined) return found;
    if (Date.now() > deadline) throw new Error(`no ${what} arrived within ${ms} ms`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/**
 * The server as operations run it (its own process, main.ts), with OTEL_EXPORTER_OTLP_ENDPOINT
 * pointing at a collector in the test. On PostgreSQL (TEST_ENGINE=postgres) the query spans are
 * checked too; PGlite has no driver to instrument.
 */
describe('traces over OTLP', () => {
  let collector: Awaited<ReturnType<typeof startCollector>>;
  let server: ServerProcess;
  let scratch: ScratchDatabase | undefined;
  const postgres = process.env.TEST_ENGINE === 'postgres' && process.env.TEST_DATABASE_URL;

  beforeAll(async () => {
    collector = await startCollector();
    if (postgres) scratch = await createScratchDatabase(postgres, 'lokaler_tracing');
    server = await startServerProcess({
      OTEL_EXPORTER_OTLP_ENDPOINT: collector.url,
      OTEL_SERVICE_NAME: 'lokaler-test',
      OTEL_BSP_SCHEDULE_DELAY: '200',
      ...(scratch ? { DATABASE_URL: scratch.url } : {}),
    });
  }, 180_000);
  afterAll(async () => {
    await server?.stop();
    await scratch?.drop();
    await collector?.close();
  });

  it("continues the caller's trace: the request's span has the route pattern, the answer its ids, and jobs have spans", async () => {
    const traceId = '0af7651916cd43dd8448eb211c80319c';
    const res = await fetch(`${server.baseUrl}/api/location/987654?ignored=1`, {
      headers: { traceparent: `00-${traceId}-b7ad6b7169203331-01` },
    });
    expect(res.status).toBe(404);
    expect(res.headers.get('x-request-id')).toBe(traceId);
    expect(res.headers.get('traceparent')).toMatch(new RegExp(`^00-${traceId}-[0-9a-f]{16}-01$`));

    const request = await waitFor(() => collector.spans.find((s) => s.traceId === traceId && s.kind === 2), 'server span');
    expect(attribute(request, 'http.route')).toBe('/api/location/:id');
    expect(request.name).toBe('GET /api/location/:id');
    expect(request.parentSpanId).toBe('b7ad6b7169203331');
    expect(request.service).toBe('lokaler-test');
    if (postgres) {
      const query = await waitFor(
        () =>
          collector.spans.find(
            (s) => s.traceId === traceId && ['db.system.name', 'db.system'].some((key) => attribute(s, key) === 'postgresql'),
          ),
        'query span',
      );
      expect(query.parentSpanId).toBeTruthy();
      expect(collector.spans.some((s) => s.spanId === query.parentSpanId)).toBe(true);
    }
    // The outbox's delivery job runs every 5 s: a trace of its own.
    const job = await waitFor(() => collector.spans.find((s) => s.name === 'job deliver-mail'), 'job span');
    expect(job.attributes).toContainEqual({ key: 'lokaler.job.name', value: { stringValue: 'deliver-mail' } });
  });

  it('leaves the probes out', async () => {
    const before = collector.spans.length;
    await fetch(`${server.baseUrl}/api/health/ready`);
    await fetch(`${server.baseUrl}/api/location/1`);
    await waitFor(
      () => collector.spans.slice(before).find((s) => attribute(s, 'http.route') === '/api/location/:id'),
      'second server span',
    );
    expect(collector.spans.some((s) => attribute(s, 'http.route') === '/api/health/ready')).toBe(false);
  });
});

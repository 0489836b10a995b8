import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyBaseLogger } from 'fastify';

export interface StubRequest {
  method: string;
  url: string;
  headers: http.IncomingHttpHeaders;
  body: string;
}

export type StubHandler = (request: StubRequest, response: http.ServerResponse) => void;

export interface HttpStub {
  url: string;
  /** Every request so far, in order. */
  requests: StubRequest[];
  /** What the next requests get. */
  answer(handler: StubHandler): void;
  close(): Promise<void>;
}

/** An external service's stand-in on 127.0.0.1, answering as each test tells it; a request never answered is what a hanging service looks like. */
export async function startHttpStub(): Promise<HttpStub> {
  let handler: StubHandler = (_request, response) => response.writeHead(500).end();
  const requests: StubRequest[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => {
      body += chunk.toString();
    });
    req.on('end', () => {
      const request = { method: req.method ?? '', url: req.url ?? '', headers: req.headers, body };
      requests.push(request);
      handler(request, res);
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    answer: (next) => {
      handler = next;
    },
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

export function json(status: number, body: unknown): StubHandler {
  return (_request, response) => response.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));
}

/** A logger that keeps its warn lines (object and message) for the test to read. */
export function capturingLogger(): { log: FastifyBaseLogger; warnings: string[] } {
  const warnings: string[] = [];
  const noop = () => {};
  const log = {
    level: 'warn',
    fatal: noop,
    error: noop,
    info: noop,
    debug: noop,
    trace: noop,
    silent: noop,
    warn: (object: unknown, message?: string) => {
      warnings.push(`${JSON.stringify(object)} ${message ?? ''}`);
    },
    child: () => log,
  } as unknown as FastifyBaseLogger;
  return { log, warnings };
}

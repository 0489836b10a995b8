import http from 'node:http';
import type net from 'node:net';

/** Headers of one hop only (RFC 9110 §7.6.1): never passed on. */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'te', 'trailer', 'transfer-encoding', 'upgrade']);

export interface ProxyStats {
  /** Requests answered by an upstream, per upstream port. */
  served: Map<number, number>;
  /** An upstream's connection reset or closed after the request was sent: the client got a 502. */
  resets: string[];
  /** Requests sent again to another upstream because the first refused the connection. */
  retriedAfterRefusal: number;
  /** Requests with no healthy upstream left: the client got a 502. */
  noUpstream: number;
  /** When an upstream was taken out or back in: `${port} out|in at ${ms}`. */
  health: string[];
}

export interface ReverseProxy {
  port: number;
  stats: ProxyStats;
  /** Resolves once `port` answered its health check with 200 (again). */
  waitHealthy(port: number): Promise<void>;
  close(): Promise<void>;
}

function withoutHopByHop(headers: http.IncomingHttpHeaders): http.OutgoingHttpHeaders {
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !HOP_BY_HOP.has(name)));
}

/** As nginx's $proxy_add_x_forwarded_for: the address this proxy saw, after whatever the client sent. */
function withForwardedFor(request: http.IncomingMessage): http.OutgoingHttpHeaders {
  const headers = withoutHopByHop(request.headers);
  const seen = request.socket.remoteAddress ?? '';
  headers['x-forwarded-for'] = request.headers['x-forwarded-for'] ? `${request.headers['x-forwarded-for']}, ${seen}` : seen;
  return headers;
}

/**
 * A load balancer as a city runs one in front of the replicas, small enough to read: keep-alive
 * connections to the upstreams, round-robin over the healthy ones, a readiness check of each every
 * `checkEveryMs` (one 503 or failure takes it out, one 200 puts it back), and a request is sent to
 * another upstream only when the connection was refused, before anything was sent — like nginx's
 * `proxy_next_upstream error` for a refused connect. A reset after sending is not retried (a POST
 * may have run): it reaches the client as 502 and is counted.
 */
export async function startReverseProxy(upstreams: number[], checkEveryMs = 200): Promise<ReverseProxy> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: 64 });
  const healthy = new Set<number>();
  const stats: ProxyStats = {
    served: new Map(upstreams.map((p) => [p, 0])),
    resets: [],
    retriedAfterRefusal: 0,
    noUpstream: 0,
    health: [],
  };
  const started = Date.now();
  const waiters: { port: number; resolve: () => void }[] = [];
  let next = 0;

  const setHealth = (port: number, up: boolean) => {
    if (healthy.has(port) === up) return;
    if (up) healthy.add(port);
    else healthy.delete(port);
    stats.health.push(`${port} ${up ? 'in' : 'out'} at ${Date.now() - started}`);
    if (up)
      for (const w of waiters.filter((w) => w.port === port)) {
        waiters.splice(waiters.indexOf(w), 1);
        w.resolve();
      }
  };
  // Each check on a connection of its own, as load balancers do.
  const check = (port: number) => {
    const request = http.get({ host: '127.0.0.1', port, path: '/api/health/ready', agent: false, timeout: 1000 }, (response) => {
      response.resume();
      setHealth(port, response.statusCode === 200);
    });
    request.on('timeout', () => request.destroy(new Error('health check timed out')));
    request.on('error', () => setHealth(port, false));
  };
  const checker = setInterval(() => upstreams.forEach(check), checkEveryMs);
  upstreams.forEach(check);

  const forward = (request: http.IncomingMessage, body: Buffer, response: http.ServerResponse, tried: Set<number>) => {
    const candidates = upstreams.filter((p) => healthy.has(p) && !tried.has(p));
    if (candidates.length === 0) {
      stats.noUpstream++;
      response.writeHead(502).end('no healthy upstream');
      return;
    }
    const port = candidates[next++ % candidates.length]!;
    tried.add(port);
    let sent = false;
    const upstream = http.request(
      { host: '127.0.0.1', port, method: request.method, path: request.url, headers: withForwardedFor(request), agent },
      (answer) => {
        stats.served.set(port, (stats.served.get(port) ?? 0) + 1);
        response.writeHead(answer.statusCode ?? 502, withoutHopByHop(answer.headers));
        answer.pipe(response);
        answer.on('error', (error: Error) => {
          stats.resets.push(`${port} ${request.method} ${request.url}: ${error.message} while answering`);
          response.destroy();
        });
      },
    );
    // 'socket' comes before anything is written; a refused connect fails before it is connected.
    upstream.on('socket', (socket: net.Socket) => {
      if (!socket.connecting) sent = true;
      else
        socket.once('connect', () => {
          sent = true;
        });
    });
    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code === 'ECONNREFUSED' && !sent) {
        setHealth(port, false);
        stats.retriedAfterRefusal++;
        forward(request, body, response, tried);
        return;
      }
      stats.resets.push(`${port} ${request.method} ${request.url}: ${error.code ?? ''} ${error.message}`);
      if (!response.headersSent) response.writeHead(502).end('upstream reset');
      else response.destroy();
    });
    upstream.end(body);
  };

  const server = http.createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => forward(request, Buffer.concat(chunks), response, new Set()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));

  return {
    port: (server.address() as net.AddressInfo).port,
    stats,
    waitHealthy: (port) =>
      healthy.has(port)
        ? Promise.resolve()
        : new Promise((resolve) => {
            waiters.push({ port, resolve });
          }),
    close: async () => {
      clearInterval(checker);
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      agent.destroy();
    },
  };
}

import http from 'node:http';

export interface BookingAnswer {
  status: number;
  /** The answer's body as text. */
  body: string;
  /** Milliseconds from sending until the whole answer was read. */
  ms: number;
}

/**
 * POST /api/booking over a fresh connection (agent: false): no request shares a socket with another,
 * so many at once arrive as concurrent clients would (the concurrency tests of bookings and search).
 */
export function postBooking(port: number, token: string, payload: unknown): Promise<BookingAnswer> {
  const data = JSON.stringify(payload);
  const started = performance.now();
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        path: '/api/booking',
        method: 'POST',
        agent: false,
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(data),
          authorization: `Bearer ${token}`,
          connection: 'close',
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (body += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, body, ms: performance.now() - started }));
      },
    );
    req.on('error', reject);
    req.end(data);
  });
}

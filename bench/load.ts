import autocannon from 'autocannon';

/** One load run: latencies of every 2xx response (exact percentiles, not a histogram's buckets). */
export interface LoadResult {
  requests: number;
  /** Requests sent, answered or not: those still in flight when the run ends are finished by the server all the same. */
  sent: number;
  requestsPerSecond: number;
  p50: number;
  p95: number;
  p99: number;
  /** Responses that were not 2xx, errors and timeouts: a valid run has none. */
  failures: number;
}

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

/**
 * `headers`: e.g. a browser's Accept-Encoding, so the server compresses as it does for the portal.
 * `nextPath`: each request's path (and query) made afresh, for scenarios that ask a distinct question
 * every time; without it every request asks `url`.
 */
export function runLoad(
  url: string,
  connections: number,
  seconds: number,
  headers: Record<string, string> = {},
  nextPath?: () => string,
): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const latencies: number[] = [];
    let failed = 0;
    const distinct = nextPath ? { requests: [{ setupRequest: (request: { path: string }) => ({ ...request, path: nextPath() }) }] } : {};
    const instance = autocannon({ url, connections, duration: seconds, timeout: 30, headers, ...distinct }, (error, result) => {
      if (error) return reject(error);
      latencies.sort((a, b) => a - b);
      resolve({
        requests: latencies.length,
        sent: result.requests.sent,
        requestsPerSecond: latencies.length / seconds,
        p50: percentile(latencies, 50),
        p95: percentile(latencies, 95),
        p99: percentile(latencies, 99),
        failures: failed + result.errors + result.timeouts,
      });
    });
    instance.on('response', (_client, statusCode, _bytes, responseTime) => {
      if (statusCode >= 200 && statusCode < 300) latencies.push(responseTime);
      else failed++;
    });
  });
}

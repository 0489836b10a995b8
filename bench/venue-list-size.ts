import zlib from 'node:zlib';
import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';
import { benchDatabaseUrl } from './bench-database';

/**
 * What compression does to the portal's venue list (GET /api/location, 738 KiB at city scale) and
 * what an unchanged list costs with If-None-Match: the bytes sent raw, gzip and brotli, and the time
 * the server spends per request, on the city data set (npm run generate -w bench first).
 *
 *   node --import tsx bench/venue-list-size.ts
 */
const database = await openDatabase({ engine: 'postgres', url: benchDatabaseUrl, maxConnections: 2 });
const config = loadConfig({ NODE_ENV: 'test', LOG_LEVEL: 'silent', DATABASE_URL: benchDatabaseUrl, SEED_DEMO_DATA: 'false' });
const app = await buildApp({ config, database, logger: false, jobs: { run: false } });
await app.ready();

async function measure(encoding: string, headers: Record<string, string> = {}) {
  const times: number[] = [];
  let bytes = 0;
  let status = 0;
  let etag = '';
  for (let i = 0; i < 7; i++) {
    const started = performance.now();
    const res = await app.inject({ method: 'GET', url: '/api/location', headers: { 'accept-encoding': encoding, ...headers } });
    times.push(performance.now() - started);
    bytes = res.rawPayload.length;
    status = res.statusCode;
    etag = String(res.headers.etag ?? '');
    if (encoding === 'br' && status === 200) zlib.brotliDecompressSync(res.rawPayload);
  }
  times.sort((a, b) => a - b);
  return { encoding, status, bytes, kib: (bytes / 1024).toFixed(1), medianMs: times[3]!.toFixed(1), etag };
}

const raw = await measure('identity');
const rows = [
  raw,
  await measure('gzip'),
  await measure('br'),
  { ...(await measure('br', { 'if-none-match': raw.etag })), encoding: 'br + If-None-Match' },
];
console.table(rows.map(({ etag: _etag, ...row }) => row));
await app.close();
await database.close();

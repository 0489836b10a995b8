import { buildApp } from '../apps/server/src/app';
import { loadConfig } from '../apps/server/src/config';
import { openDatabase } from '../apps/server/src/db/client';

/**
 * The real application (buildApp, every module, PostgreSQL) for the benchmark, without the SPAs'
 * static files: main.ts with serveSpas off, so the benchmark needs no front-end build. run-bench.ts
 * bundles this file like apps/server/build.mjs bundles main.ts, migrates the database itself, and
 * runs the bundle in its own process.
 */
const config = loadConfig();
const database = await openDatabase(config.database);
// BENCH_JOBS=off: no background jobs, for a data set other processes use too (their outbox is theirs).
const app = await buildApp({ config, database, serveSpas: false, ...(process.env.BENCH_JOBS === 'off' ? { jobs: { run: false } } : {}) });
await app.listen({ port: config.port, host: config.host });
const address = app.server.address();
console.log(`LISTENING ${typeof address === 'object' && address ? address.port : config.port}`);

const stop = async () => {
  await app.close();
  await database.close();
  process.exit(0);
};
process.once('SIGTERM', () => void stop());
process.once('SIGINT', () => void stop());

import { spawnSync } from 'node:child_process';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';

/**
 * Where the benchmark's data lives: its own database on the local PostgreSQL, never the
 * application's or a test's. BENCH_DATABASE_URL overrides it (the database name is the last path part),
 * and a script's --database=NAME names another database on that server, e.g. lokaler_bench_x10, the
 * national set (decision 049).
 */
export const benchDatabaseUrl = withDatabase(
  process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/lokaler_bench',
  process.argv.find((a) => a.startsWith('--database='))?.split('=')[1],
);

function withDatabase(url: string, name: string | undefined): string {
  if (!name) return url;
  const changed = new URL(url);
  changed.pathname = `/${name}`;
  return changed.toString();
}

export function benchDatabaseName(): string {
  const name = new URL(benchDatabaseUrl).pathname.replace(/^\//, '');
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected benchmark database name '${name}'`);
  return name;
}

/** The same server, database 'postgres': for CREATE and DROP DATABASE. */
export function maintenanceUrl(): string {
  const url = new URL(benchDatabaseUrl);
  url.pathname = '/postgres';
  return url.toString();
}

/** The local PostgreSQL server's 'postgres' database, for the benches that make a throwaway database of their own. */
export const benchServerUrl = process.env.BENCH_POSTGRES_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';

/** One statement on its own connection to benchServerUrl (CREATE / DROP DATABASE cannot run in a pool's transaction). */
export async function onBenchServer(statement: string): Promise<void> {
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  try {
    await client.query(statement);
  } finally {
    await client.end();
  }
}

/** Drops and creates the benchmark database (only that one). */
export async function recreateBenchDatabase(): Promise<void> {
  const name = benchDatabaseName();
  const admin = new pg.Client({ connectionString: maintenanceUrl() });
  await admin.connect();
  try {
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
}

/** The shape generate-city.ts recorded on the database, or null when there is no such database. */
export async function readCityShape(): Promise<Record<string, unknown> | null> {
  const admin = new pg.Client({ connectionString: maintenanceUrl() });
  await admin.connect();
  try {
    const { rows } = await admin.query<{ shape: string | null }>(
      `select shobj_description(oid, 'pg_database') as shape from pg_database where datname = $1`,
      [benchDatabaseName()],
    );
    // generate-city.ts writes "complete scale=N in S s {…}" (before decision 049: the JSON alone).
    const shape = rows[0]?.shape;
    const json = shape?.slice(shape.indexOf('{'));
    return json?.startsWith('{') ? (JSON.parse(json) as Record<string, unknown>) : null;
  } finally {
    await admin.end();
  }
}

/**
 * The URL of database `name` on benchServerUrl's server, holding generate-city.ts's data set: built first, at
 * `scale` times the city, when no database of that name exists (the benches with a city of their own, dropped at
 * their end unless --keep: statistics, opening hours, invoicing). `label` names the bench in what it prints.
 */
export async function cityDatabaseUrl(name: string, label: string, scale: string): Promise<string> {
  if (!/^[a-z_][a-z0-9_]*$/.test(name)) throw new Error(`Unexpected database name '${name}'`);
  const url = new URL(benchServerUrl);
  url.pathname = `/${name}`;
  const client = new pg.Client({ connectionString: benchServerUrl });
  await client.connect();
  let exists: boolean;
  try {
    exists = ((await client.query('select 1 from pg_database where datname = $1', [name])).rowCount ?? 0) > 0;
  } finally {
    await client.end();
  }
  if (!exists) {
    console.log(`[${label}] building ${name} (generate-city.ts)…`);
    const here = path.dirname(fileURLToPath(import.meta.url));
    const result = spawnSync(process.execPath, ['--import', 'tsx', path.join(here, 'generate-city.ts'), `--scale=${scale}`], {
      stdio: 'inherit',
      cwd: path.join(here, '..'),
      env: { ...process.env, BENCH_DATABASE_URL: url.toString() },
    });
    if (result.status !== 0) throw new Error('generate-city failed');
  }
  return url.toString();
}

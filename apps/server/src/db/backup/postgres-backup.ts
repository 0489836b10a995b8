import { execFile } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { promisify } from 'node:util';
import pg from 'pg';
import { BackupError } from './backup-error';

const run = promisify(execFile);

/** The URL without its password, and the password for PGPASSWORD: never on a command line `ps` shows. */
function connection(url: string): { dbname: string; env: NodeJS.ProcessEnv } {
  const parsed = new URL(url);
  const password = decodeURIComponent(parsed.password);
  parsed.password = '';
  return { dbname: parsed.toString(), env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) } };
}

async function withClient<T>(url: string, use: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to the database in DATABASE_URL: ${(error as Error).message}`);
  }
  try {
    return await use(client);
  } finally {
    await client.end();
  }
}

async function serverMajor(url: string): Promise<number> {
  return withClient(url, async (client) =>
    Math.floor(Number((await client.query<{ v: string }>("select current_setting('server_version_num') as v")).rows[0]!.v) / 10000),
  );
}

/**
 * pg_dump / pg_restore no older than the server (an older pg_dump refuses a newer server): PG_BIN_DIR
 * if set, else Debian's /usr/lib/postgresql/{server major}/bin, else the one on PATH.
 */
async function findTool(tool: 'pg_dump' | 'pg_restore', major: number): Promise<string> {
  const candidates = [process.env.PG_BIN_DIR && path.join(process.env.PG_BIN_DIR, tool), `/usr/lib/postgresql/${major}/bin/${tool}`].filter(
    (c): c is string => Boolean(c),
  );
  const binary = candidates.find((c) => fs.existsSync(c)) ?? tool;
  let version: string;
  try {
    version = (await run(binary, ['--version'])).stdout;
  } catch {
    throw new BackupError(
      `${tool} not found: install the PostgreSQL ${major} client tools (Debian: postgresql-client-${major}) or set PG_BIN_DIR`,
    );
  }
  const toolMajor = Number(/(\d+)(\.\d+)?/.exec(version)?.[1]);
  if (!(toolMajor >= major)) {
    throw new BackupError(
      `${binary} is version ${toolMajor}, older than the server (${major}): install postgresql-client-${major} or set PG_BIN_DIR`,
    );
  }
  return binary;
}

/** Tables, views and sequences outside the system schemas: a database with none is empty. */
export async function postgresRelationCount(url: string): Promise<number> {
  return withClient(url, async (client) =>
    Number(
      (
        await client.query<{ n: string }>(`
    select count(*) as n from pg_class c join pg_namespace n on n.oid = c.relnamespace
    where c.relkind in ('r', 'p', 'v', 'm', 'S')
      and n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_%'`)
      ).rows[0]!.n,
    ),
  );
}

/** pg_dump in its custom format (compressed, restored selectively and in parallel by pg_restore). */
export async function backupPostgres(url: string, file: string): Promise<void> {
  const pgDump = await findTool('pg_dump', await serverMajor(url));
  const { dbname, env } = connection(url);
  try {
    await run(pgDump, ['--format=custom', '--no-owner', '--no-privileges', `--file=${file}`, `--dbname=${dbname}`], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    fs.rmSync(file, { force: true });
    throw new BackupError(`pg_dump failed: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`);
  }
}

/**
 * pg_restore in one transaction: it restores all of the file or nothing. With `replace`, the
 * application's schemas are dropped first, in that same all-or-nothing spirit as far as SQL allows
 * (the drop commits before pg_restore starts: a failed restore then leaves an empty database).
 */
export async function restorePostgres(url: string, file: string, options: { replace: boolean }): Promise<void> {
  const pgRestore = await findTool('pg_restore', await serverMajor(url));
  if (options.replace) {
    await withClient(url, (client) =>
      client.query('drop schema if exists drizzle cascade; drop schema if exists public cascade; create schema public'),
    );
  }
  const { dbname, env } = connection(url);
  try {
    await run(pgRestore, ['--single-transaction', '--exit-on-error', '--no-owner', '--no-privileges', `--dbname=${dbname}`, file], {
      env,
      maxBuffer: 16 * 1024 * 1024,
    });
  } catch (error) {
    throw new BackupError(
      `pg_restore failed, nothing was restored: ${(error as { stderr?: string }).stderr?.trim() || (error as Error).message}`,
    );
  }
}

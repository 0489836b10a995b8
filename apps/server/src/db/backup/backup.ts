import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { Config } from '../../config';
import { BackupError } from './backup-error';
import { backupPglite, restorePglite } from './pglite-backup';
import { backupPostgres, postgresRelationCount, restorePostgres } from './postgres-backup';

export { BackupError } from './backup-error';

type Target = Config['database'];

/** The first bytes say which engine wrote a backup: pg_dump's custom format, or PGlite's gzipped tar. */
function backupKind(file: string): 'postgres' | 'pglite' | 'unknown' {
  const head = Buffer.alloc(5);
  const fd = fs.openSync(file, 'r');
  try {
    fs.readSync(fd, head, 0, 5, 0);
  } finally {
    fs.closeSync(fd);
  }
  if (head.toString('latin1') === 'PGDMP') return 'postgres';
  if (head[0] === 0x1f && head[1] === 0x8b) return 'pglite';
  return 'unknown';
}

async function postgresBookings(url: string): Promise<number> {
  const client = new pg.Client({ connectionString: url });
  await client.connect();
  try {
    return Number((await client.query<{ n: string }>('select count(*) as n from bookings')).rows[0]!.n);
  } finally {
    await client.end();
  }
}

/**
 * Writes a backup of the configured database to `file` (through `{file}.partial`, so a file with
 * the final name is always complete). An existing file is only overwritten with `force`.
 */
export async function backupDatabase({
  target,
  file,
  force = false,
}: {
  target: Target;
  file: string;
  force?: boolean;
}): Promise<{ bookings: number }> {
  const out = path.resolve(file);
  if (fs.existsSync(out) && !force) throw new BackupError(`${out} exists: choose another file name, or add --force to overwrite it`);
  fs.mkdirSync(path.dirname(out), { recursive: true });
  const partial = `${out}.partial`;
  try {
    const summary =
      target.engine === 'postgres'
        ? (await backupPostgres(target.url, partial), { bookings: await postgresBookings(target.url) })
        : await backupPglite(target.dataDir, partial);
    fs.renameSync(partial, out);
    return summary;
  } finally {
    fs.rmSync(partial, { force: true });
  }
}

/**
 * Restores `file` into the configured database, which must be empty (no tables): a restore never
 * mixes into live data by accident. `force` replaces what is there (PGlite: moved aside, kept).
 */
export async function restoreDatabase({
  target,
  file,
  force = false,
}: {
  target: Target;
  file: string;
  force?: boolean;
}): Promise<{ bookings: number; movedAside?: string | null }> {
  const input = path.resolve(file);
  if (!fs.existsSync(input)) throw new BackupError(`${input} does not exist`);
  const kind = backupKind(input);
  if (kind === 'unknown')
    throw new BackupError(`${input} is not a Lokaler backup (neither pg_dump's custom format nor a PGlite data folder)`);
  if (kind !== target.engine) {
    throw new BackupError(
      kind === 'postgres'
        ? `${input} is a PostgreSQL backup: set DATABASE_URL to the PostgreSQL database to restore it into`
        : `${input} is a PGlite backup: unset DATABASE_URL and set DATA_DIR to restore it`,
    );
  }
  if (target.engine === 'pglite') return restorePglite(target.dataDir, input, { replace: force });
  const relations = await postgresRelationCount(target.url);
  if (relations > 0 && !force) {
    throw new BackupError(
      `The database in DATABASE_URL is not empty (${relations} tables, views or sequences): restore into a new empty database (createdb), or add --force to replace its contents`,
    );
  }
  await restorePostgres(target.url, input, { replace: relations > 0 });
  return { bookings: await postgresBookings(target.url) };
}

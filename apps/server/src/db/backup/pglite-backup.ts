import fs from 'node:fs';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { btree_gist } from '@electric-sql/pglite/contrib/btree_gist';
import { pg_trgm } from '@electric-sql/pglite/contrib/pg_trgm';
import { unaccent } from '@electric-sql/pglite/contrib/unaccent';
import { BackupError } from './backup-error';

const extensions = { btree_gist, pg_trgm, unaccent };

/** Whether DATA_DIR holds a PGlite database at all. */
export function hasPgliteDatabase(dataDir: string): boolean {
  return fs.existsSync(path.join(dataDir, 'PG_VERSION'));
}

/**
 * PGlite is one process's database: a second one opening the same folder (this tool while the
 * server runs) would read and write it behind the server's back. PGlite writes postmaster.pid
 * while it has the folder open and removes it on a clean close, so its presence means "in use"
 * (or a server that was killed: then nothing runs, and removing the file is safe).
 */
function refuseWhileInUse(dataDir: string): void {
  const pidFile = path.join(dataDir, 'postmaster.pid');
  if (fs.existsSync(pidFile)) {
    throw new BackupError(
      `${dataDir} is in use (${pidFile} exists): stop the server first. If no server is running (it was killed), remove ${pidFile} and try again.`,
    );
  }
}

async function countBookings(client: PGlite): Promise<number> {
  const { rows } = await client.query<{ n: number }>(`select count(*)::int as n from bookings`);
  return rows[0]!.n;
}

/**
 * A consistent copy of the whole data folder (PGlite's dumpDataDir: a gzipped tar taken with the
 * database open and quiet, since the server is stopped). It restores into PGlite of the same version.
 */
export async function backupPglite(dataDir: string, file: string): Promise<{ bookings: number }> {
  if (!hasPgliteDatabase(dataDir)) throw new BackupError(`No database in DATA_DIR (${dataDir})`);
  refuseWhileInUse(dataDir);
  const client = await PGlite.create({ dataDir, extensions });
  try {
    const bookings = await countBookings(client);
    const dump = await client.dumpDataDir('gzip');
    fs.writeFileSync(file, Buffer.from(await dump.arrayBuffer()));
    return { bookings };
  } finally {
    await client.close();
  }
}

/**
 * Unpacks the backup into DATA_DIR, which must hold no database; with `replace`, the database
 * there is first moved aside to `{DATA_DIR}.before-restore-{time}` (kept, never deleted).
 */
export async function restorePglite(
  dataDir: string,
  file: string,
  options: { replace: boolean },
): Promise<{ bookings: number; movedAside: string | null }> {
  let movedAside: string | null = null;
  if (hasPgliteDatabase(dataDir)) {
    if (!options.replace)
      throw new BackupError(
        `DATA_DIR (${dataDir}) already holds a database: restore into an empty DATA_DIR, or add --force to move it aside and replace it`,
      );
    refuseWhileInUse(dataDir);
    movedAside = `${dataDir}.before-restore-${new Date().toISOString().replace(/[:.]/g, '-')}`;
    fs.renameSync(dataDir, movedAside);
  }
  fs.mkdirSync(dataDir, { recursive: true });
  let client: PGlite | undefined;
  try {
    client = await PGlite.create({ dataDir, extensions, loadDataDir: new Blob([fs.readFileSync(file)]) });
    return { bookings: await countBookings(client), movedAside };
  } catch (error) {
    await client?.close();
    client = undefined;
    fs.rmSync(dataDir, { recursive: true, force: true });
    if (movedAside) fs.renameSync(movedAside, dataDir);
    throw new BackupError(`Restoring ${file} into PGlite failed, DATA_DIR is as it was: ${(error as Error).message}`);
  } finally {
    await client?.close();
  }
}

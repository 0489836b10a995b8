// `npm run db:backup -- [file] [--force]` and `npm run db:restore -- <file> [--force]`: the database
// the server would use (DATABASE_URL, else PGlite in DATA_DIR), configured by the same environment.
import { ConfigError, loadConfig } from '../../config';
import { BackupError, backupDatabase, restoreDatabase } from './backup';

const say = (line: string) => process.stdout.write(`${line}\n`);

const usage = [
  'Usage:',
  '  npm run db:backup -- [file] [--force]    back up the database (default file: backups/lokaler-<engine>-<time>.<ext>)',
  '  npm run db:restore -- <file> [--force]   restore into an empty database; --force replaces a non-empty one',
  "The database is the server's: DATABASE_URL (PostgreSQL) or, when unset, PGlite in DATA_DIR. Stop the server first.",
].join('\n');

async function main(argv: readonly string[]): Promise<void> {
  const [command, ...rest] = argv;
  const force = rest.includes('--force');
  const unknown = rest.filter((a) => a.startsWith('-') && a !== '--force');
  const files = rest.filter((a) => !a.startsWith('-'));
  if ((command !== 'backup' && command !== 'restore') || unknown.length || files.length > 1 || (command === 'restore' && !files[0])) {
    throw new BackupError(usage);
  }
  const config = loadConfig(process.env);
  const target = config.database;
  const where = target.engine === 'postgres' ? 'PostgreSQL (DATABASE_URL)' : `PGlite in ${target.dataDir}`;
  if (command === 'backup') {
    const stamp = new Date().toISOString().replace(/[:.]/g, '-');
    const file = files[0] ?? `backups/lokaler-${target.engine}-${stamp}.${target.engine === 'postgres' ? 'dump' : 'tar.gz'}`;
    const { bookings } = await backupDatabase({ target, file, force });
    say(`Backed up ${where} to ${file} (${bookings} bookings).`);
    return;
  }
  const result = await restoreDatabase({ target, file: files[0]!, force });
  if (result.movedAside) say(`The database that was in DATA_DIR is kept in ${result.movedAside}.`);
  say(`Restored ${files[0]} into ${where} (${result.bookings} bookings). Start the server: it applies any newer migrations.`);
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof BackupError || error instanceof ConfigError) console.error(error.message);
  else console.error(error);
  process.exitCode = 1;
});

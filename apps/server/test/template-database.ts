import { createHash, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../src/db/client';
import { migrationsFolder, repoRoot } from '../src/paths';
import { PGLITE_TEMPLATE_VARIABLE } from './server-process';

declare module 'vitest' {
  export interface ProvidedContext {
    /** A dumpDataDir() tarball of a migrated PGlite (project server). */
    pgliteTemplate?: string;
    /** A migrated PostgreSQL database to copy with CREATE DATABASE … TEMPLATE (project server-pg). */
    postgresTemplate?: string;
  }
}

/**
 * Vitest globalSetup of the server projects: migrates ONE database per run (or reuses the one a
 * previous run left for the same migrations), and every test file starts from a copy of it instead
 * of opening an empty engine and running every migration itself. Opening a fresh PGlite costs an
 * initdb (seconds of CPU each, 84 files × per run); loading a dump skips it, and a PostgreSQL
 * template copy is a file copy instead of 19 migrations.
 */
export async function setup(project: TestProject): Promise<void> {
  const key = migrationsKey();
  if (project.config.env?.TEST_ENGINE === 'postgres') {
    const url = process.env.TEST_DATABASE_URL;
    if (url) project.provide('postgresTemplate', await postgresTemplate(url, `lokaler_template_${key}`));
  } else {
    const template = await pgliteTemplate(key);
    project.provide('pgliteTemplate', template);
    // For the server processes a test starts on PGlite (server-process.ts, decision 072).
    process.env[PGLITE_TEMPLATE_VARIABLE] = template;
  }
}

/** Changes when a migration, the PGlite version or this file changes: a stale template is never used. */
function migrationsKey(): string {
  const hash = createHash('sha256');
  for (const file of fs.readdirSync(migrationsFolder, { recursive: true }).map(String).sort()) {
    const full = path.join(migrationsFolder, file);
    if (fs.statSync(full).isFile()) hash.update(file).update(fs.readFileSync(full));
  }
  hash.update(fs.readFileSync(path.join(repoRoot, 'node_modules/@electric-sql/pglite/package.json')));
  hash.update(fs.readFileSync(new URL(import.meta.url)));
  return hash.digest('hex').slice(0, 16);
}

async function pgliteTemplate(key: string): Promise<string> {
  const dir = path.join(repoRoot, 'node_modules/.cache/lokaler-test');
  const file = path.join(dir, `pglite-${key}.tar`);
  if (fs.existsSync(file)) return file;
  fs.mkdirSync(dir, { recursive: true });
  const database = await openDatabase({ engine: 'pglite' });
  try {
    await database.migrate();
    const client = (database.db as unknown as { $client: { dumpDataDir(c: 'none'): Promise<Blob> } }).$client;
    const dump = await client.dumpDataDir('none');
    // Written under a temporary name and renamed: a parallel run never reads half a file.
    const partial = `${file}.${process.pid}.${randomBytes(4).toString('hex')}`;
    fs.writeFileSync(partial, Buffer.from(await dump.arrayBuffer()));
    fs.renameSync(partial, file);
  } finally {
    await database.close();
  }
  for (const old of fs.readdirSync(dir)) {
    if (old.startsWith('pglite-') && old.endsWith('.tar') && !file.endsWith(old)) fs.rmSync(path.join(dir, old), { force: true });
  }
  return file;
}

async function postgresTemplate(url: string, name: string): Promise<string> {
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  try {
    const found = await admin.query('select 1 from pg_database where datname = $1', [name]);
    if (found.rowCount) return name;
    // Migrated under a name of its own, then renamed: another run creating the same template at
    // the same time cannot copy a half-migrated database.
    const partial = `${name}_${randomBytes(4).toString('hex')}`;
    await admin.query(`CREATE DATABASE ${partial}`);
    const target = new URL(url);
    target.pathname = `/${partial}`;
    const database = await openDatabase({ engine: 'postgres', url: target.toString(), maxConnections: 2 });
    try {
      await database.migrate();
    } finally {
      await database.close();
    }
    try {
      await admin.query(`ALTER DATABASE ${partial} RENAME TO ${name}`);
    } catch (error) {
      if ((error as { code?: string }).code !== '42P04') throw error;
      await admin.query(`DROP DATABASE ${partial}`);
    }
    return name;
  } finally {
    await admin.end();
  }
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { asc, count } from 'drizzle-orm';
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Config } from '../../config';
import { sqlState } from '../../http/error-handler';
import { openDatabase, type Database } from '../client';
import { insertReservations } from '../../bookings/bookings';
import { bookings, reservations } from '../schema/bookings';
import { createAsset, createBooking, createLocation, createUser } from '../../../test/factories/places';
import { BackupError, backupDatabase, restoreDatabase } from './backup';

type Target = Config['database'];

/** A fresh, empty database of the engine under test: a PGlite folder, or a new PostgreSQL database. */
async function emptyTarget(scratch: string, cleanups: Array<() => Promise<void>>): Promise<Target> {
  const name = `lokaler_backup_${process.pid}_${randomBytes(4).toString('hex')}`;
  if (process.env.TEST_ENGINE !== 'postgres') return { engine: 'pglite', dataDir: path.join(scratch, name) };
  const url = process.env.TEST_DATABASE_URL;
  if (!url) throw new Error('TEST_ENGINE=postgres needs TEST_DATABASE_URL');
  const admin = new pg.Client({ connectionString: url });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  cleanups.push(async () => {
    const dropper = new pg.Client({ connectionString: url });
    await dropper.connect();
    await dropper.query(`drop database if exists ${name} with (force)`);
    await dropper.end();
  });
  const target = new URL(url);
  target.pathname = `/${name}`;
  return { engine: 'postgres', url: target.toString(), maxConnections: 5 };
}

async function withDatabase<T>(target: Target, use: (database: Database) => Promise<T>): Promise<T> {
  const database = await openDatabase(target);
  try {
    return await use(database);
  } finally {
    await database.close();
  }
}

/** What a restore must bring back: every booking and its times, as rows. */
async function contents(database: Database) {
  return {
    bookings: await database.db
      .select({ id: bookings.id, caseNumber: bookings.caseNumber, status: bookings.status })
      .from(bookings)
      .orderBy(asc(bookings.id)),
    reservations: await database.db
      .select({
        id: reservations.id,
        bookingId: reservations.bookingId,
        bookableAssetId: reservations.bookableAssetId,
        date: reservations.date,
        startTime: reservations.startTime,
      })
      .from(reservations)
      .orderBy(asc(reservations.id)),
  };
}

// File-backed databases, opened and migrated several times: slower than the in-memory test databases.
describe(`db:backup and db:restore (${process.env.TEST_ENGINE === 'postgres' ? 'PostgreSQL' : 'PGlite'})`, { timeout: 180_000 }, () => {
  const scratch = fs.mkdtempSync(path.join(os.tmpdir(), 'lokaler-backup-'));
  const cleanups: Array<() => Promise<void>> = [];
  let source: Target;
  let file: string;
  let before: Awaited<ReturnType<typeof contents>>;
  let room: number;

  beforeAll(async () => {
    source = await emptyTarget(scratch, cleanups);
    before = await withDatabase(source, async (database) => {
      await database.migrate();
      const db = database.db;
      const location = await createLocation(db, { name: 'Sagene samfunnshus' });
      room = (await createAsset(db, location.id, { name: 'Storsalen' })).id;
      for (let i = 0; i < 12; i++) {
        const user = await createUser(db);
        const booking = await createBooking(db, location.id, user.id, { status: i % 3 === 0 ? 'APPROVED' : 'UNPROCESSED' });
        await insertReservations(db, [
          {
            bookingId: booking.id,
            bookableAssetId: room,
            date: '2031-05-06',
            startTime: `${String(8 + i).padStart(2, '0')}:00:00`,
            durationMinutes: 60,
          },
        ]);
      }
      return contents(database);
    });
    file = path.join(scratch, `backup.${source.engine === 'postgres' ? 'dump' : 'tar.gz'}`);
  }, 180_000);
  afterAll(async () => {
    for (const cleanup of cleanups) await cleanup();
    fs.rmSync(scratch, { recursive: true, force: true });
  });

  it('restores every booking into an empty database, and the exclusion constraint still refuses an overlap', async () => {
    expect(await backupDatabase({ target: source, file })).toEqual({ bookings: 12 });
    expect(fs.statSync(file).size).toBeGreaterThan(0);

    const fresh = await emptyTarget(scratch, cleanups);
    expect(await restoreDatabase({ target: fresh, file })).toMatchObject({ bookings: 12 });
    await withDatabase(fresh, async (database) => {
      // Already at the newest migration: migrating again changes nothing.
      await database.migrate();
      expect(await contents(database)).toEqual(before);
      const [first] = before.reservations;
      const overlap = insertReservations(database.db, [
        { bookingId: first!.bookingId, bookableAssetId: room, date: '2031-05-06', startTime: '08:30:00', durationMinutes: 60 },
      ]);
      expect(
        await overlap.then(
          () => 'accepted',
          (error: unknown) => sqlState(error),
        ),
      ).toBe('23P01');
      // And the sequences go on after the restored rows.
      const user = await createUser(database.db);
      const location = await createLocation(database.db);
      const booking = await createBooking(database.db, location.id, user.id);
      expect(booking.id).toBeGreaterThan(before.bookings.at(-1)!.id);
      expect((await database.db.select({ n: count() }).from(bookings))[0]!.n).toBe(13);
    });
  });

  it('refuses to restore into a database that is not empty unless forced, and then replaces it', async () => {
    if (!fs.existsSync(file)) await backupDatabase({ target: source, file });
    const used = await emptyTarget(scratch, cleanups);
    await withDatabase(used, async (database) => {
      await database.migrate();
      await createLocation(database.db, { name: 'Et annet lokale' });
    });
    await expect(restoreDatabase({ target: used, file })).rejects.toThrow(BackupError);
    await expect(restoreDatabase({ target: used, file })).rejects.toThrow(/not empty|already holds a database/);
    // Refused: what was there is untouched.
    await withDatabase(used, async (database) => {
      expect(await contents(database)).toEqual({ bookings: [], reservations: [] });
    });

    expect(await restoreDatabase({ target: used, file, force: true })).toMatchObject({ bookings: 12 });
    await withDatabase(used, async (database) => {
      expect(await contents(database)).toEqual(before);
    });
  });

  it('refuses to overwrite a backup file, and a file that is not a backup', async () => {
    if (!fs.existsSync(file)) await backupDatabase({ target: source, file });
    await expect(backupDatabase({ target: source, file })).rejects.toThrow(/exists/);
    const junk = path.join(scratch, 'junk.bin');
    fs.writeFileSync(junk, 'not a backup');
    await expect(restoreDatabase({ target: await emptyTarget(scratch, cleanups), file: junk })).rejects.toThrow(/not a Lokaler backup/);
  });
});

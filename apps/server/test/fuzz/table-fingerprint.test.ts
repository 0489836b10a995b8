import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Database } from '../../src/db/client';
import { users } from '../../src/db/schema/identity';
import { createUser } from '../factories/places';
import { createTestDatabase } from '../test-db';
import { changedTables, fingerprinter } from './table-fingerprint';

describe('the table fingerprint the fuzzer checks refused requests with', () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  }, 300_000);
  afterAll(() => database.close());

  it('names the table a row was added to or changed in, and nothing when only read', async () => {
    const fingerprint = await fingerprinter(database);
    const user = await createUser(database.db);
    const before = await fingerprint();
    await database.db.select().from(users);
    expect(changedTables(before, await fingerprint())).toEqual([]);
    await database.db.update(users).set({ name: 'Endret' }).where(eq(users.id, user.id));
    const changed = await fingerprint();
    expect(changedTables(before, changed)).toEqual(['users']);
    await createUser(database.db);
    expect(changedTables(changed, await fingerprint())).toEqual(['users']);
  });

  it('leaves out the tables it is told to', async () => {
    const fingerprint = await fingerprinter(database, { ignore: ['users'] });
    const before = await fingerprint();
    await createUser(database.db);
    expect(changedTables(before, await fingerprint())).toEqual([]);
  });
});

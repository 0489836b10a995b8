import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase } from '../../test/test-db';
import { preparedQuery, queryRows, type Database } from './client';
import { writeTransaction } from './write-transaction';

/**
 * preparedQuery (decision 048): a named statement run outside a transaction is planned generic on
 * PostgreSQL (the connections of generic plans), in a transaction on the transaction's connection,
 * where PostgreSQL chooses; on PGlite the same text runs unnamed.
 */
const engine = process.env.TEST_ENGINE === 'postgres' ? 'postgres' : 'pglite';

const planMode = preparedQuery<{ mode: string; n: number }>(
  'test_plan_mode',
  sql`select current_setting('plan_cache_mode') as mode, ${sql.placeholder('n')}::int + 1 as n`,
);

describe(`preparedQuery (${engine})`, () => {
  let database: Database;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(() => database.close());

  it('answers with its values, alone and in a transaction', async () => {
    const alone = await planMode(database.db, { n: 1 });
    const inTransaction = await writeTransaction(database.db, (tx) => planMode(tx, { n: 2 }));
    expect(alone.map((r) => r.n)).toEqual([2]);
    expect(inTransaction.map((r) => r.n)).toEqual([3]);
    if (engine === 'postgres') {
      expect(alone[0]!.mode).toBe('force_generic_plan');
      expect(inTransaction[0]!.mode).toBe('auto');
    }
  });

  if (engine === 'postgres')
    it('leaves every other statement to PostgreSQL: a lone unnamed statement is not forced generic', async () => {
      const [row] = await queryRows<{ mode: string }>(database.db, sql`select current_setting('plan_cache_mode') as mode`);
      expect(row!.mode).toBe('auto');
    });
});

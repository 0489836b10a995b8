import { sql } from 'drizzle-orm';
import type { DbOrTx } from './client';

/** One round trip to the database (the readiness check's proof that it answers). */
export async function pingDatabase(db: DbOrTx): Promise<void> {
  await db.execute(sql`select 1`);
}

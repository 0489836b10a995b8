import { and, desc, eq, lt, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { frontendErrors } from '../../db/schema/settings';

export interface NewFrontendError {
  fingerprint: string;
  msg: string;
  level: string;
  userAgent: string | null;
  clientTime: Date | null;
}

export async function insertFrontendError(db: DbOrTx, entry: NewFrontendError): Promise<void> {
  await db.insert(frontendErrors).values(entry);
}

/** Keeps the newest `keep` reports of one fingerprint. */
export async function pruneFingerprint(db: DbOrTx, fingerprint: string, keep: number): Promise<void> {
  const newest = db
    .select({ id: frontendErrors.id })
    .from(frontendErrors)
    .where(eq(frontendErrors.fingerprint, fingerprint))
    .orderBy(desc(frontendErrors.id))
    .limit(keep);
  await db.delete(frontendErrors).where(and(eq(frontendErrors.fingerprint, fingerprint), notInArray(frontendErrors.id, newest)));
}

/** Keeps the newest `keep` reports overall, so the table stays small whatever the browsers send. */
export async function pruneTotal(db: DbOrTx, keep: number): Promise<void> {
  await db.delete(frontendErrors).where(
    lt(
      frontendErrors.id,
      sql`(
    select id from ${frontendErrors} order by id desc offset ${keep - 1} limit 1)`,
    ),
  );
}

export async function listFrontendErrors(db: DbOrTx) {
  return db.select().from(frontendErrors).orderBy(desc(frontendErrors.id));
}

/** Decision 054: the reports received before `cutoff`; how many went. */
export async function deleteFrontendErrorsBefore(db: DbOrTx, cutoff: Date): Promise<number> {
  return (await db.delete(frontendErrors).where(lt(frontendErrors.receivedAt, cutoff)).returning({ id: frontendErrors.id })).length;
}

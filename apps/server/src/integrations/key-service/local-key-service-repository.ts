import { and, eq, inArray, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { localKeyServiceGrants } from '../../db/schema/after-application';

export type LocalGrantRow = typeof localKeyServiceGrants.$inferSelect;

/** Stores a grant; a grant id seen before keeps its first row (the service's PUT is idempotent). */
export async function insertLocalGrant(db: DbOrTx, grant: Omit<LocalGrantRow, 'revokedAt'>): Promise<void> {
  await db.insert(localKeyServiceGrants).values(grant).onConflictDoNothing();
}

export async function findLocalGrants(db: DbOrTx, grantIds: readonly string[]): Promise<LocalGrantRow[]> {
  if (grantIds.length === 0) return [];
  return db
    .select()
    .from(localKeyServiceGrants)
    .where(inArray(localKeyServiceGrants.grantId, [...grantIds]));
}

/** Marks a grant revoked at `at`; an unknown or already revoked grant is left as it is. */
export async function revokeLocalGrant(db: DbOrTx, grantId: string, at: Date): Promise<void> {
  await db
    .update(localKeyServiceGrants)
    .set({ revokedAt: at })
    .where(and(eq(localKeyServiceGrants.grantId, grantId), isNull(localKeyServiceGrants.revokedAt)));
}

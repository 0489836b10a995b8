import { asc, eq } from 'drizzle-orm';
import type { RejectionChoice } from '@lokaler/domain/admin-rejection';
import type { DbOrTx } from '../../db/client';
import { rejectionChoices } from '../../db/schema/admin-decisions';

export async function listRejectionChoices(db: DbOrTx): Promise<RejectionChoice[]> {
  return db
    .select({ key: rejectionChoices.key, title: rejectionChoices.title, text: rejectionChoices.text })
    .from(rejectionChoices)
    .orderBy(asc(rejectionChoices.sortOrder), asc(rejectionChoices.key));
}

export async function findRejectionChoice(db: DbOrTx, key: string): Promise<RejectionChoice | null> {
  const [row] = await db
    .select({ key: rejectionChoices.key, title: rejectionChoices.title, text: rejectionChoices.text })
    .from(rejectionChoices)
    .where(eq(rejectionChoices.key, key));
  return row ?? null;
}

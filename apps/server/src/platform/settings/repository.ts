import { eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { settings } from '../../db/schema/settings';

export async function findSettingValue(db: DbOrTx, name: string): Promise<string | null> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.name, name));
  return row?.value ?? null;
}

/** The values of these settings (absent: the server does not have it), in one query. */
export async function findSettingValues(db: DbOrTx, names: readonly string[]): Promise<Map<string, string>> {
  const rows = await db
    .select()
    .from(settings)
    .where(inArray(settings.name, [...names]));
  return new Map(rows.map((row) => [row.name, row.value]));
}

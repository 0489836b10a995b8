import { eq } from 'drizzle-orm';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { DbOrTx } from '../../db/client';
import { selvkostPrices } from '../../db/schema/admin-decisions';

/** A location's cost-based price list in øre, or null when it has none. */
export async function findSelvkostPrices(db: DbOrTx, locationId: number): Promise<CostBasedPrices | null> {
  const [row] = await db.select().from(selvkostPrices).where(eq(selvkostPrices.locationId, locationId));
  if (!row) return null;
  return {
    lokalkategori1: row.lokalkategori1Ore,
    lokalkategori2: row.lokalkategori2Ore,
    lokalkategori3: row.lokalkategori3Ore,
    etableringSemesterlan: row.etableringSemesterlanOre,
    etableringEngangsutleie: row.etableringEngangsutleieOre,
    timeTilsynsvakt: row.timeTilsynsvaktOre,
    timeEkstraRenhold: row.timeEkstraRenholdOre,
  };
}

/** Sets a location's price list (demo data and tests; an admin screen for it is not part of issue 6). */
export async function upsertSelvkostPrices(db: DbOrTx, locationId: number, prices: CostBasedPrices): Promise<void> {
  const values = {
    lokalkategori1Ore: prices.lokalkategori1,
    lokalkategori2Ore: prices.lokalkategori2,
    lokalkategori3Ore: prices.lokalkategori3,
    etableringSemesterlanOre: prices.etableringSemesterlan,
    etableringEngangsutleieOre: prices.etableringEngangsutleie,
    timeTilsynsvaktOre: prices.timeTilsynsvakt,
    timeEkstraRenholdOre: prices.timeEkstraRenhold,
    updatedAt: new Date(),
  };
  await db.insert(selvkostPrices).values({ locationId, ...values }).onConflictDoUpdate({ target: selvkostPrices.locationId, set: values });
}

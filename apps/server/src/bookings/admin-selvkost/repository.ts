import { inArray, sql } from 'drizzle-orm';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { PublicLocationType } from '@lokaler/domain/location';
import type { DbOrTx } from '../../db/client';
import { selvkostPrices } from '../../db/schema/admin-decisions';

/** A location's cost-based price list in øre, or null when it has none. */
export async function findSelvkostPrices(db: DbOrTx, locationId: number): Promise<CostBasedPrices | null> {
  return (await findSelvkostPricesOfLocations(db, [locationId])).get(locationId) ?? null;
}

/** The price lists of several locations (those without one are missing from the map). One query. */
export async function findSelvkostPricesOfLocations(db: DbOrTx, locationIds: readonly number[]): Promise<Map<number, CostBasedPrices>> {
  if (locationIds.length === 0) return new Map();
  const rows = await db
    .select()
    .from(selvkostPrices)
    .where(inArray(selvkostPrices.locationId, [...new Set(locationIds)]));
  return new Map(
    rows.map((row) => [
      row.locationId,
      {
        lokalkategori1: row.lokalkategori1Ore,
        lokalkategori2: row.lokalkategori2Ore,
        lokalkategori3: row.lokalkategori3Ore,
        etableringSemesterlan: row.etableringSemesterlanOre,
        etableringEngangsutleie: row.etableringEngangsutleieOre,
        timeTilsynsvakt: row.timeTilsynsvaktOre,
        timeEkstraRenhold: row.timeEkstraRenholdOre,
      },
    ]),
  );
}

/** Sets a location's price list (demo data and tests; no admin screen sets it). */
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
  await db
    .insert(selvkostPrices)
    .values({ locationId, ...values })
    .onConflictDoUpdate({ target: selvkostPrices.locationId, set: values });
}

/** The same prices for every location of these types that has none yet. One statement. */
export async function insertPricesOfLocationTypes(db: DbOrTx, types: readonly PublicLocationType[], p: CostBasedPrices): Promise<void> {
  if (types.length === 0) return;
  await db.execute(sql`
    insert into selvkost_prices (location_id, lokalkategori1_ore, lokalkategori2_ore, lokalkategori3_ore, etablering_semesterlan_ore,
      etablering_engangsutleie_ore, time_tilsynsvakt_ore, time_ekstra_renhold_ore)
    select id, ${p.lokalkategori1}, ${p.lokalkategori2}, ${p.lokalkategori3}, ${p.etableringSemesterlan}, ${p.etableringEngangsutleie}, ${p.timeTilsynsvakt}, ${p.timeEkstraRenhold}
    from locations where public_location_type in (${sql.join(
      types.map((t) => sql`${t}::public_location_type`),
      sql`, `,
    )})
    on conflict (location_id) do nothing`);
}

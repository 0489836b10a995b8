import { sql } from 'drizzle-orm';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { Tx } from '../../db/client';

/**
 * The demo's cost-based price lists: every school and district venue rents at cost, libraries,
 * kindergartens and the wedding venue have no list (GET /selvkost/prices answers 'Could not find
 * selvkost prices' for them). Levels in øre, near what Oslo's district venues charge.
 */
export const demoSelvkostPrices: CostBasedPrices = {
  lokalkategori1: 15_000,
  lokalkategori2: 30_000,
  lokalkategori3: 60_000,
  etableringSemesterlan: 50_000,
  etableringEngangsutleie: 25_000,
  timeTilsynsvakt: 45_000,
  timeEkstraRenhold: 55_000,
};

/** One statement for all such locations; called by the demo seed after the locations exist. */
export async function seedSelvkostDemoPrices(tx: Tx): Promise<void> {
  const p = demoSelvkostPrices;
  await tx.execute(sql`
    insert into selvkost_prices (location_id, lokalkategori1_ore, lokalkategori2_ore, lokalkategori3_ore, etablering_semesterlan_ore,
      etablering_engangsutleie_ore, time_tilsynsvakt_ore, time_ekstra_renhold_ore)
    select id, ${p.lokalkategori1}, ${p.lokalkategori2}, ${p.lokalkategori3}, ${p.etableringSemesterlan}, ${p.etableringEngangsutleie}, ${p.timeTilsynsvakt}, ${p.timeEkstraRenhold}
    from locations where public_location_type in ('SCHOOLS', 'DISTRICT_VENUES')
    on conflict (location_id) do nothing`);
}

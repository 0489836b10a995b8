import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { Tx } from '../db/client';
import { insertPricesOfLocationTypes } from '../bookings';

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
  await insertPricesOfLocationTypes(tx, ['SCHOOLS', 'DISTRICT_VENUES'], demoSelvkostPrices);
}

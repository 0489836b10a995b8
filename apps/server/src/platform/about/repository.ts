import { eq } from 'drizzle-orm';
import type { LocationAbout } from '@lokaler/domain/location';
import type { DbOrTx } from '../../db/client';
import { locationAbout, locations } from '../../db/schema/locations';

/** The about texts of a location; undefined when the location does not exist. */
export async function findAbout(db: DbOrTx, locationId: number): Promise<LocationAbout | undefined> {
  const [row] = await db
    .select({
      whoCanApply: locationAbout.whoCanApply,
      locationCosts: locationAbout.locationCosts,
      loanCriteria: locationAbout.loanCriteria,
    })
    .from(locations)
    .leftJoin(locationAbout, eq(locationAbout.locationId, locations.id))
    .where(eq(locations.id, locationId));
  return row;
}

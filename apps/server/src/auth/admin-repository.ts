import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../db/client';
import { cityAdmins, locationAdmins, locations } from '../db/schema/index';

/**
 * The locations a person administers: location_admins rows with their e-mail (stored lower-case,
 * so the match is case-insensitive). Deleted locations are administered by nobody.
 */
export async function findAdministeredLocations(db: DbOrTx, email: string): Promise<{ id: number; name: string }[]> {
  const rows = await db
    .select({ id: locations.id, name: locations.name })
    .from(locationAdmins)
    .innerJoin(locations, eq(locations.id, locationAdmins.locationId))
    .where(and(eq(locationAdmins.email, email.trim().toLowerCase()), ne(locations.status, 'DELETED')));
  // Sorted here, not in SQL: the databases' collations differ, Norwegian order (æ, ø, å) must not.
  return rows.sort((a, b) => norwegian.compare(a.name, b.name) || a.id - b.id);
}

const norwegian = new Intl.Collator('nb');

/** Whether this e-mail is a city-wide administrator's. */
export async function isCityAdmin(db: DbOrTx, email: string): Promise<boolean> {
  const rows = await db.select({ email: cityAdmins.email }).from(cityAdmins).where(eq(cityAdmins.email, email.trim().toLowerCase()));
  return rows.length > 0;
}

import type { DbOrTx } from '../../src/db/client';
import { bookableAssets } from '../../src/db/schema/assets';
import { bookings } from '../../src/db/schema/bookings';
import { geographicAreas } from '../../src/db/schema/geography';
import { users } from '../../src/db/schema/identity';
import { locations } from '../../src/db/schema/locations';

let counter = 0;
const next = () => ++counter;

type LocationInsert = typeof locations.$inferInsert;
type AssetInsert = typeof bookableAssets.$inferInsert;

/** A geographic area, unless it exists. */
export async function createArea(db: DbOrTx, id = 'sagene', name = 'Sagene'): Promise<string> {
  await db.insert(geographicAreas).values({ id, name }).onConflictDoNothing();
  return id;
}

/** A published school in Sagene unless told otherwise. */
export async function createLocation(db: DbOrTx, fields: Partial<LocationInsert> = {}) {
  const geographicAreaId = fields.geographicAreaId ?? (await createArea(db));
  const [row] = await db
    .insert(locations)
    .values({
      name: `Testskole ${next()}`,
      status: 'PUBLISHED',
      publicLocationType: 'SCHOOLS',
      filterCategory: 'SCHOOLS',
      ...fields,
      geographicAreaId,
    })
    .returning();
  return row!;
}

export async function createAsset(db: DbOrTx, locationId: number, fields: Partial<AssetInsert> = {}) {
  const [row] = await db
    .insert(bookableAssets)
    .values({ name: `Rom ${next()}`, capacity: 20, ...fields, locationId })
    .returning();
  return row!;
}

export async function createUser(db: DbOrTx) {
  const n = next();
  const [row] = await db
    .insert(users)
    .values({ sub: `test-user-${n}-${Date.now()}`, name: `Test Testesen ${n}`, email: `test${n}@example.no` })
    .returning();
  return row!;
}

export async function createBooking(db: DbOrTx, locationId: number, userId: number, fields: Partial<typeof bookings.$inferInsert> = {}) {
  const [row] = await db
    .insert(bookings)
    .values({ caseNumber: `TEST-${next()}-${Date.now()}`, ...fields, locationId, userId })
    .returning();
  return row!;
}

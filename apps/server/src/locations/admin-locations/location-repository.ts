import { and, countDistinct, eq, isNull, ne, sql } from 'drizzle-orm';
import type { LocationAboutFields, TenantInfoFields } from '@lokaler/domain/admin-location';
import type { LocationAbout } from '@lokaler/domain/location';
import type { DbOrTx, Tx } from '../../db/client';
import { bookableAssets } from '../../db/schema/assets';
import { geographicAreas } from '../../db/schema/geography';
import { locationTenantInfo } from '../../db/schema/location-setup';
import { locationAbout, locationAdmins, locations } from '../../db/schema/locations';
import { openingHours } from '../../db/schema/schedule';

/** The columns the administrator edits (locationInfoFields and locationPreferences), as stored. */
export type LocationSettingsRow = typeof locations.$inferSelect & { geographicAreaName: string };
export type LocationUpdate = Partial<Omit<typeof locations.$inferInsert, 'id' | 'createdAt' | 'updatedAt'>>;

export async function areaExists(db: DbOrTx, areaId: string): Promise<boolean> {
  const rows = await db.select({ id: geographicAreas.id }).from(geographicAreas).where(eq(geographicAreas.id, areaId));
  return rows.length > 0;
}

/** A new location: UNPUBLISHED until its wizard is finished, shown in the portal once published. */
export async function insertLocation(
  tx: Tx,
  fields: Pick<typeof locations.$inferInsert, 'name' | 'publicLocationType' | 'geographicAreaId'>,
): Promise<number> {
  const [row] = await tx
    .insert(locations)
    .values({ ...fields, filterCategory: fields.publicLocationType, status: 'UNPUBLISHED', displayInPortal: true })
    .returning({ id: locations.id });
  return row!.id;
}

/** Idempotent: an address that administers the location already stays. */
export async function insertLocationAdmin(tx: DbOrTx, locationId: number, email: string): Promise<void> {
  await tx.insert(locationAdmins).values({ locationId, email: email.toLowerCase() }).onConflictDoNothing();
}

/**
 * A location that is not deleted, with its area's name. `lock`: FOR UPDATE of the location row, so
 * two saves of the same location are serialised and the audit's "before" is what the save replaced.
 */
export async function findLiveLocation(
  db: DbOrTx,
  locationId: number,
  options: { lock?: boolean } = {},
): Promise<LocationSettingsRow | undefined> {
  const query = db
    .select({ location: locations, geographicAreaName: geographicAreas.name })
    .from(locations)
    .innerJoin(geographicAreas, eq(geographicAreas.id, locations.geographicAreaId))
    .where(and(eq(locations.id, locationId), ne(locations.status, 'DELETED')));
  const [row] = options.lock ? await query.for('update', { of: locations }) : await query;
  return row ? { ...row.location, geographicAreaName: row.geographicAreaName } : undefined;
}

export async function updateLocation(tx: Tx, locationId: number, fields: LocationUpdate): Promise<void> {
  if (Object.keys(fields).length === 0) return;
  await tx
    .update(locations)
    .set({ ...fields, updatedAt: new Date() })
    .where(eq(locations.id, locationId));
}

export async function findAboutTexts(db: DbOrTx, locationId: number): Promise<LocationAbout> {
  const [row] = await db
    .select({
      whoCanApply: locationAbout.whoCanApply,
      locationCosts: locationAbout.locationCosts,
      loanCriteria: locationAbout.loanCriteria,
    })
    .from(locationAbout)
    .where(eq(locationAbout.locationId, locationId));
  return row ?? { whoCanApply: null, locationCosts: null, loanCriteria: null };
}

export async function upsertAboutTexts(tx: Tx, locationId: number, texts: LocationAboutFields): Promise<void> {
  await tx
    .insert(locationAbout)
    .values({ locationId, ...texts })
    .onConflictDoUpdate({ target: locationAbout.locationId, set: texts });
}

/** The practical information the location wrote for its tenants; null when it wrote none. */
export async function findTenantInfo(db: DbOrTx, locationId: number): Promise<TenantInfoFields | null> {
  const [row] = await db
    .select({ heading: locationTenantInfo.heading, description: locationTenantInfo.description, links: locationTenantInfo.links })
    .from(locationTenantInfo)
    .where(eq(locationTenantInfo.locationId, locationId));
  return row ? { ...row, links: row.links as TenantInfoFields['links'] } : null;
}

export async function upsertTenantInfo(tx: Tx, locationId: number, info: TenantInfoFields): Promise<void> {
  await tx
    .insert(locationTenantInfo)
    .values({ locationId, ...info })
    .onConflictDoUpdate({ target: locationTenantInfo.locationId, set: info });
}

/** What publishing needs (decision 015): weekdays with standard (not seasonal) hours, and visible rooms. */
export async function readinessCounts(db: DbOrTx, locationId: number): Promise<{ openWeekdays: number; visibleRooms: number }> {
  const [hours] = await db
    .select({ n: countDistinct(openingHours.weekday) })
    .from(openingHours)
    .where(and(eq(openingHours.locationId, locationId), isNull(openingHours.periodId)));
  const [rooms] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookableAssets)
    .where(and(eq(bookableAssets.locationId, locationId), eq(bookableAssets.status, 'PUBLISHED')));
  return { openWeekdays: Number(hours?.n ?? 0), visibleRooms: rooms?.n ?? 0 };
}

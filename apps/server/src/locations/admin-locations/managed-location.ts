import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findLiveLocation, type LocationSettingsRow } from './location-repository';

/**
 * The access check of every settings call (decision 015): 404 for a location that is unknown or
 * DELETED (also to its former administrators, whose tokens no longer list it), then 403 unless the
 * caller administers it or is a city admin. Which ids exist is no secret: GET /api/location/{id}
 * answers every one.
 */
export async function managedLocation(
  db: DbOrTx,
  user: AuthenticatedUser,
  locationId: number,
  options: { lock?: boolean } = {},
): Promise<LocationSettingsRow> {
  const location = await findLiveLocation(db, locationId, options);
  if (!location) throw AppError.notFound(`Location ${locationId}`);
  assertManagesLocation(user, locationId);
  return location;
}

/** The fields whose values differ, before and after: what the audit log records of a save. */
export function changedFields<T extends Record<string, unknown>>(before: T, after: T): { before: Partial<T>; after: Partial<T> } | null {
  const keys = (Object.keys(after) as (keyof T)[]).filter((k) => JSON.stringify(before[k] ?? null) !== JSON.stringify(after[k] ?? null));
  if (keys.length === 0) return null;
  return {
    before: Object.fromEntries(keys.map((k) => [k, before[k] ?? null])) as Partial<T>,
    after: Object.fromEntries(keys.map((k) => [k, after[k] ?? null])) as Partial<T>,
  };
}

/** Picks `keys` of a row (the stored values of the fields a schema edits). */
export function pick<T extends object, K extends keyof T>(row: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, row[k]])) as Pick<T, K>;
}

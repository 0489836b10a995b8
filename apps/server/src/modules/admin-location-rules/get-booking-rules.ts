import { and, asc, eq, inArray, ne } from 'drizzle-orm';
import { adminMessages, type BookingRules } from '@lokaler/domain/admin-location-rules';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { Db, DbOrTx } from '../../db/client';
import { locationAdmins, locations } from '../../db/schema/locations';
import { AppError } from '../../errors';

/**
 * A location's booking rules and administrators (spec 02 §3, §6, §7). Only an administrator of the
 * location may read or change them (403 otherwise).
 */

async function findLocation(db: DbOrTx, locationId: number) {
  const [row] = await db.select({
    requireContract: locations.requireContract, enableVedtak: locations.enableVedtak, adminCanBookPastDates: locations.adminCanBookPastDates,
  }).from(locations).where(and(eq(locations.id, locationId), ne(locations.status, 'DELETED')));
  if (!row) throw AppError.notFound(`Location ${locationId}`);
  return row;
}

export async function getBookingRules({ db, user, locationId }: { db: DbOrTx; user: AuthenticatedUser; locationId: number }): Promise<BookingRules> {
  assertAdministers(user, locationId);
  const row = await findLocation(db, locationId);
  return { REQUIRE_CONTRACT: row.requireContract, ENABLE_VEDTAK: row.enableVedtak, ADMIN_CAN_BOOK_PAST_DATES: row.adminCanBookPastDates };
}

/** Changes the rules sent; they apply to decisions from now on (approved bookings keep their documents). */
export async function putBookingRules({ db, user, locationId, rules }: { db: Db; user: AuthenticatedUser; locationId: number; rules: Partial<BookingRules> }): Promise<BookingRules> {
  assertAdministers(user, locationId);
  await findLocation(db, locationId);
  const set = {
    ...(rules.REQUIRE_CONTRACT !== undefined ? { requireContract: rules.REQUIRE_CONTRACT } : {}),
    ...(rules.ENABLE_VEDTAK !== undefined ? { enableVedtak: rules.ENABLE_VEDTAK } : {}),
    ...(rules.ADMIN_CAN_BOOK_PAST_DATES !== undefined ? { adminCanBookPastDates: rules.ADMIN_CAN_BOOK_PAST_DATES } : {}),
  };
  if (Object.keys(set).length > 0) await db.update(locations).set({ ...set, updatedAt: new Date() }).where(eq(locations.id, locationId));
  return getBookingRules({ db, user, locationId });
}

export async function listLocationAdmins({ db, user, locationId }: { db: DbOrTx; user: AuthenticatedUser; locationId: number }): Promise<{ email: string }[]> {
  assertAdministers(user, locationId);
  return db.select({ email: locationAdmins.email }).from(locationAdmins).where(eq(locationAdmins.locationId, locationId)).orderBy(asc(locationAdmins.email));
}

/** Adds a co-administrator by e-mail (lower-case); they get access at their next login. Idempotent. */
export async function addLocationAdmin({ db, user, locationId, email }: { db: Db; user: AuthenticatedUser; locationId: number; email: string }): Promise<{ email: string }[]> {
  assertAdministers(user, locationId);
  await findLocation(db, locationId);
  await db.insert(locationAdmins).values({ locationId, email: email.toLowerCase() }).onConflictDoNothing();
  return listLocationAdmins({ db, user, locationId });
}

/**
 * Removes administrators. Not oneself (that would lock the caller out mid-session), and never the
 * last one: the location row is locked so two removals at once cannot empty it together.
 */
export async function removeLocationAdmins({ db, user, locationId, emails }: { db: Db; user: AuthenticatedUser; locationId: number; emails: readonly string[] }): Promise<{ email: string }[]> {
  assertAdministers(user, locationId);
  const wanted = [...new Set(emails.map((e) => e.toLowerCase()))];
  if (user.email && wanted.includes(user.email.toLowerCase())) throw new AppError('CONFLICT', 'Cannot remove oneself', adminMessages.notSelf);
  await db.transaction(async (tx) => {
    await tx.select({ id: locations.id }).from(locations).where(eq(locations.id, locationId)).for('update');
    const current = await tx.select({ email: locationAdmins.email }).from(locationAdmins).where(eq(locationAdmins.locationId, locationId));
    const remaining = current.filter((a) => !wanted.includes(a.email));
    if (remaining.length === 0) throw new AppError('CONFLICT', 'A location needs an administrator', adminMessages.lastAdmin);
    await tx.delete(locationAdmins).where(and(eq(locationAdmins.locationId, locationId), inArray(locationAdmins.email, wanted)));
  });
  return listLocationAdmins({ db, user, locationId });
}

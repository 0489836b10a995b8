import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { Db } from '../../db/client';
import { findLiveLocation } from './get-booking-rules';
import { listLocationAdmins } from './list-location-admins';
import { insertAdminEmail } from './repository';

/** Adds a co-administrator by e-mail (lower-case); they get access at their next login. Idempotent. */
export async function addLocationAdmin({ db, user, locationId, email }: { db: Db; user: AuthenticatedUser; locationId: number; email: string }): Promise<{ email: string }[]> {
  assertAdministers(user, locationId);
  await findLiveLocation(db, locationId);
  await insertAdminEmail(db, locationId, email.toLowerCase());
  return listLocationAdmins({ db, user, locationId });
}

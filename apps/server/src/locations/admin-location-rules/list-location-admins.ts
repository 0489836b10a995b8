import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { findLiveLocation } from './get-booking-rules';
import { listAdminEmails } from './repository';

export async function listLocationAdmins({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<{ email: string }[]> {
  assertManagesLocation(user, locationId);
  await findLiveLocation(db, locationId);
  return listAdminEmails(db, locationId);
}

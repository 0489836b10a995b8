import { SELVKOST_NOT_FOUND, type SelvkostPricesResponse } from '@lokaler/domain/admin-selvkost';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertAdministers } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findSelvkostPrices } from './repository';

/** 404 whose msg the admin app recognises as "no data" (spec 02 §7). */
export function noPrices(locationId: number): AppError {
  return new AppError('NOT_FOUND', SELVKOST_NOT_FOUND, `Lokalet (${locationId}) har ingen selvkostpriser.`);
}

/** GET /api/selvkost/prices/{locationId}. */
export async function getSelvkostPrices({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<SelvkostPricesResponse> {
  assertAdministers(user, locationId);
  const prices = await findSelvkostPrices(db, locationId);
  if (!prices) throw noPrices(locationId);
  return { locationId, ...prices };
}

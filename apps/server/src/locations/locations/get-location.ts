import type { Location } from '@lokaler/domain/location';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findLocation } from './repository';

/**
 * One location with its status. UNPUBLISHED and DELETED ones are answered too, so the portal can
 * tell "gone" from "never existed" and send both to /404.
 */
export async function getLocation({ db, id }: { db: DbOrTx; id: number }): Promise<Location> {
  const location = await findLocation(db, id);
  if (!location) throw AppError.notFound(`Location ${id}`);
  return location;
}

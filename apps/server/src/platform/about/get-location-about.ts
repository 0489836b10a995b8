import type { LocationAbout } from '@lokaler/domain/location';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { findAbout } from './repository';

/** A location without about texts answers nulls; an unknown location is a 404. */
export async function getLocationAbout({ db, locationId }: { db: DbOrTx; locationId: number }): Promise<LocationAbout> {
  const about = await findAbout(db, locationId);
  if (!about) throw AppError.notFound(`Location ${locationId}`);
  return about;
}

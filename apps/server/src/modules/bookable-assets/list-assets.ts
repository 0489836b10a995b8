import type { BookableAsset } from '@lokaler/domain/bookable-asset';
import type { BookingFlow } from '@lokaler/domain/booking-flow';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import {
  findBookingFlow, findTagsOfAssets, findVisibleAssets, findVisibleAssetsOfLocation, locationExists, type AssetRow,
} from './repository';
import { byDisplayName, toBookableAsset } from './to-bookable-asset';

/** Two queries whatever the number of rooms: the rooms, then all their tags. */
async function withTags(db: DbOrTx, rows: readonly AssetRow[]): Promise<BookableAsset[]> {
  const tags = await findTagsOfAssets(db, rows.map((r) => r.id));
  return rows.map((row) => toBookableAsset(row, tags.get(row.id) ?? [])).sort(byDisplayName);
}

/** The published rooms of a location, by name; an unknown location is a 404. */
export async function listAssetsOfLocation({ db, locationId }: { db: DbOrTx; locationId: number }): Promise<BookableAsset[]> {
  if (!(await locationExists(db, locationId))) throw AppError.notFound(`Location ${locationId}`);
  return withTags(db, await findVisibleAssetsOfLocation(db, locationId));
}

/** The rooms with these ids that exist and are published; the others are left out. */
export async function listAssets({ db, ids }: { db: DbOrTx; ids: readonly number[] }): Promise<BookableAsset[]> {
  return withTags(db, await findVisibleAssets(db, [...new Set(ids)]));
}

export async function getAsset({ db, id }: { db: DbOrTx; id: number }): Promise<BookableAsset> {
  const [asset] = await listAssets({ db, ids: [id] });
  if (!asset) throw AppError.notFound(`Bookable asset ${id}`);
  return asset;
}

export async function getBookingFlow({ db, id }: { db: DbOrTx; id: number }): Promise<BookingFlow> {
  const flow = await findBookingFlow(db, id);
  if (!flow) throw AppError.notFound(`Booking flow ${id}`);
  return flow;
}

import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import { AppError } from '../../errors';
import type { RoomRow } from '../room-calendars/repository';

/**
 * Blocking a room's times is a setting of its location (decision 015): the location's administrators
 * and the city-wide administrators may (403 otherwise). A deleted room, or one of a deleted location, is a 404.
 */
export function assertManagesRoom<R extends Pick<RoomRow, 'status' | 'locationId' | 'location'>>(
  user: AuthenticatedUser,
  assetId: number,
  row: R | undefined,
): R {
  if (!row || row.status === 'DELETED' || row.location.status === 'DELETED') throw AppError.notFound(`Bookable asset ${assetId}`);
  assertManagesLocation(user, row.locationId);
  return row;
}

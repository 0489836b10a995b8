import { AppError } from '../../errors';

/** An unknown or deleted location is 404 to every caller who may manage it. */
export function assertLiveLocation(status: string | undefined, locationId: number): void {
  if (status === undefined || status === 'DELETED') throw AppError.notFound(`Location ${locationId}`);
}

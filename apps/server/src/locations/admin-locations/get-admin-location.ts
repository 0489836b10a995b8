import type { AdminLocationDetails, LocationPreferences } from '@lokaler/domain/admin-location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import type { LocationSettingsRow } from './location-repository';
import { managedLocation, pick } from './managed-location';

export const infoKeys = [
  'name',
  'publicLocationType',
  'filterCategory',
  'geographicAreaId',
  'streetAddress',
  'postCode',
  'city',
  'phoneNumber',
  'contactEmail',
  'homepage',
  'externalUrl',
  'companyCode',
  'informationMessage',
  'lat',
  'lng',
] as const;

export const preferenceKeys = [
  'behandlingstid',
  'minBookingDurationMinutes',
  'requireCostCategory',
  'displayInPortal',
  'allowRepeatedBookingsForPublicUser',
  'allowSingleBookingsForPublicUser',
  'maxOneTimeslotPerBookingForPublicUser',
] as const satisfies readonly (keyof LocationPreferences)[];

export function toAdminLocation(row: LocationSettingsRow): AdminLocationDetails {
  return {
    id: row.id,
    status: row.status,
    geographicAreaName: row.geographicAreaName,
    ...pick(row, infoKeys),
    preferences: pick(row, preferenceKeys),
    requireContract: row.requireContract,
    enableVedtak: row.enableVedtak,
    adminCanBookPastDates: row.adminCanBookPastDates,
  };
}

/** GET /api/admin/location/{id}: every field the administrator edits. */
export async function getAdminLocation({
  db,
  user,
  locationId,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
}): Promise<AdminLocationDetails> {
  return toAdminLocation(await managedLocation(db, user, locationId));
}

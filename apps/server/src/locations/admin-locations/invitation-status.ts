import type { LocationInvitation } from '@lokaler/domain/admin-location';
import type { InvitationWithLocation } from './invitation-repository';

/** PUBLISHED once the location is, USED once claimed, EXPIRED when unclaimed past its time, else SENT. */
export function invitationStatus(
  row: Pick<InvitationWithLocation, 'usedAt' | 'expiresAt' | 'locationStatus'>,
  now: Date,
): LocationInvitation['status'] {
  if (row.locationStatus === 'PUBLISHED') return 'PUBLISHED';
  if (row.usedAt) return 'USED';
  if (row.expiresAt.getTime() <= now.getTime()) return 'EXPIRED';
  return 'SENT';
}

export function toInvitation(row: InvitationWithLocation, now: Date): LocationInvitation {
  return {
    id: row.id,
    locationId: row.locationId,
    locationName: row.locationName,
    email: row.email,
    status: invitationStatus(row, now),
    createdTimeUtc: row.createdAt.toISOString(),
    expiresTimeUtc: row.expiresAt.toISOString(),
  };
}

import { createHash } from 'node:crypto';
import type { KeyAccessDecision, OslonokkelenRequestStatus } from '@lokaler/domain/oslonokkelen';
import type { KeyTime } from './repository';

/** A fingerprint of the doors and periods a grant covers: a grant with another fingerprint is out of date. */
export function keyTimesHash(times: readonly Pick<KeyTime, 'bookableAssetId' | 'from' | 'until'>[]): string {
  const canonical = times
    .map((t) => `${t.bookableAssetId}|${t.from}|${t.until}`)
    .sort()
    .join('\n');
  return createHash('sha256').update(canonical).digest('hex');
}

export interface PermissionState {
  status: OslonokkelenRequestStatus;
  grantId: string | null;
  grantedTimesHash: string | null;
}

export interface PermissionChange {
  /** The new status; undefined: unchanged. */
  status?: OslonokkelenRequestStatus;
  /** Withdraw the current grant at the key service (and forget it). */
  withdrawGrant: boolean;
  /** The key job should push a grant now. */
  pushNow: boolean;
}

/**
 * What happens to one number when the booking is as `decision` says (see keyAccessDecision):
 * - CLOSED (rejected, cancelled): access withdrawn for good → DELETED;
 * - WAITING (not approved, contract unsigned): any grant withdrawn → NOT_REQUESTED;
 * - NO_TIMES (no active time in a key room): withdrawn → DELETED_UNTIL_BOOKING_CHANGED;
 * - GRANT: a grant for other times than today's is withdrawn and pushed again; a number without a
 *   grant is pushed; a grant for the current times stays as it is (whatever the service answered).
 */
export function planPermission(permission: PermissionState, decision: KeyAccessDecision, currentHash: string): PermissionChange {
  const hasGrant = permission.grantId !== null;
  switch (decision) {
    case 'CLOSED':
      return { status: 'DELETED', withdrawGrant: hasGrant, pushNow: false };
    case 'WAITING':
      return { status: 'NOT_REQUESTED', withdrawGrant: hasGrant, pushNow: false };
    case 'NO_TIMES':
      return { status: 'DELETED_UNTIL_BOOKING_CHANGED', withdrawGrant: hasGrant, pushNow: false };
    case 'GRANT':
      if (hasGrant && permission.grantedTimesHash === currentHash) return { withdrawGrant: false, pushNow: false };
      return { status: 'NOT_REQUESTED', withdrawGrant: hasGrant, pushNow: true };
  }
}

/** The id of a number's next grant: the same on a retried push, a new one after every withdrawal. */
export function grantIdFor(permission: { id: number; grantGeneration: number }): string {
  return `lokaler-p${permission.id}-g${permission.grantGeneration}`;
}

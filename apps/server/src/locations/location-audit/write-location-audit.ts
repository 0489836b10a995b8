import type { LocationAuditAction } from '@lokaler/domain/location-audit';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Tx } from '../../db/client';
import { insertAuditEntry } from './repository';

/**
 * Records a settings change of a location (decision 015): who, when, what, before and after. Called
 * inside the change's own transaction, so a change is never saved without its entry, nor the other way
 * round. `before`/`after` are the changed values as the API shows them (no national identity numbers;
 * administrators' e-mails are the administrators' own business).
 */
export async function writeLocationAudit(
  tx: Tx,
  entry: { locationId: number; user: AuthenticatedUser; action: LocationAuditAction; before: unknown; after: unknown },
): Promise<void> {
  await insertAuditEntry(tx, {
    locationId: entry.locationId,
    actorUserId: entry.user.userId,
    actorName: entry.user.name,
    action: entry.action,
    before: entry.before ?? null,
    after: entry.after ?? null,
  });
}

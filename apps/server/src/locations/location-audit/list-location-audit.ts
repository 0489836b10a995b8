import { AUDIT_PAGE_SIZE, type LocationAuditAction, type LocationAuditPage } from '@lokaler/domain/location-audit';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { listAuditEntries, locationExists } from './repository';

/** GET /api/location/{id}/auditlog: newest first, AUDIT_PAGE_SIZE a page. */
export async function listLocationAudit({
  db,
  user,
  locationId,
  page,
}: {
  db: DbOrTx;
  user: AuthenticatedUser;
  locationId: number;
  page: number;
}): Promise<LocationAuditPage> {
  assertManagesLocation(user, locationId);
  if (!(await locationExists(db, locationId))) throw AppError.notFound(`Location ${locationId}`);
  const rows = await listAuditEntries(db, locationId, { offset: page * AUDIT_PAGE_SIZE, limit: AUDIT_PAGE_SIZE });
  return {
    entries: rows
      .slice(0, AUDIT_PAGE_SIZE)
      .map((r) => ({
        id: r.id,
        atUtc: r.at.toISOString(),
        actorName: r.actorName,
        action: r.action as LocationAuditAction,
        before: r.before,
        after: r.after,
      })),
    hasMore: rows.length > AUDIT_PAGE_SIZE,
  };
}

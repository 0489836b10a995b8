import type { LocationAboutFields } from '@lokaler/domain/admin-location';
import type { LocationAbout } from '@lokaler/domain/location';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db } from '../../db/client';
import { writeLocationAudit } from '../location-audit/write-location-audit';
import { findAboutTexts, upsertAboutTexts } from './location-repository';
import { changedFields, managedLocation } from './managed-location';
import { sanitizeHtml } from './sanitize-html';
import { writeTransaction } from '../../db/write-transaction';

/** PUT /api/admin/location/{id}/about: the "Om lån og leie" texts, stored sanitised (GET /api/about/{id} shows them). */
export async function putAboutTexts({
  db,
  user,
  locationId,
  texts,
}: {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  texts: LocationAboutFields;
}): Promise<LocationAbout> {
  return writeTransaction(db, async (tx) => {
    await managedLocation(tx, user, locationId, { lock: true });
    const next: LocationAbout = {
      whoCanApply: sanitizeHtml(texts.whoCanApply),
      locationCosts: sanitizeHtml(texts.locationCosts),
      loanCriteria: sanitizeHtml(texts.loanCriteria),
    };
    const change = changedFields(await findAboutTexts(tx, locationId), next);
    if (change) {
      await upsertAboutTexts(tx, locationId, next);
      await writeLocationAudit(tx, { locationId, user, action: 'ABOUT_TEXTS', ...change });
    }
    return next;
  });
}

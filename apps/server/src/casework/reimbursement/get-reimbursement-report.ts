import { reimbursementQuery, buildReimbursementReport, type ReimbursementReport } from '@lokaler/domain/reimbursement';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findReportLocation, loadReimbursementFacts } from './repository';
import { withSelvkostPrices } from './selvkost-price';
import { writeTransaction } from '../../db/write-transaction';

export interface ReimbursementOptions {
  db: Db;
  user: AuthenticatedUser;
  locationId: number;
  /** The query string as it came: checked here, after the access check, so a stranger learns nothing from a 400. */
  query: { fromDateInclusive?: string | undefined; toDateExclusive?: string | undefined };
}

/**
 * GET /api/location/{id}/reimbursement: the administrators of the location and the city-wide
 * administrators (decision 015: reimbursement is a settings section, refusjon), 403 otherwise; a bad range
 * is 400 with the domain's Norwegian text. A fixed number of statements whatever the size of the report;
 * a cost-based booking without a stored total is priced by the contract's calculation (decision 063).
 */
export async function getReimbursementReport({ db, user, locationId, query }: ReimbursementOptions): Promise<ReimbursementReport> {
  assertManagesLocation(user, locationId);
  const parsed = reimbursementQuery.safeParse(query);
  if (!parsed.success) {
    const fields = parsed.error.issues.map((i) => ({ path: ['querystring', ...i.path.map(String)].join('.'), message: i.message }));
    throw new AppError('VALIDATION', `Invalid range: ${fields.map((f) => `${f.path} ${f.message}`).join('; ')}`, fields[0]!.message, {
      fields,
    });
  }
  // One transaction: the name and the rows from one snapshot, and the facts' JIT setting stays local.
  return writeTransaction(db, async (tx) => {
    const location = await findReportLocation(tx, locationId);
    if (location === undefined) throw AppError.notFound(`Location ${locationId}`);
    const bookings = await withSelvkostPrices(tx, await loadReimbursementFacts(tx, locationId, parsed.data));
    return buildReimbursementReport({
      locationId,
      locationName: location.name,
      companyCode: location.companyCode,
      range: parsed.data,
      bookings,
    });
  });
}

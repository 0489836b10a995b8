import { basisAmountInRange, buildReimbursementReport, reimbursementQuery, type ReimbursementReport } from '@lokaler/domain/reimbursement';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { assertManagesLocation } from '../../auth/guards';
import type { Db } from '../../db/client';
import { AppError } from '../../errors';
import { findReportLocation, loadBasisMonths, loadReimbursementFacts } from './repository';
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
 * is 400 with the domain's Norwegian text. A fixed number of statements whatever the size of the report.
 * A booking with an invoice basis (decision 058) has its basis's amount of the range, so the report, the
 * invoices and the open lines agree month by month and after any change of times (decision 063 §6); any
 * other has its price shared by hours, a cost-based one without a stored total priced by the contract's
 * calculation (decision 063 §4).
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
    const facts = await loadReimbursementFacts(tx, locationId, parsed.data);
    const basis = await loadBasisMonths(
      tx,
      facts.map((f) => f.bookingId),
      parsed.data,
    );
    const withBasis = facts.map((f) => {
      const months = basis.get(f.bookingId);
      return months === undefined ? f : { ...f, basisOre: basisAmountInRange(parsed.data, months) };
    });
    const bookings = await withSelvkostPrices(tx, withBasis);
    return buildReimbursementReport({
      locationId,
      locationName: location.name,
      companyCode: location.companyCode,
      range: parsed.data,
      bookings,
    });
  });
}

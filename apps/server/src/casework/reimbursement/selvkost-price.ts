import type { ReimbursementBookingFacts } from '@lokaler/domain/reimbursement';
import type { DbOrTx } from '../../db/client';
import { findBookingRows, loadDocumentDataOfBookings, selvkostOf } from '../../bookings';
import type { ReimbursementFactsWithTerms } from './repository';

/**
 * Fills in the price of cost-based bookings approved without a stored total (decision 063): a
 * round's closing and the demo data approve at cost without one, and the report showed them as
 * 0 kr. The price is the contract's own (bookings' selvkostOf over the booking's approved times,
 * with the approval's price list, else the location's — as the round's contract states it), so the
 * report and the contract never differ. A fixed number of reads whatever the number of bookings.
 */
export async function withSelvkostPrices(db: DbOrTx, facts: readonly ReimbursementFactsWithTerms[]): Promise<ReimbursementBookingFacts[]> {
  // A booking with an invoice basis has its amount from the basis (decision 063 §6) and needs no price.
  const needsPrice = (f: ReimbursementFactsWithTerms) => f.costCategory === 'COST' && f.priceOre === null && f.basisOre === undefined;
  const unpriced = facts.filter(needsPrice);
  if (unpriced.length === 0) return [...facts];
  const data = await loadDocumentDataOfBookings(
    db,
    await findBookingRows(
      db,
      unpriced.map((f) => f.bookingId),
    ),
  );
  const byId = new Map(data.map((d) => [d.bookingId, d]));
  return facts.map((f) => {
    const d = needsPrice(f) ? byId.get(f.bookingId) : undefined;
    if (!d) return f;
    // The approved times only: the report shares the price over them (approvedMinutes).
    const calc = selvkostOf(
      { ...d, reservations: d.reservations.filter((r) => r.status === 'APPROVED') },
      {
        costCategory: 'COST',
        marketPriceOre: null,
        costBasedPrices: f.costBasedPrices ?? d.selvkostPrices,
        retroactiveContract: false,
        hasTilsynsvakt: f.hasTilsynsvakt,
        tilsynsvaktWeekdays: f.tilsynsvaktWeekdays,
      },
    );
    return calc ? { ...f, priceOre: calc.totalOre } : f;
  });
}

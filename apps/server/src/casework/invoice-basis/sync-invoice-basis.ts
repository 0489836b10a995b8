import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { isBillableReservation, reconcileInvoiceBasis, type InvoiceTerms } from '@lokaler/domain/invoice-basis';
import type { Tx } from '../../db/client';
import { loadReservationRows, type BookingStatusHook } from '../../bookings';
import { deleteOpenLines, findPricedBookingIds, findPricingFacts, insertLines, listDerivedLines, type PricingFacts } from './repository';

/**
 * Brings a booking's invoice basis up to date with its times and approved terms (decision 058), in
 * the caller's transaction: the bookings writer holds the booking's row lock, so two changes of one
 * booking never reconcile at once. A booking that never had a price writes nothing.
 */
export async function syncInvoiceBasis(tx: Tx, bookingId: number): Promise<void> {
  const facts = await findPricingFacts(tx, bookingId);
  if (!facts) return;
  const terms = termsOf(facts);
  // Most changes are of free or unpriced bookings: one read, nothing written.
  if (!terms && !facts.hasLines) return;
  // An administrator's manual lines (decision 071) are left out: the reconciliation never sees or deletes them.
  const recorded = await listDerivedLines(tx, bookingId);
  const reservations = (await loadReservationRows(tx, [bookingId])).map((r) => ({
    id: r.id,
    bookableAssetId: r.bookableAssetId,
    // The contract's room names (documents/render-parts selvkostOf), so a description never differs.
    roomName: assetDisplayName(r.roomName, r.roomNumber),
    squareMeters: r.squareMeters,
    date: r.date,
    durationMinutes: r.durationMinutes,
    // No cancellation today is the applicant's late one (decision 058): the applicant's own is refused
    // after the deadline (cancellation/cancel-booking), and the city's (closing a day) is never billed.
    billable: isBillableReservation(r.status, false),
  }));
  const change = reconcileInvoiceBasis(terms, reservations, recorded);
  await deleteOpenLines(tx, bookingId, change.removeOpenLineIds);
  await insertLines(tx, bookingId, change.add);
}

/**
 * The basis of every approved, priced booking, in the caller's transaction: for data written without
 * the bookings writer (the demo data, decision 071), so its invoices and reimbursement report agree.
 */
export async function syncInvoiceBasisOfPricedBookings(tx: Tx): Promise<number> {
  const ids = await findPricedBookingIds(tx);
  for (const id of ids) await syncInvoiceBasis(tx, id);
  return ids.length;
}

/** Only a cost-based or market price has a basis; free bookings and bookings without a category have none. */
function termsOf(facts: PricingFacts): InvoiceTerms | null {
  if (facts.costCategory !== 'COST' && facts.costCategory !== 'MARKET') return null;
  const { durationType, marketPriceOre, costBasedPrices, hasTilsynsvakt, tilsynsvaktWeekdays } = facts;
  return { costCategory: facts.costCategory, durationType, marketPriceOre, costBasedPrices, hasTilsynsvakt, tilsynsvaktWeekdays };
}

/**
 * The invoice basis's step in a booking's life, registered with the bookings writer in areas.ts:
 * every recorded change (an approval, a time moved, added, rejected or cancelled, an unapproval) is
 * followed in its own transaction, so the basis is never behind a committed change (decision 058).
 */
export const invoiceBasisHook: BookingStatusHook = {
  name: 'invoice-basis',
  afterChange: (tx, { bookingId }) => syncInvoiceBasis(tx, bookingId),
};

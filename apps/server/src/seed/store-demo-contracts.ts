import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { Tx } from '../db/client';
import {
  findApprovedBookingsWithoutContract,
  insertDocument,
  loadDocumentData,
  renderContract,
  sha256Hex,
  type DocumentTerms,
} from '../bookings';

/**
 * The demo data's approved bookings that need a contract get the document an administrator would
 * have approved: rendered by the one contract renderer on the day of the approval, with the
 * booking's price terms, and stored as the approval stores it. The applicant is only ever shown
 * such a stored document (decision 004), so without this the demo's contracts could not be read.
 */
export async function storeDemoContracts(tx: Tx): Promise<number> {
  const waiting = await findApprovedBookingsWithoutContract(tx);
  for (const { booking, approvedAt } of waiting) {
    const data = await loadDocumentData(tx, booking);
    const costBasedPrices = booking.costCategory === 'COST' ? data.selvkostPrices : null;
    if (booking.costCategory === 'COST' && !costBasedPrices)
      throw new Error(`Demo booking ${booking.id} is priced at cost, but its location has no price list`);
    const terms: DocumentTerms = {
      costCategory: booking.costCategory,
      marketPriceOre: booking.costCategory === 'MARKET' ? booking.marketPriceOre : null,
      costBasedPrices,
      retroactiveContract: false,
      hasTilsynsvakt: false,
      tilsynsvaktWeekdays: [],
    };
    const html = renderContract({ data, terms, today: osloClock(approvedAt).today });
    await insertDocument(tx, { bookingId: booking.id, kind: 'CONTRACT', html, hash: sha256Hex(html), createdAt: approvedAt });
  }
  return waiting.length;
}

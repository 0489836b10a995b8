import type { ChangeLogReservationTimes, CostCategory } from '@lokaler/domain/booking';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { Tx } from '../../db/client';
import {
  findBookingRows,
  loadDocumentDataOfBookings,
  renderContract,
  renderVedtak,
  sha256Hex,
  storeDocuments,
  type DocumentTerms,
  type IssuedDocument,
} from '../../bookings';

/** One application's answer as its documents state it. */
export interface RoundDocumentDecision {
  bookingId: number;
  status: 'APPROVED' | 'REJECTED';
  costCategory: CostCategory | null;
  /** Approved: the times refused with their reasons. Rejected: the reason of the rejection. */
  refused: { reason: string; times: ChangeLogReservationTimes }[];
  rejectionText: string | null;
  enableVedtak: boolean;
  requireContract: boolean;
}

/**
 * The vedtak (and, approved at a location that requires one, the contract) of each application of a
 * batch of a closing round (decision 043), in the batch's transaction: a crash leaves no decision
 * without its documents. The same renderer and rules as a single approval and rejection — data read
 * the same way (after the batch's times are written, so the granted times are the active ones), the
 * terms of the round's approval (its cost category, FREE unless the booking says otherwise, the
 * booking's market price, the location's cost prices), the day of the decision — and stored the same
 * way: the HTML with its SHA-256, the applicant's current document, served byte for byte. The closing
 * administrator's approval of the allocation is the approval of these documents (no per-application
 * preview: a round answers hundreds at once). A fixed number of statements per batch.
 */
export async function writeRoundDocuments(
  tx: Tx,
  options: { decisions: readonly RoundDocumentDecision[]; actor: { userId: number | null }; now: Date },
): Promise<void> {
  const wanted = options.decisions.filter((d) => d.enableVedtak || (d.status === 'APPROVED' && d.requireContract));
  if (wanted.length === 0) return;
  const { today } = osloClock(options.now);
  const rows = await findBookingRows(
    tx,
    wanted.map((d) => d.bookingId),
  );
  const data = new Map((await loadDocumentDataOfBookings(tx, rows)).map((d) => [d.bookingId, d]));
  const booking = new Map(rows.map((b) => [b.id, b]));
  const docs: IssuedDocument[] = [];
  const issue = (bookingId: number, kind: IssuedDocument['kind'], html: string) =>
    docs.push({ bookingId, kind, html, hash: sha256Hex(html), userId: options.actor.userId });
  for (const decision of wanted) {
    const d = data.get(decision.bookingId);
    const row = booking.get(decision.bookingId);
    if (!d || !row) throw new Error(`Booking ${decision.bookingId} of a closing round is missing`);
    if (decision.status === 'REJECTED') {
      issue(
        d.bookingId,
        'VEDTAK',
        renderVedtak({ data: d, type: 'REJECTION', terms: noTerms, rejectionText: decision.rejectionText, today }),
      );
      continue;
    }
    const category = decision.costCategory ?? 'FREE';
    const terms: DocumentTerms = {
      ...noTerms,
      costCategory: category,
      marketPriceOre: category === 'MARKET' ? row.marketPriceOre : null,
      costBasedPrices: category === 'COST' ? d.selvkostPrices : null,
    };
    if (decision.enableVedtak)
      issue(d.bookingId, 'VEDTAK', renderVedtak({ data: d, type: 'APPROVAL', terms, today, refused: decision.refused }));
    if (decision.requireContract) issue(d.bookingId, 'CONTRACT', renderContract({ data: d, terms, today }));
  }
  await storeDocuments(tx, docs);
}

const noTerms: DocumentTerms = {
  costCategory: null,
  marketPriceOre: null,
  costBasedPrices: null,
  retroactiveContract: false,
  hasTilsynsvakt: false,
  tilsynsvaktWeekdays: [],
};

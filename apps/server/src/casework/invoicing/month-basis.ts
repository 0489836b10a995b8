import type { InvoiceChannel, InvoiceSettings, InvoicingBooking, InvoicingLine } from '@lokaler/domain/invoices';
import type { DbOrTx } from '../../db/client';
import { channelOf, invoicingMessages, recipientOf } from './recipients';
import {
  findUncategorisedLoans,
  loadBookingFacts,
  loadHolds,
  loadPeriodLines,
  type BasisLineRow,
  type HoldRow,
  type InvoicingBookingFacts,
} from './repository';

/** One booking of a location's month (decision 071): its lines, holds, channel and what stands in the way. */
export interface MonthBooking {
  facts: InvoicingBookingFacts;
  lines: BasisLineRow[];
  holds: HoldRow[];
  channel: InvoiceChannel | null;
  problem: string | null;
  /** OPEN, not held lines of the month and earlier months: what the run takes. */
  billable: BasisLineRow[];
}

const holdKey = (h: { period: string; element: string }) => `${h.period}|${h.element}`;

/**
 * The month's bookings of a location: every booking with lines of the month or OPEN lines of an earlier
 * one (the run takes those along, decision 071), and the approved loans a required cost category is
 * missing on. `bookingIds` narrows it (the run re-reads its bookings under their locks).
 */
export async function loadMonthBasis(
  db: DbOrTx,
  location: { id: number; requireCostCategory: boolean; settings: InvoiceSettings },
  period: string,
  organizations: readonly string[],
  bookingIds?: readonly number[],
): Promise<MonthBooking[]> {
  const lines = await loadPeriodLines(db, location.id, period, bookingIds);
  const uncategorised = location.requireCostCategory && !bookingIds ? await findUncategorisedLoans(db, location.id, period) : [];
  const ids = [...new Set([...lines.map((l) => l.bookingId), ...uncategorised])].sort((a, b) => a - b);
  const [facts, holds] = await Promise.all([loadBookingFacts(db, ids), loadHolds(db, ids)]);
  const linesOf = groupBy(lines, (l) => l.bookingId);
  const holdsOf = groupBy(holds, (h) => h.bookingId);
  return facts.map((f) => {
    const own = linesOf.get(f.bookingId) ?? [];
    const held = new Set((holdsOf.get(f.bookingId) ?? []).map(holdKey));
    const problem =
      location.requireCostCategory && f.costCategory === null && isLoan(f.purpose) ? invoicingMessages.missingCostCategory : null;
    return {
      facts: f,
      lines: own,
      holds: holdsOf.get(f.bookingId) ?? [],
      channel: channelOf(f, location.settings, organizations),
      problem,
      billable: own.filter((l) => l.status === 'OPEN' && !held.has(holdKey(l))),
    };
  });
}

function groupBy<T>(items: readonly T[], key: (item: T) => number): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const item of items) {
    const list = out.get(key(item));
    if (list) list.push(item);
    else out.set(key(item), [item]);
  }
  return out;
}

function isLoan(purpose: string): boolean {
  return purpose === 'PUBLICUSER_LOAN' || purpose === 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN';
}

/** The page's row of a booking. */
export function invoicingBookingOf(b: MonthBooking): InvoicingBooking {
  const recipient = recipientOf(b.facts);
  const holds = new Map(b.holds.map((h) => [holdKey(h), h]));
  return {
    bookingId: b.facts.bookingId,
    caseNumber: b.facts.caseNumber,
    applicantName: recipient.name,
    recipientType: recipient.type,
    orgnr: recipient.orgnr,
    channel: b.channel,
    problem: b.problem,
    lines: b.lines.map((l): InvoicingLine => {
      const hold = holds.get(holdKey(l));
      return {
        id: l.id,
        element: l.element,
        period: l.period,
        quantity: l.quantity,
        unitPriceOre: l.unitPriceOre,
        amountOre: l.amountOre,
        kind: l.kind,
        status: l.status,
        manual: l.manual,
        reason: l.reason,
        held: l.status === 'OPEN' && hold !== undefined,
        holdReason: l.status === 'OPEN' ? (hold?.reason ?? null) : null,
        invoiceNumber: l.invoiceNumber,
      };
    }),
    toInvoiceOre: b.billable.reduce((sum, l) => sum + l.amountOre, 0),
  };
}

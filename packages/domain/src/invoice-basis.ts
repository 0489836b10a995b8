import { z } from 'zod';
import { calculateSelvkost, lokalkategoriOf, type CostBasedPrices, type Lokalkategori } from './admin-selvkost';
import type { BookingDurationType, CostCategory } from './booking';
import type { ReservationStatus } from './reservation';
import type { DayOfWeek } from './scheduling/day-of-week';
import { daysOfWeek } from './scheduling/day-of-week';
import { isoWeekday } from './scheduling/calendar-date';

/**
 * A booking's invoice basis (decision 058): what it owes, line by line, kept from its approval and
 * every later change of its times. Pure; the server stores the lines and calls `reconcileInvoiceBasis`
 * after each change. Amounts are whole øre. The price is the contract's own (`calculateSelvkost`, the
 * market price as approved): this module only splits it by month, never prices anything itself.
 */

/** One price element of the contract: the hours of a room category, etablering, tilsynsvakt hours, the market price. */
export const invoiceBasisElements = [
  'LOKALKATEGORI_1',
  'LOKALKATEGORI_2',
  'LOKALKATEGORI_3',
  'ETABLERING',
  'TILSYNSVAKT',
  'MARKEDSPRIS',
] as const;
export type InvoiceBasisElement = (typeof invoiceBasisElements)[number];

/**
 * The lines an administrator adds by hand, each with a reason (decision 071): stored beside the
 * derived lines and never touched by the reconciliation. Re-exported by invoices.ts.
 */
export const manualInvoiceElements = ['JUSTERING', 'EKSTRA_RENHOLD'] as const;
export type ManualInvoiceElement = (typeof manualInvoiceElements)[number];
/** Every element a stored line may have: the contract's and the manual ones. */
export const storedInvoiceElements = [...invoiceBasisElements, ...manualInvoiceElements] as const;
export type StoredInvoiceElement = (typeof storedInvoiceElements)[number];

/** OPEN: not invoiced yet, replaced freely while the times change; INVOICED: sent, never changed again. */
export const invoiceBasisLineStatuses = ['OPEN', 'INVOICED'] as const;
export type InvoiceBasisLineStatus = (typeof invoiceBasisLineStatuses)[number];

/** Hour elements count minutes; etablering and the market price count pieces (1, or -1 in a credit). */
export function isHourElement(element: InvoiceBasisElement): boolean {
  return element.startsWith('LOKALKATEGORI') || element === 'TILSYNSVAKT';
}

const coveredReservation = z.object({ reservationId: z.number().int(), date: z.string() });

export const invoiceBasisLine = z.object({
  id: z.number().int(),
  element: z.enum(storedInvoiceElements),
  /** 'YYYY-MM': the month of the reservations the line covers. */
  period: z.string().regex(/^\d{4}-\d{2}$/),
  /** Minutes for hour elements, pieces otherwise; negative in a credit line. */
  quantity: z.number().int(),
  /** Per hour for hour elements, per piece otherwise. */
  unitPriceOre: z.number().int(),
  /** Negative in a credit line. */
  amountOre: z.number().int(),
  kind: z.enum(['DEBIT', 'CREDIT']),
  status: z.enum(invoiceBasisLineStatuses),
  covers: z.array(coveredReservation),
  createdAt: z.string(),
  invoicedAt: z.string().nullable(),
  /** Added by an administrator with a reason (decision 071); the reconciliation never touches it. */
  manual: z.boolean(),
  reason: z.string().nullable(),
});
export type InvoiceBasisLine = z.infer<typeof invoiceBasisLine>;

/** GET /api/admin/booking/{id}/invoice-basis */
export const invoiceBasisResponse = z.object({
  bookingId: z.number().int(),
  lines: z.array(invoiceBasisLine),
  /** Sum of every line: debits less credits, what the booking owes under its contract today. */
  totalOre: z.number().int(),
});
export type InvoiceBasisResponse = z.infer<typeof invoiceBasisResponse>;

/** The approved terms that price the booking (booking_approvals). */
export interface InvoiceTerms {
  costCategory: CostCategory;
  marketPriceOre: number | null;
  costBasedPrices: CostBasedPrices | null;
  durationType: BookingDurationType;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: readonly DayOfWeek[];
}

export interface InvoiceReservation {
  id: number;
  bookableAssetId: number;
  roomName: string;
  squareMeters: number | null;
  /** YYYY-MM-DD */
  date: string;
  durationMinutes: number;
  /** Whether the applicant pays for it (`isBillableReservation`). */
  billable: boolean;
}

/**
 * The cancellation rule applied (decision 058): an approved time is owed, used or not; a time the
 * applicant cancelled after the cancellation deadline is owed too (spec 02 §4: cancelling is free
 * until the deadline). Every other time is not: rejected, made unavailable, replaced by a moved
 * time, cancelled in time, or cancelled by the city.
 */
export function isBillableReservation(status: ReservationStatus, cancelledLateByApplicant: boolean): boolean {
  return status === 'APPROVED' || (status === 'CANCELLED' && cancelledLateByApplicant);
}

/** What a line is about: its element, month and unit price (a new price is a new key, so the old one is credited whole). */
export interface LineKey {
  element: InvoiceBasisElement;
  period: string;
  unitPriceOre: number;
}

/** A line as stored: what the reconciliation reads. */
export type RecordedLine = LineKey & {
  id: number;
  quantity: number;
  amountOre: number;
  status: InvoiceBasisLineStatus;
  covers: readonly { reservationId: number; date: string }[];
};

export type NewLine = LineKey & {
  quantity: number;
  amountOre: number;
  kind: 'DEBIT' | 'CREDIT';
  covers: { reservationId: number; date: string }[];
};

interface Target {
  quantity: number;
  amountOre: number;
  reservationIds: Set<number>;
}

const keyOf = (k: LineKey) => `${k.period}|${k.element}|${k.unitPriceOre}`;
const periodOf = (date: string) => date.slice(0, 7);

/** One priced element of a set of times, from the contract's calculation. */
interface PricedElement {
  element: InvoiceBasisElement;
  unitPriceOre: number;
  amountOre: number;
}

/**
 * The contract's price of a set of times, per element. Nothing when no time is owed: a booking
 * cancelled in time owes no etablering either.
 */
export function priceOfTimes(terms: InvoiceTerms, times: readonly InvoiceReservation[]): PricedElement[] {
  if (times.length === 0) return [];
  if (terms.costCategory === 'MARKET')
    return [{ element: 'MARKEDSPRIS', unitPriceOre: terms.marketPriceOre ?? 0, amountOre: terms.marketPriceOre ?? 0 }];
  if (terms.costCategory !== 'COST' || !terms.costBasedPrices) return [];
  const calc = calculateSelvkost({
    prices: terms.costBasedPrices,
    reservations: times,
    durationType: terms.durationType,
    hasTilsynsvakt: terms.hasTilsynsvakt,
    tilsynsvaktWeekdays: terms.tilsynsvaktWeekdays,
  });
  // calculateSelvkost writes its ROOM lines in category order, one per category present.
  const categories = [...new Set(times.map((t) => lokalkategoriOf(t.squareMeters)))].sort();
  let room = 0;
  return calc.lines.map((line) => {
    const element: InvoiceBasisElement =
      line.kind === 'ROOM'
        ? `LOKALKATEGORI_${categories[room++] as Lokalkategori}`
        : line.kind === 'ETABLERING'
          ? 'ETABLERING'
          : 'TILSYNSVAKT';
    return { element, unitPriceOre: line.unitPriceOre, amountOre: line.amountOre };
  });
}

/** Which of the times an element counts, and its quantity for them. */
function countedBy(
  element: InvoiceBasisElement,
  terms: InvoiceTerms,
  times: readonly InvoiceReservation[],
): { ids: number[]; quantity: number } {
  let counted: readonly InvoiceReservation[] = times;
  if (element.startsWith('LOKALKATEGORI')) counted = times.filter((t) => `LOKALKATEGORI_${lokalkategoriOf(t.squareMeters)}` === element);
  if (element === 'TILSYNSVAKT') {
    const weekdays = new Set(terms.tilsynsvaktWeekdays.map((d) => daysOfWeek.indexOf(d) + 1));
    counted = times.filter((t) => weekdays.has(isoWeekday(t.date)));
  }
  return { ids: counted.map((t) => t.id), quantity: isHourElement(element) ? counted.reduce((sum, t) => sum + t.durationMinutes, 0) : 1 };
}

/**
 * What the booking owes per month and element. The contract prices all its times at once (each
 * line rounded once), so a month's amount is the price of the times up to and including that month
 * less the price of those before it: the months add up to the contract's total to the øre, and the
 * etablering and the market price fall in the first month with a time owed.
 */
export function invoiceBasisTarget(terms: InvoiceTerms | null, reservations: readonly InvoiceReservation[]): Map<string, LineKey & Target> {
  const target = new Map<string, LineKey & Target>();
  if (!terms) return target;
  const owed = reservations.filter((r) => r.billable);
  const periods = [...new Set(owed.map((r) => periodOf(r.date)))].sort();
  let before = new Map<InvoiceBasisElement, PricedElement>();
  for (const period of periods) {
    const upTo = owed.filter((r) => periodOf(r.date) <= period);
    const inPeriod = owed.filter((r) => periodOf(r.date) === period);
    const priced = priceOfTimes(terms, upTo);
    for (const element of priced) {
      const earlier = before.get(element.element);
      const amountOre = element.amountOre - (earlier?.amountOre ?? 0);
      const first = earlier === undefined;
      const counted = countedBy(element.element, terms, inPeriod);
      const quantity = isHourElement(element.element) ? counted.quantity : first ? 1 : 0;
      if (quantity === 0 && amountOre === 0) continue;
      const key = { element: element.element, period, unitPriceOre: element.unitPriceOre };
      target.set(keyOf(key), { ...key, quantity, amountOre, reservationIds: new Set(counted.ids) });
    }
    before = new Map(priced.map((p) => [p.element, p]));
  }
  return target;
}

export interface Reconciliation {
  /** OPEN lines that no longer say what is owed: deleted (they were never invoiced). */
  removeOpenLineIds: number[];
  add: NewLine[];
}

/**
 * The change that brings the recorded lines to what is owed (decision 058). Per element, month and
 * unit price: what the invoiced lines already billed is kept; the rest owed is one OPEN line, a
 * debit, or a credit when less is owed than was invoiced. An OPEN line that already says it is kept,
 * so running this again after the same change adds nothing; an INVOICED line is never touched.
 */
export function reconcileInvoiceBasis(
  terms: InvoiceTerms | null,
  reservations: readonly InvoiceReservation[],
  recorded: readonly RecordedLine[],
): Reconciliation {
  const target = invoiceBasisTarget(terms, reservations);
  const dates = new Map<number, string>();
  for (const line of recorded) for (const c of line.covers) dates.set(c.reservationId, c.date);
  for (const r of reservations) dates.set(r.id, r.date);
  const byKey = new Map<string, RecordedLine[]>();
  for (const line of recorded) byKey.set(keyOf(line), [...(byKey.get(keyOf(line)) ?? []), line]);
  const keys = [...new Set([...target.keys(), ...byKey.keys()])].sort();
  const result: Reconciliation = { removeOpenLineIds: [], add: [] };
  for (const k of keys) {
    const lines = byKey.get(k) ?? [];
    const invoiced = lines.filter((l) => l.status === 'INVOICED');
    const open = lines.filter((l) => l.status === 'OPEN');
    const want = target.get(k);
    const { element, period, unitPriceOre } = want ?? lines[0]!;
    const quantity = (want?.quantity ?? 0) - invoiced.reduce((s, l) => s + l.quantity, 0);
    const amountOre = (want?.amountOre ?? 0) - invoiced.reduce((s, l) => s + l.amountOre, 0);
    const wanted = new Set(want?.reservationIds ?? []);
    const billed = new Set(invoiced.filter((l) => l.amountOre > 0 || l.quantity > 0).flatMap((l) => l.covers.map((c) => c.reservationId)));
    const credit = amountOre < 0 || (amountOre === 0 && quantity < 0);
    // A debit names the times not invoiced yet, a credit the invoiced times no longer owed; an
    // adjustment of the same times (a month's share of the rounding moved) names them all.
    const changed = credit ? [...billed].filter((id) => !wanted.has(id)) : [...wanted].filter((id) => !billed.has(id));
    const ids = (changed.length > 0 ? changed : [...(credit ? billed : wanted)]).sort((a, b) => a - b);
    const covers = ids.map((reservationId) => ({ reservationId, date: dates.get(reservationId) ?? '' }));
    const nothing = quantity === 0 && amountOre === 0;
    const same =
      open.length === 1 &&
      open[0]!.quantity === quantity &&
      open[0]!.amountOre === amountOre &&
      open[0]!.covers.map((c) => c.reservationId).join() === ids.join();
    if ((nothing && open.length === 0) || same) continue;
    result.removeOpenLineIds.push(...open.map((l) => l.id));
    if (!nothing) result.add.push({ element, period, unitPriceOre, quantity, amountOre, kind: credit ? 'CREDIT' : 'DEBIT', covers });
  }
  return result;
}

import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { CostBasedPrices } from './admin-selvkost';
import {
  invoiceBasisTarget,
  isBillableReservation,
  isHourElement,
  priceOfTimes,
  reconcileInvoiceBasis,
  type InvoiceReservation,
  type InvoiceTerms,
  type RecordedLine,
} from './invoice-basis';
import type { ReservationStatus } from './reservation';
import { addDays } from './scheduling/calendar-date';
import { daysOfWeek } from './scheduling/day-of-week';

const prices: CostBasedPrices = {
  lokalkategori1: 25_000,
  lokalkategori2: 41_700,
  lokalkategori3: 83_300,
  etableringSemesterlan: 150_000,
  etableringEngangsutleie: 50_000,
  timeTilsynsvakt: 33_333,
  timeEkstraRenhold: 45_000,
};

const costTerms: InvoiceTerms = {
  costCategory: 'COST',
  marketPriceOre: null,
  costBasedPrices: prices,
  durationType: 'SINGLE_BOOKING',
  hasTilsynsvakt: true,
  tilsynsvaktWeekdays: ['SATURDAY', 'SUNDAY'],
};

function time(id: number, date: string, durationMinutes: number, squareMeters: number | null, billable = true): InvoiceReservation {
  return { id, bookableAssetId: id, roomName: `Rom ${id}`, squareMeters, date, durationMinutes, billable };
}

/** A booking as the lifecycle moves it, with its recorded lines. */
interface Model {
  terms: InvoiceTerms;
  approved: boolean;
  closed: boolean;
  times: { id: number; status: ReservationStatus; date: string; durationMinutes: number; squareMeters: number | null; late: boolean }[];
  lines: RecordedLine[];
  nextId: number;
}

const asInput = (m: Model): InvoiceReservation[] =>
  m.times.map((t) => ({ ...time(t.id, t.date, t.durationMinutes, t.squareMeters), billable: isBillableReservation(t.status, t.late) }));

function apply(m: Model): void {
  const change = reconcileInvoiceBasis(m.terms, asInput(m), m.lines);
  for (const id of change.removeOpenLineIds) expect(m.lines.find((l) => l.id === id)?.status).toBe('OPEN');
  m.lines = m.lines.filter((l) => !change.removeOpenLineIds.includes(l.id));
  for (const line of change.add) {
    // A new line is only what the store writes: no id or status carried over from an old one.
    expect(Object.keys(line).sort()).toEqual(['amountOre', 'covers', 'element', 'kind', 'period', 'quantity', 'unitPriceOre']);
    m.lines.push({ ...line, id: m.nextId++, status: 'OPEN' });
  }
}

const day = fc.integer({ min: 0, max: 120 }).map((n) => addDays('2026-01-20', n));
const duration = fc.integer({ min: 1, max: 16 }).map((n) => n * 15 + (n % 3));
const area = fc.constantFrom(null, 40, 120, 300);
const step = fc.oneof(
  fc.record({ kind: fc.constant('approve' as const) }),
  fc.record({ kind: fc.constant('unapprove' as const) }),
  fc.record({ kind: fc.constant('add' as const), date: day, minutes: duration, area }),
  fc.record({ kind: fc.constant('move' as const), pick: fc.nat(), date: day, minutes: duration }),
  fc.record({ kind: fc.constant('reject' as const), pick: fc.nat() }),
  fc.record({ kind: fc.constant('cancel' as const), late: fc.boolean() }),
  fc.record({ kind: fc.constant('invoice' as const) }),
);
type Step = typeof step extends fc.Arbitrary<infer S> ? S : never;

function run(m: Model, s: Step): void {
  const active = m.times.filter((t) => t.status === 'APPROVED' || t.status === 'UNPROCESSED');
  if (s.kind === 'invoice') {
    m.lines = m.lines.map((l) => ({ ...l, status: 'INVOICED' }));
    return;
  }
  if (m.closed) return;
  if (s.kind === 'approve' && !m.approved && active.length > 0) {
    m.approved = true;
    for (const t of active) t.status = 'APPROVED';
  } else if (s.kind === 'unapprove' && m.approved) {
    m.approved = false;
    for (const t of active) t.status = 'UNPROCESSED';
  } else if (s.kind === 'add') {
    const status = m.approved ? 'APPROVED' : 'UNPROCESSED';
    m.times.push({ id: m.times.length + 1, status, date: s.date, durationMinutes: s.minutes, squareMeters: s.area, late: false });
  } else if (s.kind === 'move' && active.length > 0) {
    const old = active[s.pick % active.length]!;
    const status = old.status;
    old.status = 'REPLACED';
    m.times.push({ ...old, id: m.times.length + 1, status, date: s.date, durationMinutes: s.minutes });
  } else if (s.kind === 'reject' && active.length > 0) {
    const t = active[s.pick % active.length]!;
    t.status = t.status === 'APPROVED' ? 'UNAVAILABLE' : 'REJECTED';
  } else if (s.kind === 'cancel') {
    // Only an approved booking's times can be cancelled late at the applicant's cost.
    for (const t of active) Object.assign(t, { late: s.late && t.status === 'APPROVED', status: 'CANCELLED' });
    m.closed = true;
  }
}

const terms = fc.oneof(
  fc
    .record({
      durationType: fc.constantFrom('SINGLE_BOOKING' as const, 'SEMESTERLOAN' as const),
      hasTilsynsvakt: fc.boolean(),
      tilsynsvaktWeekdays: fc.subarray([...daysOfWeek]),
    })
    .map((t): InvoiceTerms => ({ ...costTerms, ...t })),
  fc
    .integer({ min: 0, max: 5_000_000 })
    .map((p): InvoiceTerms => ({ ...costTerms, costCategory: 'MARKET', marketPriceOre: p, costBasedPrices: null })),
);

describe('invoice basis (decision 058)', () => {
  it('bills the contract price of the times owed, never twice, never lost, over any sequence of changes', () => {
    fc.assert(
      fc.property(terms, fc.array(step, { maxLength: 30 }), (t, steps) => {
        const m: Model = { terms: t, approved: false, closed: false, times: [], lines: [], nextId: 1 };
        for (const s of steps) {
          const invoicedBefore = m.lines.filter((l) => l.status === 'INVOICED');
          run(m, s);
          apply(m);
          // An invoiced line is never changed or removed.
          for (const l of invoicedBefore) expect(m.lines).toContainEqual(l);
          // Debits less credits are the contract's price of the times owed, to the øre.
          const owed = asInput(m).filter((r) => r.billable);
          const price = priceOfTimes(m.terms, owed).reduce((s, p) => s + p.amountOre, 0);
          expect(m.lines.reduce((s, l) => s + l.amountOre, 0)).toBe(price);
          // Each month's hours per element are those of the times owed in it: none counted twice or left out.
          const hours = new Map<string, number>();
          for (const l of m.lines)
            if (isHourElement(l.element)) hours.set(`${l.period} ${l.element}`, (hours.get(`${l.period} ${l.element}`) ?? 0) + l.quantity);
          const expected = new Map<string, number>();
          for (const line of invoiceBasisTarget(m.terms, owed).values())
            if (isHourElement(line.element)) expected.set(`${line.period} ${line.element}`, line.quantity);
          expect(new Map([...hours].filter(([, q]) => q !== 0))).toEqual(expected);
          // At most one open line per element, month and price; running again changes nothing.
          const openKeys = m.lines.filter((l) => l.status === 'OPEN').map((l) => `${l.period}|${l.element}|${l.unitPriceOre}`);
          expect(new Set(openKeys).size).toBe(openKeys.length);
          expect(reconcileInvoiceBasis(m.terms, asInput(m), m.lines)).toEqual({ removeOpenLineIds: [], add: [] });
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('splits a cost-based price by month so the months add up to the contract total', () => {
    const times = [time(1, '2026-01-31', 90, 40), time(2, '2026-02-01', 95, 40), time(3, '2026-02-14', 60, 250)];
    const change = reconcileInvoiceBasis(costTerms, times, []);
    const total = priceOfTimes(costTerms, times).reduce((s, p) => s + p.amountOre, 0);
    expect(change.add.reduce((s, l) => s + l.amountOre, 0)).toBe(total);
    expect(change.add.map((l) => [l.period, l.element, l.quantity, l.covers.map((c) => c.date)])).toEqual([
      ['2026-01', 'ETABLERING', 1, ['2026-01-31']],
      ['2026-01', 'LOKALKATEGORI_1', 90, ['2026-01-31']],
      ['2026-01', 'TILSYNSVAKT', 90, ['2026-01-31']],
      ['2026-02', 'LOKALKATEGORI_1', 95, ['2026-02-01']],
      ['2026-02', 'LOKALKATEGORI_3', 60, ['2026-02-14']],
      ['2026-02', 'TILSYNSVAKT', 155, ['2026-02-01', '2026-02-14']],
    ]);
  });

  it('credits an invoiced time cancelled in time, and keeps a late cancellation billed', () => {
    const times = [time(1, '2026-03-02', 120, 40), time(2, '2026-03-09', 120, 40)];
    const first = reconcileInvoiceBasis({ ...costTerms, hasTilsynsvakt: false }, times, []);
    const invoiced: RecordedLine[] = first.add.map((l, i) => ({ ...l, id: i + 1, status: 'INVOICED' }));
    const inTime = reconcileInvoiceBasis({ ...costTerms, hasTilsynsvakt: false }, [times[0]!, { ...times[1]!, billable: false }], invoiced);
    expect(inTime.removeOpenLineIds).toEqual([]);
    expect(inTime.add).toEqual([
      expect.objectContaining({
        element: 'LOKALKATEGORI_1',
        kind: 'CREDIT',
        quantity: -120,
        amountOre: -50_000,
        covers: [{ reservationId: 2, date: '2026-03-09' }],
      }),
    ]);
    const late = isBillableReservation('CANCELLED', true);
    expect(
      reconcileInvoiceBasis({ ...costTerms, hasTilsynsvakt: false }, [times[0]!, { ...times[1]!, billable: late }], invoiced).add,
    ).toEqual([]);
  });

  it('writes nothing for a free booking or one without a price list', () => {
    const times = [time(1, '2026-03-02', 120, 40)];
    expect(reconcileInvoiceBasis({ ...costTerms, costCategory: 'FREE' }, times, []).add).toEqual([]);
    expect(reconcileInvoiceBasis({ ...costTerms, costBasedPrices: null }, times, []).add).toEqual([]);
    expect(reconcileInvoiceBasis(null, times, []).add).toEqual([]);
  });
});

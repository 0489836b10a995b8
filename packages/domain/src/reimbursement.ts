import { z } from 'zod';
import { costCategory, type CostCategory } from './booking';
import { compareNorwegian } from './norwegian-order';
import { addDays, addMonths, daysBetween, isValidDate } from './scheduling/calendar-date';

/**
 * The reimbursement report of a location (spec 02 §7 GET /location/{id}/reimbursement; decision 015):
 * per approved booking with approved times in a date range, who it was for, the cost
 * category, the hours used in the range and the amount; totals per organisation (or person) and
 * overall. Money in øre, time in minutes (hours are for display, two decimals).
 */

/** The longest range one report covers (a leap year). */
export const REIMBURSEMENT_MAX_DAYS = 366;

export const reimbursementMessages = {
  missingDate: 'Velg både fra- og tildato.',
  invalidDate: 'Ugyldig dato, bruk formatet ÅÅÅÅ-MM-DD',
  inverted: 'Tildatoen må være etter fradatoen.',
  tooLong: `Perioden kan være høyst ${REIMBURSEMENT_MAX_DAYS} dager.`,
} as const;

const dateField = z
  .string({ error: reimbursementMessages.missingDate })
  .min(1, reimbursementMessages.missingDate)
  .refine(isValidDate, reimbursementMessages.invalidDate);

/**
 * ?fromDateInclusive=YYYY-MM-DD&toDateExclusive=YYYY-MM-DD (Oslo dates): the range [from, to), at
 * least one day and at most 366. The same schema checks the admin page's form.
 */
export const reimbursementQuery = z.object({ fromDateInclusive: dateField, toDateExclusive: dateField }).superRefine((q, ctx) => {
  if (!isValidDate(q.fromDateInclusive) || !isValidDate(q.toDateExclusive)) return;
  const days = daysBetween(q.fromDateInclusive, q.toDateExclusive);
  if (days <= 0) ctx.addIssue({ code: 'custom', path: ['toDateExclusive'], message: reimbursementMessages.inverted });
  else if (days > REIMBURSEMENT_MAX_DAYS)
    ctx.addIssue({ code: 'custom', path: ['toDateExclusive'], message: reimbursementMessages.tooLong });
});
export type ReimbursementQuery = z.infer<typeof reimbursementQuery>;

/** Who the booking was for: the organisation it was made for, the person an administrator booked for, or the applicant. */
export const reimbursementPayerKind = z.enum(['ORGANISATION', 'PERSON']);

export const reimbursementRow = z.object({
  bookingId: z.number().int(),
  caseNumber: z.string(),
  payerKind: reimbursementPayerKind,
  payerName: z.string(),
  organizationNumber: z.string().nullable(),
  /** Null for a booking an administrator made for someone without an approval's terms. */
  costCategory: costCategory.nullable(),
  /** Approved time in the range. */
  minutes: z.number().int(),
  hours: z.number(),
  amountOre: z.number().int(),
});
export type ReimbursementRow = z.infer<typeof reimbursementRow>;

const sums = { bookings: z.number().int(), minutes: z.number().int(), hours: z.number(), amountOre: z.number().int() };

export const reimbursementGroup = z.object({
  payerKind: reimbursementPayerKind,
  payerName: z.string(),
  organizationNumber: z.string().nullable(),
  ...sums,
});
export type ReimbursementGroup = z.infer<typeof reimbursementGroup>;

export const reimbursementReport = z.object({
  locationId: z.number().int(),
  locationName: z.string(),
  /** The location's company code (firmakode) for the finance department's ledger; null when none is set (decision 063). */
  companyCode: z.string().nullable(),
  fromDateInclusive: z.string(),
  toDateExclusive: z.string(),
  rows: z.array(reimbursementRow),
  groups: z.array(reimbursementGroup),
  totals: z.object(sums),
});
export type ReimbursementReport = z.infer<typeof reimbursementReport>;

export const costCategoryReportLabels: Record<CostCategory | 'NONE', string> = {
  FREE: 'Gratis',
  COST: 'Selvkost',
  MARKET: 'Markedspris',
  NONE: 'Ikke fastsatt',
};

/** What the database knows about one booking with approved time in the range. */
export interface ReimbursementBookingFacts {
  bookingId: number;
  caseNumber: string;
  organizationNumber: string | null;
  organizationName: string | null;
  onBehalfOfName: string | null;
  onBehalfOfEmail: string | null;
  userId: number | null;
  userName: string | null;
  costCategory: CostCategory | null;
  /** The approval's price for the whole booking in øre: the market price, or the cost-based total; null when none. */
  priceOre: number | null;
  minutesInRange: number;
  /** All the booking's approved time, in and out of the range. */
  approvedMinutes: number;
  /**
   * The amount of a booking with an invoice basis (decision 058): its basis lines of the range's months,
   * debits less credits, invoiced or open, manual lines included (decision 063 §6). Undefined for a booking
   * without a basis, whose amount is the price shared by hours.
   */
  basisOre?: number;
}

/** Hours with two decimals. */
export const hoursOf = (minutes: number) => Math.round((minutes / 60) * 100) / 100;

/**
 * The amount of a booking in the range. A booking with an invoice basis has its basis's amount of the range
 * (decision 063 §6), what its invoices and open lines say. Otherwise a price is for the whole booking (the
 * contract states it so), so a range holding part of its approved time gets that part of it, rounded to whole
 * øre; a free booking, and one without a price, is 0. Ranges that split a booking add up to its price, ±1 øre.
 */
export function amountInRange(
  facts: Pick<ReimbursementBookingFacts, 'costCategory' | 'priceOre' | 'minutesInRange' | 'approvedMinutes' | 'basisOre'>,
): number {
  if (facts.basisOre !== undefined) return facts.basisOre;
  if (facts.costCategory === null || facts.costCategory === 'FREE' || !facts.priceOre || facts.approvedMinutes <= 0) return 0;
  return Math.round((facts.priceOre * Math.min(facts.minutesInRange, facts.approvedMinutes)) / facts.approvedMinutes);
}

/** One month of a booking's invoice basis, as the report reads it (decision 063 §6). */
export interface ReimbursementBasisMonth {
  /** 'YYYY-MM' */
  period: string;
  /** The month's lines, debits less credits, invoiced or open, manual lines included. */
  amountOre: number;
  /** The booking's approved minutes of the month on dates in the range, and in the whole month. */
  minutesInRange: number;
  minutesInMonth: number;
}

/** The months a range touches: the month of its first day to that of its last ('YYYY-MM'). */
export function reimbursementMonths(range: ReimbursementQuery): { first: string; last: string } {
  return { first: range.fromDateInclusive.slice(0, 7), last: addDays(range.toDateExclusive, -1).slice(0, 7) };
}

/**
 * A basis booking's amount in the range (decision 063 §6): a month the range holds whole counts whole, so
 * over whole months the report is exactly the invoices' and open lines' figure. A month the range holds part
 * of (its first or last) counts by the share of the month's approved hours on its dates, rounded to whole
 * øre, as decision 015 shares a price; a month without approved hours (a manual line, a credit) counts whole
 * in the part holding its first day. The parts of a split month add up to it within one øre.
 */
export function basisAmountInRange(range: ReimbursementQuery, months: readonly ReimbursementBasisMonth[]): number {
  let sum = 0;
  for (const m of months) {
    const firstDay = `${m.period}-01`;
    const holdsFirst = range.fromDateInclusive <= firstDay && firstDay < range.toDateExclusive;
    if (holdsFirst && addMonths(firstDay, 1) <= range.toDateExclusive) sum += m.amountOre;
    else if (m.minutesInMonth > 0) sum += Math.round((m.amountOre * Math.min(m.minutesInRange, m.minutesInMonth)) / m.minutesInMonth);
    else if (holdsFirst) sum += m.amountOre;
  }
  return sum;
}

function payerOf(f: ReimbursementBookingFacts): {
  key: string;
  kind: 'ORGANISATION' | 'PERSON';
  name: string;
  organizationNumber: string | null;
} {
  if (f.organizationNumber || f.organizationName) {
    return {
      key: `org:${f.organizationNumber ?? f.organizationName}`,
      kind: 'ORGANISATION',
      name: f.organizationName ?? f.organizationNumber!,
      organizationNumber: f.organizationNumber,
    };
  }
  if (f.onBehalfOfName)
    return {
      key: `behalf:${(f.onBehalfOfEmail ?? f.onBehalfOfName).toLowerCase()}`,
      kind: 'PERSON',
      name: f.onBehalfOfName,
      organizationNumber: null,
    };
  return {
    key: `user:${f.userId ?? `booking-${f.bookingId}`}`,
    kind: 'PERSON',
    name: f.userName ?? 'Ukjent søker',
    organizationNumber: null,
  };
}

/** The report from the facts: rows by payer and case number, a group per payer, and the totals (sums of the rows). */
export function buildReimbursementReport(input: {
  locationId: number;
  locationName: string;
  companyCode?: string | null;
  range: ReimbursementQuery;
  bookings: readonly ReimbursementBookingFacts[];
}): ReimbursementReport {
  const keyed = input.bookings.map((f) => {
    const payer = payerOf(f);
    const row: ReimbursementRow = {
      bookingId: f.bookingId,
      caseNumber: f.caseNumber,
      payerKind: payer.kind,
      payerName: payer.name,
      organizationNumber: payer.organizationNumber,
      costCategory: f.costCategory,
      minutes: f.minutesInRange,
      hours: hoursOf(f.minutesInRange),
      amountOre: amountInRange(f),
    };
    return { key: payer.key, row };
  });
  keyed.sort(
    (a, b) =>
      compareNorwegian(a.row.payerName, b.row.payerName) ||
      a.key.localeCompare(b.key) ||
      compareNorwegian(a.row.caseNumber, b.row.caseNumber),
  );

  const groups = new Map<string, ReimbursementGroup>();
  for (const { key, row } of keyed) {
    const group = groups.get(key) ?? {
      payerKind: row.payerKind,
      payerName: row.payerName,
      organizationNumber: row.organizationNumber,
      bookings: 0,
      minutes: 0,
      hours: 0,
      amountOre: 0,
    };
    group.bookings += 1;
    group.minutes += row.minutes;
    group.amountOre += row.amountOre;
    group.hours = hoursOf(group.minutes);
    groups.set(key, group);
  }
  const rows = keyed.map((k) => k.row);
  const minutes = rows.reduce((sum, r) => sum + r.minutes, 0);
  return {
    locationId: input.locationId,
    locationName: input.locationName,
    companyCode: input.companyCode ?? null,
    fromDateInclusive: input.range.fromDateInclusive,
    toDateExclusive: input.range.toDateExclusive,
    rows,
    groups: [...groups.values()],
    totals: { bookings: rows.length, minutes, hours: hoursOf(minutes), amountOre: rows.reduce((sum, r) => sum + r.amountOre, 0) },
  };
}

import { eq, sql } from 'drizzle-orm';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { CostCategory } from '@lokaler/domain/booking';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import {
  reimbursementMonths,
  type ReimbursementBasisMonth,
  type ReimbursementBookingFacts,
  type ReimbursementQuery,
} from '@lokaler/domain/reimbursement';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { locations } from '../../db/schema/locations';

/** The location's name and company code (firmakode, decision 063); undefined when it does not exist. */
export async function findReportLocation(
  db: DbOrTx,
  locationId: number,
): Promise<{ name: string; companyCode: string | null } | undefined> {
  const [row] = await db
    .select({ name: locations.name, companyCode: locations.companyCode })
    .from(locations)
    .where(eq(locations.id, locationId));
  return row;
}

/**
 * A booking's facts as the report reads them, and the approval's cost-based terms: a cost-based
 * booking approved without a stored total (a round's closing, the demo data) is priced from these by
 * the contract's own calculation (selvkost-price.ts, decision 063).
 */
export interface ReimbursementFactsWithTerms extends ReimbursementBookingFacts {
  costBasedPrices: CostBasedPrices | null;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: DayOfWeek[];
}

interface FactRow extends Record<string, unknown> {
  id: number;
  case_number: string;
  organization_number: string | null;
  organization_name: string | null;
  on_behalf_of_name: string | null;
  on_behalf_of_email: string | null;
  user_id: number | null;
  user_name: string | null;
  cost_category: CostCategory | null;
  price_ore: number | null;
  minutes_in_range: number;
  approved_minutes: number;
  cost_based_prices: CostBasedPrices | null;
  has_tilsynsvakt: boolean | null;
  tilsynsvakt_weekdays: DayOfWeek[] | null;
}

/**
 * One query, whatever the size: the location's approved loans (applications and bookings made on
 * someone's behalf — not internal activities or times made unavailable, which nobody pays or is
 * reimbursed for) with approved time on dates in [from, to), and the loans whose invoice basis of the
 * range's months is not 0 whatever their times and status now (a manual line, a cancellation's credit
 * beside an invoiced month: decision 063 §6); per booking its approved minutes in the range and in all,
 * who it was for, and the approval's category and price (the market price, or the cost-based total
 * calculated at approval).
 *
 * The times in the range are read room by room through reservations (bookable_asset_id, date), the
 * bookings' other times through reservations_booking; no correlated subquery. JIT is off for the
 * statement: PostgreSQL compiles by the cost estimate, and at city scale the compilation took 2.7 s
 * of a report that runs in a fraction of that (bench/reimbursement.ts). Hence a transaction: the
 * setting is local to it.
 */
export async function loadReimbursementFacts(
  tx: Tx,
  locationId: number,
  range: ReimbursementQuery,
): Promise<ReimbursementFactsWithTerms[]> {
  await tx.execute(sql`select set_config('jit', 'off', true)`);
  const months = reimbursementMonths(range);
  const rows = await queryRows<FactRow>(
    tx,
    sql`
    with in_range as materialized (
      select r.booking_id, sum(r.duration_minutes)::int as minutes
      from bookable_assets a
      join reservations r on r.bookable_asset_id = a.id and r.status = 'APPROVED'
        and r.date >= ${range.fromDateInclusive}::date and r.date < ${range.toDateExclusive}::date
      where a.location_id = ${locationId}
      group by r.booking_id
    ), with_basis as materialized (
      select l.booking_id
      from bookings b join invoice_basis_lines l on l.booking_id = b.id
      where b.location_id = ${locationId} and l.period >= ${months.first} and l.period <= ${months.last}
      group by l.booking_id
      having sum(l.amount_ore) <> 0
    ), loans as materialized (
      select b.id, b.case_number, b.organization_number, b.organization_name, b.on_behalf_of_name, b.on_behalf_of_email,
        b.user_id, b.cost_category, b.market_price_ore, coalesce(i.minutes, 0) as minutes
      from bookings b left join in_range i on i.booking_id = b.id
      where b.id in (select booking_id from in_range union select booking_id from with_basis)
        and b.location_id = ${locationId}
        and ((i.booking_id is not null and b.status = 'APPROVED') or b.id in (select booking_id from with_basis))
        and b.purpose in ('PUBLICUSER_LOAN', 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN')
    ), approved as (
      select x.booking_id, sum(x.duration_minutes)::int as minutes
      from reservations x
      where x.booking_id in (select id from loans) and x.status = 'APPROVED'
      group by x.booking_id
    )
    select b.id, b.case_number, b.organization_number, b.organization_name, b.on_behalf_of_name, b.on_behalf_of_email,
      b.user_id, u.name as user_name,
      coalesce(a.cost_category, b.cost_category) as cost_category,
      case coalesce(a.cost_category, b.cost_category)
        when 'MARKET' then coalesce(a.market_price_ore, b.market_price_ore)
        when 'COST' then a.calculated_price_ore
      end as price_ore,
      b.minutes as minutes_in_range,
      coalesce(t.minutes, 0) as approved_minutes,
      a.cost_based_prices, a.has_tilsynsvakt, a.tilsynsvakt_weekdays
    from loans b
    left join approved t on t.booking_id = b.id
    left join booking_approvals a on a.booking_id = b.id
    left join users u on u.id = b.user_id`,
  );
  return rows.map((r) => ({
    bookingId: Number(r.id),
    caseNumber: r.case_number,
    organizationNumber: r.organization_number,
    organizationName: r.organization_name,
    onBehalfOfName: r.on_behalf_of_name,
    onBehalfOfEmail: r.on_behalf_of_email,
    userId: r.user_id === null ? null : Number(r.user_id),
    userName: r.user_name,
    costCategory: r.cost_category,
    priceOre: r.price_ore === null ? null : Number(r.price_ore),
    minutesInRange: Number(r.minutes_in_range),
    approvedMinutes: Number(r.approved_minutes),
    costBasedPrices: r.cost_based_prices ?? null,
    hasTilsynsvakt: r.has_tilsynsvakt ?? false,
    tilsynsvaktWeekdays: r.tilsynsvakt_weekdays ?? [],
  }));
}

/**
 * The invoice basis (decision 058) of these bookings as the report reads it (decision 063 §6): per booking
 * with any basis line, its lines of each month the range touches, summed (debits less credits, invoiced or
 * open, manual lines included), with its approved minutes of the month in the range and in all — read only
 * for the first and last month, the ones a range can hold part of. A booking with lines only outside the
 * range has none of its months here but is in the map (its amount in the range is 0). One statement.
 */
export async function loadBasisMonths(
  db: DbOrTx,
  bookingIds: readonly number[],
  range: ReimbursementQuery,
): Promise<Map<number, ReimbursementBasisMonth[]>> {
  const out = new Map<number, ReimbursementBasisMonth[]>();
  if (bookingIds.length === 0) return out;
  const ids = sql`${`{${bookingIds.map((v) => Math.trunc(v)).join(',')}}`}::int[]`;
  const { first, last } = reimbursementMonths(range);
  const rows = await queryRows<{ booking_id: number; period: string | null; ore: number; in_range: number; in_month: number }>(
    db,
    sql`
    with lines as (
      select booking_id, case when period >= ${first} and period <= ${last} then period end as period, sum(amount_ore)::bigint as ore
      from invoice_basis_lines where booking_id = any(${ids})
      group by 1, 2
    ), edge as (
      select booking_id, to_char(date, 'YYYY-MM') as period,
        coalesce(sum(duration_minutes) filter (where date >= ${range.fromDateInclusive}::date and date < ${range.toDateExclusive}::date), 0)::int as in_range,
        sum(duration_minutes)::int as in_month
      from reservations
      where booking_id = any(${ids}) and status = 'APPROVED'
        and ((date >= ${`${first}-01`}::date and date < (${`${first}-01`}::date + interval '1 month'))
          or (date >= ${`${last}-01`}::date and date < (${`${last}-01`}::date + interval '1 month')))
      group by 1, 2
    )
    select l.booking_id, l.period, l.ore, coalesce(e.in_range, 0) as in_range, coalesce(e.in_month, 0) as in_month
    from lines l left join edge e on e.booking_id = l.booking_id and e.period = l.period`,
  );
  for (const r of rows) {
    const id = Number(r.booking_id);
    const months = out.get(id) ?? [];
    if (r.period !== null)
      months.push({ period: r.period, amountOre: Number(r.ore), minutesInRange: Number(r.in_range), minutesInMonth: Number(r.in_month) });
    out.set(id, months);
  }
  return out;
}

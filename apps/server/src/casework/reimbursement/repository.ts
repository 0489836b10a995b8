import { eq, sql } from 'drizzle-orm';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { CostCategory } from '@lokaler/domain/booking';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { ReimbursementBookingFacts, ReimbursementQuery } from '@lokaler/domain/reimbursement';
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
 * reimbursed for) with approved time on dates in [from, to); per booking its approved minutes in the
 * range and in all, who it was for, and the approval's category and price (the market price, or the
 * cost-based total calculated at approval).
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
    ), loans as materialized (
      select b.id, b.case_number, b.organization_number, b.organization_name, b.on_behalf_of_name, b.on_behalf_of_email,
        b.user_id, b.cost_category, b.market_price_ore, i.minutes
      from in_range i join bookings b on b.id = i.booking_id
      where b.location_id = ${locationId} and b.status = 'APPROVED'
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
      t.minutes as approved_minutes,
      a.cost_based_prices, a.has_tilsynsvakt, a.tilsynsvakt_weekdays
    from loans b
    join approved t on t.booking_id = b.id
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

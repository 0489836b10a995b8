import { eq, sql } from 'drizzle-orm';
import type { CostCategory } from '@lokaler/domain/booking';
import type { ReimbursementBookingFacts, ReimbursementQuery } from '@lokaler/domain/reimbursement';
import { queryRows, type DbOrTx } from '../../db/client';
import { locations } from '../../db/schema/locations';

export async function findLocationName(db: DbOrTx, locationId: number): Promise<string | undefined> {
  const [row] = await db.select({ name: locations.name }).from(locations).where(eq(locations.id, locationId));
  return row?.name;
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
}

/**
 * One query, whatever the size: the location's approved loans (applications and bookings made on
 * someone's behalf — not internal activities or times made unavailable, which nobody pays or is
 * reimbursed for) with approved time on dates in [from, to); per booking its approved minutes in the
 * range and in all, who it was for, and the approval's category and price (the market price, or the
 * cost-based total calculated at approval). Reads bookings by (location_id, status), then each
 * booking's reservations by reservations_booking.
 */
export async function loadReimbursementFacts(db: DbOrTx, locationId: number, range: ReimbursementQuery): Promise<ReimbursementBookingFacts[]> {
  const rows = await queryRows<FactRow>(db, sql`
    with in_range as (
      select r.booking_id, sum(r.duration_minutes)::int as minutes
      from bookings b join reservations r on r.booking_id = b.id
      where b.location_id = ${locationId} and b.status = 'APPROVED'
        and b.purpose in ('PUBLICUSER_LOAN', 'ADMINUSER_ON_BEHALF_OF_PUBLICUSER_LOAN')
        and r.status = 'APPROVED' and r.date >= ${range.fromDateInclusive}::date and r.date < ${range.toDateExclusive}::date
      group by r.booking_id
    )
    select b.id, b.case_number, b.organization_number, b.organization_name, b.on_behalf_of_name, b.on_behalf_of_email,
      b.user_id, u.name as user_name,
      coalesce(a.cost_category, b.cost_category) as cost_category,
      case coalesce(a.cost_category, b.cost_category)
        when 'MARKET' then coalesce(a.market_price_ore, b.market_price_ore)
        when 'COST' then a.calculated_price_ore
      end as price_ore,
      i.minutes as minutes_in_range,
      (select sum(x.duration_minutes)::int from reservations x where x.booking_id = b.id and x.status = 'APPROVED') as approved_minutes
    from in_range i
    join bookings b on b.id = i.booking_id
    left join booking_approvals a on a.booking_id = b.id
    left join users u on u.id = b.user_id`);
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
  }));
}

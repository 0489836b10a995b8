import { and, eq, inArray, isNull, sql } from 'drizzle-orm';
import type { CostCategory } from '@lokaler/domain/booking';
import type { CostBasedPrices } from '@lokaler/domain/admin-selvkost';
import type { DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';
import { bookingApprovals, bookingDocuments } from '../../db/schema/admin-decisions';
import { bookings, requirements } from '../../db/schema/bookings';
import { users } from '../../db/schema/identity';
import { storeDocuments } from '../../bookings';

export interface TakenTime extends Record<string, unknown> {
  reservation_id: number;
  bookable_asset_id: number;
  date: string;
  start_time: string;
  duration_minutes: number;
}

/**
 * Of these (active) reservations, those a blocked time or another booking's active reservation
 * overlaps now (instants, as the exclusion constraint compares them). One query.
 */
export async function findBlockedOrTaken(db: DbOrTx, reservationIds: readonly number[]): Promise<TakenTime[]> {
  if (reservationIds.length === 0) return [];
  const ids = sql.join(
    reservationIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<TakenTime>(
    db,
    sql`
    select r.id as reservation_id, r.bookable_asset_id, to_char(r.date, 'YYYY-MM-DD') as date,
      to_char(r.start_time, 'HH24:MI:SS') as start_time, r.duration_minutes
    from reservations r
    where r.id in (${ids})
      and (exists (select 1 from blocked_times bt where bt.bookable_asset_id = r.bookable_asset_id and bt.period && r.period)
        or exists (select 1 from reservations o where o.bookable_asset_id = r.bookable_asset_id and o.booking_id <> r.booking_id
          and o.status in ('UNPROCESSED', 'APPROVED') and o.period && r.period))
    order by r.date, r.start_time, r.id`,
  );
}

export interface ApprovalRow {
  costCategory: CostCategory;
  marketPriceOre: number | null;
  costBasedPrices: CostBasedPrices | null;
  calculatedPriceOre: number | null;
  retroactiveContract: boolean;
  hasTilsynsvakt: boolean;
  tilsynsvaktWeekdays: DayOfWeek[];
}

export async function saveApproval(tx: Tx, bookingId: number, approval: ApprovalRow, user: AuthenticatedUser): Promise<void> {
  const values = { ...approval, approvedByUserId: user.userId, approvedByName: user.name, approvedAt: new Date() };
  await tx
    .insert(bookingApprovals)
    .values({ bookingId, ...values })
    .onConflictDoUpdate({ target: bookingApprovals.bookingId, set: values });
}

export async function deleteApproval(tx: Tx, bookingId: number): Promise<void> {
  await tx.delete(bookingApprovals).where(eq(bookingApprovals.bookingId, bookingId));
}

/** Stores a document as the applicant's current one of its kind (an earlier one is revoked first), as closing a round stores its batch's. */
export async function storeDocument(
  tx: Tx,
  doc: { bookingId: number; kind: 'CONTRACT' | 'VEDTAK'; html: string; hash: string; userId: number },
): Promise<void> {
  await storeDocuments(tx, [doc]);
}

export async function revokeDocuments(
  tx: Tx,
  bookingId: number,
  kinds: readonly ('CONTRACT' | 'VEDTAK')[] = ['CONTRACT', 'VEDTAK'],
): Promise<void> {
  await tx
    .update(bookingDocuments)
    .set({ revokedAt: new Date() })
    .where(and(eq(bookingDocuments.bookingId, bookingId), inArray(bookingDocuments.kind, [...kinds]), isNull(bookingDocuments.revokedAt)));
}

/** The booking's one CONTRACT requirement (spec 02 §5: more than one is an error), unless it has one. */
export async function ensureContractRequirement(tx: Tx, bookingId: number): Promise<void> {
  const existing = await tx
    .select({ id: requirements.id })
    .from(requirements)
    .where(and(eq(requirements.bookingId, bookingId), eq(requirements.type, 'CONTRACT')));
  if (existing.length === 0) await tx.insert(requirements).values({ bookingId, type: 'CONTRACT' });
}

/** A reverted approval's contract is void: its requirement goes (the change log keeps a signature's entry). */
export async function deleteContractRequirements(tx: Tx, bookingId: number): Promise<void> {
  await tx.delete(requirements).where(and(eq(requirements.bookingId, bookingId), eq(requirements.type, 'CONTRACT')));
}

export interface BatchCandidate {
  id: number;
  locationId: number;
  caseNumber: string;
  /** As the request list names it: the person booked for, the applicant or the internal event's title. */
  applicantName: string | null;
}

/** The asked bookings that exist, with what a batch approval's answer names them by. One query. */
export async function findBatchCandidates(db: DbOrTx, bookingIds: readonly number[]): Promise<Map<number, BatchCandidate>> {
  if (bookingIds.length === 0) return new Map();
  const rows = await db
    .select({
      id: bookings.id,
      locationId: bookings.locationId,
      caseNumber: bookings.caseNumber,
      onBehalfOfName: bookings.onBehalfOfName,
      userName: users.name,
      internalEventTitle: bookings.internalEventTitle,
    })
    .from(bookings)
    .leftJoin(users, eq(users.id, bookings.userId))
    .where(inArray(bookings.id, [...bookingIds]));
  return new Map(
    rows.map((r) => [
      r.id,
      {
        id: r.id,
        locationId: r.locationId,
        caseNumber: r.caseNumber,
        applicantName: r.onBehalfOfName ?? r.userName ?? r.internalEventTitle ?? null,
      },
    ]),
  );
}

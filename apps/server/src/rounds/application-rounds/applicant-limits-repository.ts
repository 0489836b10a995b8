import { sql } from 'drizzle-orm';
import type { RoundWishesSoFar } from '@lokaler/domain/fair-share';
import { queryRows, type Tx } from '../../db/client';

/** Namespace of the round applicants' advisory locks (pg_advisory_xact_lock(int, int)); rooms 7301, applicants at a location 7302. */
const ROUND_APPLICANT_LOCK_NAMESPACE = 7303;

export interface RoundApplicant {
  userId: number;
  organizationNumber: string | null;
}

const keyOf = (applicant: RoundApplicant) =>
  applicant.organizationNumber ? `org:${applicant.organizationNumber}` : `person:${applicant.userId}`;

/** Until the transaction ends: one applicant's applications into one round are counted one after the other. */
export async function lockRoundApplicant(tx: Tx, roundId: number, applicant: RoundApplicant): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${ROUND_APPLICANT_LOCK_NAMESPACE}::int, hashtext(${`${keyOf(applicant)}@${roundId}`}))`,
  );
}

/** The applicant's applications in the round that are not withdrawn or refused, and their wished minutes a week; `exceptBookingId` left out. */
export async function findRoundWishesOfApplicant(
  tx: Tx,
  roundId: number,
  applicant: RoundApplicant,
  exceptBookingId: number,
): Promise<RoundWishesSoFar> {
  const whose = applicant.organizationNumber
    ? sql`b.organization_number = ${applicant.organizationNumber}`
    : sql`b.user_id = ${applicant.userId} and b.organization_number is null`;
  const [row] = await queryRows<{ applications: string | number; minutes: string | number }>(
    tx,
    sql`
    select count(distinct w.booking_id) as applications, coalesce(sum(w.end_minute - w.start_minute), 0) as minutes
      from round_wishes w join bookings b on b.id = w.booking_id
     where w.round_id = ${roundId} and b.id <> ${exceptBookingId} and ${whose}
       and b.status::text not in ('CANCELLED', 'REJECTED', 'AUTOREJECTED')`,
  );
  return { applications: Number(row?.applications ?? 0), weeklyMinutes: Number(row?.minutes ?? 0) };
}

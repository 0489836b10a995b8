import { sql, type SQL } from 'drizzle-orm';
import { pendingReservationStatuses } from '@lokaler/domain/booking-lifecycle';
import {
  fairShareSettingNames,
  noFairShareOverrides,
  type FairShareOverrides,
  type PendingInSemester,
  type Semester,
} from '@lokaler/domain/fair-share';
import { queryRows, type DbOrTx, type Tx } from '../../db/client';

/**
 * Who a fair-share limit counts (decision 041): the effective identity. An organisation's
 * applications count together, whichever representative sent them; a private person's are those
 * they sent as themselves.
 */
export interface Applicant {
  userId: number;
  organizationNumber: string | null;
}

/** Namespace of the applicants' advisory locks (pg_advisory_xact_lock(int, int)); the rooms' is 7301. */
export const APPLICANT_LOCK_NAMESPACE = 7302;

const applicantKey = (applicant: Applicant) =>
  applicant.organizationNumber ? `org:${applicant.organizationNumber}` : `person:${applicant.userId}`;

/** The bookings of the applicant, as a condition on `bookings` aliased b. */
export function applicantCondition(applicant: Applicant): SQL {
  return applicant.organizationNumber
    ? sql`b.organization_number = ${applicant.organizationNumber}`
    : sql`b.user_id = ${applicant.userId} and b.organization_number is null`;
}

/**
 * The location's overrides and the city-wide settings of the fair-share limits, in one query. A
 * deleted or unknown location has no overrides (the room checks answer for it).
 */
export async function findFairShareSettings(
  db: DbOrTx,
  locationId: number,
): Promise<{ locationFound: boolean; overrides: FairShareOverrides; settings: Map<string, string> }> {
  const names = Object.values(fairShareSettingNames);
  const rows = await queryRows<{
    kind: string;
    name: string | null;
    value: string | null;
    h: number | null;
    a: number | null;
    r: number | null;
    d: number | null;
  }>(
    db,
    sql`
    select 'location' as kind, null as name, null as value, max_pending_hours as h, max_pending_applications as a,
           max_rooms_per_application as r, max_dates_per_series as d
      from locations where id = ${locationId} and status <> 'DELETED'
    union all
    select 'setting', name, value, null, null, null, null from settings
     where name in (${sql.join(
       names.map((n) => sql`${n}`),
       sql`, `,
     )})`,
  );
  const location = rows.find((r) => r.kind === 'location');
  const overrides = location
    ? { maxPendingHours: location.h, maxPendingApplications: location.a, maxRoomsPerApplication: location.r, maxDatesPerSeries: location.d }
    : noFairShareOverrides;
  return {
    locationFound: location !== undefined,
    overrides,
    settings: new Map(rows.filter((r) => r.kind === 'setting').map((r) => [r.name!, r.value!])),
  };
}

/**
 * Takes the applicant's lock at the location until the transaction ends: two applications of one
 * applicant to one location (from two tabs, two processes, or two representatives of one
 * organisation) are counted one after the other, so they cannot both pass a limit that only one of
 * them fits under. Taken after the rooms' locks and nothing locked after it, so it adds no deadlock:
 * a transaction waiting here holds its rooms but waits only for the same applicant's other booking.
 */
export async function lockApplicant(tx: Tx, applicant: Applicant, locationId: number): Promise<void> {
  await tx.execute(
    sql`select pg_advisory_xact_lock(${APPLICANT_LOCK_NAMESPACE}::int, hashtext(${`${applicantKey(applicant)}@${locationId}`}))`,
  );
}

/**
 * What the applicant holds pending at the location in each of these semesters: minutes and
 * applications of its pending reservations (booking-lifecycle pendingReservationStatuses) dated in
 * the semester, leaving out `exceptBookingId` (the one being written). One query.
 */
export async function findPendingBySemester(
  db: DbOrTx,
  {
    applicant,
    locationId,
    semesters,
    exceptBookingId = 0,
  }: { applicant: Applicant; locationId: number; semesters: readonly Semester[]; exceptBookingId?: number },
): Promise<Map<string, PendingInSemester>> {
  const pending = new Map<string, PendingInSemester>(semesters.map((s) => [s.key, { minutes: 0, applications: 0 }]));
  if (semesters.length === 0) return pending;
  const wanted = JSON.stringify(semesters.map((s) => ({ k: s.key, f: s.firstDate, l: s.lastDate })));
  const rows = await queryRows<{ k: string; minutes: string | number; applications: string | number }>(
    db,
    sql`
    select s.k, coalesce(sum(r.duration_minutes), 0) as minutes, count(distinct r.booking_id) as applications
      from jsonb_to_recordset(${wanted}::jsonb) as s(k text, f date, l date)
      join reservations r on r.date between s.f and s.l
      join bookings b on b.id = r.booking_id
     where b.location_id = ${locationId} and ${applicantCondition(applicant)} and b.id <> ${exceptBookingId}
       and r.status::text in (${sql.join(
         pendingReservationStatuses.map((st) => sql`${st}`),
         sql`, `,
       )})
     group by s.k`,
  );
  for (const row of rows) pending.set(row.k, { minutes: Number(row.minutes), applications: Number(row.applications) });
  return pending;
}

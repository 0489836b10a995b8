import { sql, type SQL } from 'drizzle-orm';
import { pendingReservationStatuses } from '@lokaler/domain/booking-lifecycle';
import {
  fairShareSettingNames,
  noFairShareOverrides,
  type FairShareOverrides,
  type PendingInSemester,
  type Semester,
} from '@lokaler/domain/fair-share';
import { preparedQuery, queryRows, type DbOrTx, type Tx } from '../../db/client';
import { retryIdempotentWrite } from '../../db/connection-retry';
import { countRequestSql } from '../../http/rate-limit-repository';

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

/** A location's overrides of the fair-share limits as settingsRows reads them. */
interface SettingsRow extends Record<string, unknown> {
  kind: 'location' | 'setting' | 'count';
  location: number | null;
  name: string | null;
  value: string | null;
  h: number | string | null;
  a: number | string | null;
  r: number | null;
  d: number | null;
}

/**
 * The fair-share overrides of the locations (not deleted) that `locations` (a subquery of ids) names,
 * and the city-wide settings, as SettingsRow; `extra` (rows of the same columns) goes with them.
 */
function settingsRows(locations: SQL, extra?: SQL): SQL {
  const names = Object.values(fairShareSettingNames);
  return sql`
    select 'location' as kind, id as location, null as name, null as value, max_pending_hours::bigint as h, max_pending_applications::bigint as a,
           max_rooms_per_application as r, max_dates_per_series as d
      from locations where id in (${locations}) and status <> 'DELETED'
    union all
    select 'setting', null, name, value, null, null, null, null from settings
     where name in (${sql.join(
       names.map((n) => sql`${n}`),
       sql`, `,
     )})
    ${extra ? sql`union all ${extra}` : sql``}`;
}

/** The settings and the overrides of each location found. */
function readSettings(rows: readonly SettingsRow[]): {
  overridesOf: (locationId: number) => FairShareOverrides | null;
  settings: Map<string, string>;
} {
  const locations = new Map(
    rows
      .filter((r) => r.kind === 'location')
      .map((r) => [
        Number(r.location),
        {
          maxPendingHours: r.h === null ? null : Number(r.h),
          maxPendingApplications: r.a === null ? null : Number(r.a),
          maxRoomsPerApplication: r.r,
          maxDatesPerSeries: r.d,
        },
      ]),
  );
  return {
    overridesOf: (locationId) => locations.get(locationId) ?? null,
    settings: new Map(rows.filter((r) => r.kind === 'setting').map((r) => [r.name!, r.value!])),
  };
}

/**
 * The location's overrides and the city-wide settings of the fair-share limits, in one query. A
 * deleted or unknown location has no overrides (the room checks answer for it).
 */
export async function findFairShareSettings(
  db: DbOrTx,
  locationId: number,
): Promise<{ locationFound: boolean; overrides: FairShareOverrides; settings: Map<string, string> }> {
  const { overridesOf, settings } = readSettings(await queryRows<SettingsRow>(db, settingsRows(sql`${locationId}::int`)));
  const overrides = overridesOf(locationId);
  return { locationFound: overrides !== null, overrides: overrides ?? noFairShareOverrides, settings };
}

/** A count of the applicant's attempts in their rate window (booking-rates.ts). */
export interface AttemptCount {
  count: number;
  ttlMs: number;
}

const roomsParam = sql`${sql.placeholder('rooms')}::int[]`;
const locationsOfRooms = sql`select location_id from bookable_assets where id = any(${roomsParam})`;
const settingsOfRoomsStatement = preparedQuery<SettingsRow>('fair_share_settings_of_rooms', settingsRows(locationsOfRooms));
const countAttemptStatement = preparedQuery<SettingsRow>(
  'count_attempt_and_fair_share_settings',
  sql`with counted as (${countRequestSql(sql`${sql.placeholder('key')}`, sql`${sql.placeholder('windowMs')}`)})
  ${settingsRows(locationsOfRooms, sql`select 'count', null, null, null, count::bigint, ttl_ms, null, null from counted`)}`,
);

/**
 * The first statement of a citizen's application, before anything is checked: counts the attempt
 * in the person's rate window (`rate`, when given: decision 041, counted before any work) and reads
 * the fair-share settings with the overrides of the rooms' locations, so the limits cost no round
 * trip of their own (decision 048). `overridesOf` answers null for a location it did not find.
 */
export async function countAttemptAndFindSettings(
  db: DbOrTx,
  { rate, roomIds }: { rate: { key: string; windowMs: number } | null; roomIds: readonly number[] },
): Promise<{
  attempt: AttemptCount | null;
  overridesOf: (locationId: number) => FairShareOverrides | null;
  settings: Map<string, string>;
}> {
  // Room ids are integers (the request's schema), so the array literal is safe to build.
  const rooms = `{${roomIds.map((id) => Math.trunc(id)).join(',')}}`;
  // The count is a write, run again after a lost connection like a lone read (retryIdempotentWrite).
  const rows = rate
    ? await retryIdempotentWrite(() => countAttemptStatement(db, { key: rate.key, windowMs: rate.windowMs, rooms }))
    : await settingsOfRoomsStatement(db, { rooms });
  const counted = rows.find((r) => r.kind === 'count');
  return { attempt: counted ? { count: Number(counted.h), ttlMs: Math.max(0, Number(counted.a)) } : null, ...readSettings(rows) };
}

/**
 * Takes the applicant's lock at the location until the transaction ends: two applications of one
 * applicant to one location (from two tabs, two processes, or two representatives of one
 * organisation) are counted one after the other, so they cannot both pass a limit that only one of
 * them fits under. Taken after the rooms' locks and nothing locked after it, so it adds no deadlock:
 * a transaction waiting here holds its rooms but waits only for the same applicant's other booking.
 */
export async function lockApplicant(tx: Tx, applicant: Applicant, locationId: number): Promise<void> {
  await tx.execute(sql`select ${applicantLockSql(applicant, locationId)}`);
}

/** lockApplicant's expression, for a statement that takes it after the rooms' locks (lockRoomsThen). */
export function applicantLockSql(applicant: Applicant, locationId: number): SQL {
  return sql`pg_advisory_xact_lock(${APPLICANT_LOCK_NAMESPACE}::int, hashtext(${`${applicantKey(applicant)}@${locationId}`}))`;
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

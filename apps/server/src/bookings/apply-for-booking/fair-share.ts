import type { AssetTimesToBook } from '@lokaler/domain/booking-request';
import {
  applicationShapeProblems,
  cityWideFairShareLimits,
  effectiveFairShareLimits,
  minutesBySemester,
  pendingLimitProblem,
  semesterOf,
  type BookingLimitsResponse,
  noFairShareOverrides,
  type FairShareLimits,
  type FairShareOverrides,
} from '@lokaler/domain/fair-share';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import type { DbOrTx, Tx } from '../../db/client';
import { AppError } from '../../errors';
import { findFairShareSettings, findPendingBySemester, lockApplicant, type Applicant } from './fair-share-repository';

/**
 * Fair share (decision 041): what one applicant may hold pending at a location. The rules
 * and their Norwegian messages are packages/domain fair-share.ts; here they meet the database.
 */

/**
 * The limits at the location: its booking rules' overrides over the city-wide settings, as
 * countAttemptAndFindSettings read them with the application's first statement.
 */
export function fairShareLimitsAt(
  locationId: number,
  { overridesOf, settings }: { overridesOf: (locationId: number) => FairShareOverrides | null; settings: ReadonlyMap<string, string> },
): FairShareLimits {
  return effectiveFairShareLimits(cityWideFairShareLimits(settings), overridesOf(locationId) ?? noFairShareOverrides);
}

/**
 * GET /api/location/{id}/booking-limits: the limits at a location (404 for none) and, for a citizen,
 * what their effective identity holds pending there this semester and the next, so the calendar and
 * /send can say the limit before sending.
 */
export async function getBookingLimits(
  db: DbOrTx,
  { locationId, applicant, today }: { locationId: number; applicant: Applicant | null; today: string },
): Promise<BookingLimitsResponse> {
  const { locationFound, overrides, settings } = await findFairShareSettings(db, locationId);
  if (!locationFound) throw AppError.notFound(`Location ${locationId}`);
  const limits = effectiveFairShareLimits(cityWideFairShareLimits(settings), overrides);
  if (!applicant) return { limits, pending: null };
  const current = semesterOf(today);
  const semesters = [current, semesterOf(addDays(current.lastDate, 1))];
  const pending = await findPendingBySemester(db, { applicant, locationId, semesters });
  return { limits, pending: semesters.map((s) => ({ semester: s.key, label: s.label, ...pending.get(s.key)! })) };
}

function limitError(problems: ReadonlyArray<{ path: string; message: string }>): AppError {
  const first = problems[0]!.message;
  const userMsg = problems.length === 1 ? first : `${first} (og ${problems.length - 1} til)`;
  return new AppError('BOOKING_LIMIT_REACHED', `The application breaks ${problems.length} fair-share limit(s)`, userMsg, {
    fields: [...problems],
  });
}

/** Too many rooms, or a room with more dates than a series may have: 422 naming the limit, before any lock. */
export function assertApplicationShape(
  entries: readonly AssetTimesToBook[],
  limits: FairShareLimits,
  roomName: (id: number) => string,
): void {
  const problems = applicationShapeProblems(entries, limits, roomName);
  if (problems.length) throw limitError(problems);
}

/**
 * Inside the booking's transaction, after the rooms' locks: takes the applicant's lock at the
 * location (unless `locked`: the caller took it with the rooms', applicantLockSql), then counts what
 * they hold pending in each semester of the new times and refuses (422, the message naming the
 * limit; the transaction rolls back) an application that would go past the pending hours or
 * applications there.
 */
export async function assertPendingWithinLimits(
  tx: Tx,
  {
    applicant,
    locationId,
    limits,
    times,
    bookingId,
    locked = false,
  }: {
    applicant: Applicant;
    locationId: number;
    limits: FairShareLimits;
    times: ReadonlyArray<{ date: string; durationMinutes: number }>;
    bookingId: number;
    locked?: boolean;
  },
): Promise<void> {
  if (!locked) await lockApplicant(tx, applicant, locationId);
  const asked = minutesBySemester(times);
  const pending = await findPendingBySemester(tx, {
    applicant,
    locationId,
    semesters: asked.map((a) => a.semester),
    exceptBookingId: bookingId,
  });
  const problems = asked.flatMap(({ semester, minutes }) => {
    const problem = pendingLimitProblem(limits, semester, pending.get(semester.key)!, minutes);
    return problem ? [{ path: 'body.availabilityData.probablyAvailable', message: problem }] : [];
  });
  if (problems.length) throw limitError(problems);
}

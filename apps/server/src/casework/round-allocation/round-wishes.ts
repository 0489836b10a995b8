import { ageGroup, quarterTimeOfMinutes, type RoundWish } from '@lokaler/domain/application-rounds';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import type { RoundRow } from '../../rounds';
import { findClashes, findEarlierUseMinutes, type WishRow } from './repository';

/** The key of an applicant: the organisation, else the private person (else the booking itself). */
export function applicantKey(w: Pick<WishRow, 'organizationNumber' | 'userId' | 'bookingId'>): string {
  if (w.organizationNumber) return `org:${w.organizationNumber}`;
  return w.userId !== null ? `user:${w.userId}` : `booking:${w.bookingId}`;
}

/**
 * The wishes as the API shows them, with each applicant's earlier use (APPROVED hours at the round's
 * locations in the 365 days before the semester) and the wishes each one clashes with: two queries
 * whatever the number of wishes.
 */
export async function toRoundWishes(
  db: DbOrTx,
  round: RoundRow,
  locationIds: readonly number[],
  rows: readonly WishRow[],
): Promise<RoundWish[]> {
  const [earlier, clashes] = await Promise.all([
    findEarlierUseMinutes(db, {
      locationIds,
      from: addDays(round.semesterStart, -365),
      to: round.semesterStart,
      organizationNumbers: [...new Set(rows.flatMap((w) => (w.organizationNumber ? [w.organizationNumber] : [])))],
      userIds: [...new Set(rows.flatMap((w) => (!w.organizationNumber && w.userId !== null ? [w.userId] : [])))],
    }),
    findClashes(
      db,
      rows.map((w) => w.id),
    ),
  ]);
  return rows.map((w) => toRoundWish(w, (earlier.get(applicantKey(w)) ?? 0) / 60, clashes.get(w.id) ?? []));
}

export function toRoundWish(w: WishRow, earlierUseHours: number, clashesWith: number[]): RoundWish {
  const answers = w.formAnswers ?? {};
  const parsedAge = ageGroup.safeParse(answers.ageGroup);
  const allocated =
    w.allocRoomId !== null && w.allocWeekday !== null && w.allocStartMinute !== null && w.allocEndMinute !== null
      ? {
          roomId: w.allocRoomId,
          weekday: w.allocWeekday,
          startTime: quarterTimeOfMinutes(w.allocStartMinute),
          endTime: quarterTimeOfMinutes(w.allocEndMinute),
        }
      : null;
  return {
    id: w.id,
    version: w.version,
    bookingId: w.bookingId,
    caseNumber: w.caseNumber,
    applicantName: w.applicantName,
    organizationNumber: w.organizationNumber,
    activity: answers.activity ?? answers.purpose ?? null,
    participants: typeof answers.participants === 'number' ? answers.participants : null,
    ageGroup: parsedAge.success ? parsedAge.data : null,
    earlierUseHours: Math.round(earlierUseHours * 100) / 100,
    appliedAt: w.appliedAt,
    roomId: w.roomId,
    weekday: w.weekday,
    startTime: quarterTimeOfMinutes(w.startMinute),
    endTime: quarterTimeOfMinutes(w.endMinute),
    dateCount: w.dateCount,
    decision: w.decision,
    allocated,
    reason: w.reason,
    clashesWith,
    updatedBy: w.updatedBy,
    updatedAt: w.updatedAt,
  };
}

/**
 * Allocating starts when the application period is over: before the deadline new applications may
 * still come, and an allocation made then would not be fair to them. 409 ROUND_NOT_READY.
 */
export function assertDeadlinePassed(round: RoundRow, now: Date, doing: 'allocate' | 'close'): void {
  if (osloClock(now).today > round.deadline) return;
  const date = formatDateNorwegian(round.deadline);
  throw new AppError(
    'ROUND_NOT_READY',
    `Round ${round.id}'s deadline ${round.deadline} has not passed`,
    doing === 'allocate' ? `Fordelingen kan starte etter søknadsfristen ${date}.` : `Runden kan lukkes etter søknadsfristen ${date}.`,
  );
}

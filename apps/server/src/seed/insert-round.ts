import { wishesOf } from '../rounds';
import type { Tx } from '../db/client';
import { applicationRoundLocations, applicationRounds, roundWishes } from '../db/schema/application-rounds';
import type { BookingPlan } from './booking-plan';
import type { DemoRound } from './plan-round';

/** The demo round, its location and the wishes of its applications (inserted with the bookings). */
export async function insertDemoRound(tx: Tx, round: DemoRound, bookingIds: ReadonlyMap<BookingPlan, number>): Promise<void> {
  const [row] = await tx
    .insert(applicationRounds)
    .values({
      name: round.name,
      applicationStart: round.applicationStart,
      deadline: round.deadline,
      semesterStart: round.semesterStart,
      semesterEnd: round.semesterEnd,
    })
    .returning({ id: applicationRounds.id });
  const roundId = row!.id;
  await tx
    .insert(applicationRoundLocations)
    .values({ roundId, locationId: round.locationId, semesterStart: round.semesterStart, semesterEnd: round.semesterEnd });
  const wishes = round.applications.flatMap((plan) =>
    wishesOf(
      plan.reservations.map((r) => ({
        bookableAssetId: r.room.id,
        date: r.date,
        startTime: r.startTime,
        durationMinutes: r.durationMinutes,
      })),
      roundId,
      bookingIds.get(plan)!,
    ),
  );
  await tx.insert(roundWishes).values(wishes);
}

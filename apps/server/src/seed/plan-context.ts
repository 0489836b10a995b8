import type { BookingStatus } from '@lokaler/domain/booking';
import {
  describeTimes,
  planSeries,
  reservationStatusFor,
  type BookingPlan,
  type PlannedReservation,
  type PlannedRoom,
} from './booking-plan';
import { addDays, osloInstant } from './dates';
import type { Occupancy } from './occupancy';
import type { Random } from './prng';

/** What the booking planners know about the seeded world. */
export interface PlanContext {
  today: string;
  random: Random;
  occupancy: Occupancy;
  /** `${locationId}|${date}` of every closed date. */
  closed: ReadonlySet<string>;
  locationIdByName: ReadonlyMap<string, number>;
  roomsByLocationId: ReadonlyMap<number, readonly PlannedRoom[]>;
}

export function locationId(ctx: PlanContext, name: string): number {
  const id = ctx.locationIdByName.get(name);
  if (id === undefined) throw new Error(`demo location ${name} missing`);
  return id;
}

/** The room with that name (and number) at the location, or its first room. */
export function roomAt(ctx: PlanContext, locationName: string, roomName?: string, number?: string): PlannedRoom {
  const rooms = ctx.roomsByLocationId.get(locationId(ctx, locationName)) ?? [];
  const room = rooms.find((r) => r.name === roomName && (number === undefined || r.externalAssetNumber === number)) ?? rooms[0];
  if (!room) throw new Error(`demo location ${locationName} has no rooms`);
  return room;
}

/** Free times for a booking; moves the series a week later until at least one time is free. */
export function times(
  ctx: PlanContext,
  room: PlannedRoom,
  options: { firstDate: string; startTime: string; durationMinutes: number; count?: number; stepDays?: number; status: BookingStatus },
): PlannedReservation[] {
  for (let shift = 0; shift < 10; shift++) {
    const found = planSeries({
      occupancy: ctx.occupancy,
      closed: ctx.closed,
      room,
      firstDate: addDays(options.firstDate, shift * 7),
      count: options.count ?? 1,
      stepDays: options.stepDays ?? 7,
      startTime: options.startTime,
      durationMinutes: options.durationMinutes,
      status: reservationStatusFor[options.status],
    });
    if (found.length > 0) return found;
  }
  throw new Error(`no free time for demo booking in room ${room.id}`);
}

/** An instant `daysAgo` days before today at a given Oslo time. */
export function daysAgo(ctx: PlanContext, days: number, time = '10:00'): Date {
  return osloInstant(addDays(ctx.today, -days), time);
}

/** Cancellation is allowed until a week before the first time (23:59 Oslo). */
export function deadlineBefore(reservations: readonly PlannedReservation[], days = 7): Date | undefined {
  const first = reservations.map((r) => r.date).sort()[0];
  return first ? osloInstant(addDays(first, -days), '23:59') : undefined;
}

/** The first change-log entry of every booking ('Opprettet'). */
export function createdEntry(
  plan: Pick<BookingPlan, 'createdAt' | 'reservations'>,
  userSub: string | undefined,
  userName: string,
): BookingPlan['changeLog'][number] {
  return { type: 'Comment', loggedAt: plan.createdAt, userSub, userName, reservationTimes: describeTimes(plan.reservations) };
}

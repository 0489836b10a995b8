import type { AgeGroup, RoundStatus } from '@lokaler/domain/application-rounds';
import { minutesOfQuarterTime } from '@lokaler/domain/application-rounds';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import type { BookingStatus } from '@lokaler/domain/booking';
import type { DbOrTx } from '../../src/db/client';
import { insertReservations } from '../../src/bookings/bookings';
import { applicationRoundLocations, applicationRounds, roundWishes } from '../../src/db/schema/application-rounds';
import { createBooking } from './places';
import { inDays } from './calendar';

/**
 * Semester rounds made directly in the database (decision 029): a round with its locations, and
 * applications in it — the booking (SEMESTERLOAN), its IN_ROUND reservations (every date of the
 * semester on the wished weekday) and one round_wishes row per wished time, as the apply flow
 * writes them. For the server tests and the benchmark's data.
 */

export interface RoundFields {
  locationIds: readonly number[];
  name?: string;
  /** Default: a month ago. */
  applicationStart?: string;
  /** Default: yesterday (the round is allocating). */
  deadline?: string;
  /** Default: in two weeks. */
  semesterStart?: string;
  /** Default: eight weeks after the start (eight dates of each weekday). */
  semesterEnd?: string;
  status?: RoundStatus;
}

export async function createRound(db: DbOrTx, fields: RoundFields) {
  const semesterStart = fields.semesterStart ?? inDays(14);
  const values = {
    name: fields.name ?? 'Høstsemesteret',
    applicationStart: fields.applicationStart ?? inDays(-30),
    deadline: fields.deadline ?? inDays(-1),
    semesterStart,
    semesterEnd: fields.semesterEnd ?? addDays(semesterStart, 55),
    status: fields.status ?? 'OPEN',
  };
  const [round] = await db.insert(applicationRounds).values(values).returning();
  await db
    .insert(applicationRoundLocations)
    .values(
      fields.locationIds.map((locationId) => ({
        roundId: round!.id,
        locationId,
        semesterStart: values.semesterStart,
        semesterEnd: values.semesterEnd,
      })),
    );
  return round!;
}

export interface WishSpec {
  roomId: number;
  /** ISO weekday, 1 = Monday. */
  weekday: number;
  /** HH:mm on the quarter hour. */
  startTime: string;
  endTime: string;
}

export interface RoundApplicationFields {
  round: { id: number; semesterStart: string; semesterEnd: string };
  locationId: number;
  userId: number | null;
  wishes: readonly WishSpec[];
  organization?: { number: string; name: string };
  ageGroup?: AgeGroup;
  activity?: string;
  participants?: number;
  contactEmail?: string;
  createdAt?: Date;
  status?: BookingStatus;
}

export interface RoundApplication {
  bookingId: number;
  caseNumber: string;
  wishIds: number[];
  reservationIds: number[];
}

/** The dates of the semester on this ISO weekday. */
export function semesterDates(semesterStart: string, semesterEnd: string, weekday: number): string[] {
  const first = addDays(semesterStart, (weekday - isoWeekday(semesterStart) + 7) % 7);
  const dates: string[] = [];
  for (let d = first; d <= semesterEnd; d = addDays(d, 7)) dates.push(d);
  return dates;
}

/** An application in the round: booking, IN_ROUND reservations and wishes (UNDECIDED). */
export async function addRoundApplication(db: DbOrTx, fields: RoundApplicationFields): Promise<RoundApplication> {
  const booking = await createBooking(db, fields.locationId, fields.userId as number, {
    status: fields.status ?? 'UNPROCESSED',
    durationType: 'SEMESTERLOAN',
    organizationNumber: fields.organization?.number ?? null,
    organizationName: fields.organization?.name ?? null,
    formAnswers: {
      activity: fields.activity ?? 'Fotballtrening',
      participants: fields.participants ?? 20,
      ...(fields.ageGroup ? { ageGroup: fields.ageGroup } : {}),
      contactEmail: fields.contactEmail ?? 'soker@example.no',
    },
    ...(fields.createdAt ? { createdAt: fields.createdAt } : {}),
  });
  const reservationIds: number[] = [];
  const wishIds: number[] = [];
  for (const w of fields.wishes) {
    const dates = semesterDates(fields.round.semesterStart, fields.round.semesterEnd, w.weekday);
    const start = minutesOfQuarterTime(w.startTime);
    const end = minutesOfQuarterTime(w.endTime);
    const rows = await insertReservations(
      db,
      dates.map((date) => ({
        bookingId: booking.id,
        bookableAssetId: w.roomId,
        date,
        startTime: `${w.startTime}:00`,
        durationMinutes: end - start,
        initialRepetitionDate: dates[0]!,
        status: 'IN_ROUND' as const,
      })),
    );
    reservationIds.push(...rows.map((r) => r.id));
    const [wish] = await db
      .insert(roundWishes)
      .values({
        roundId: fields.round.id,
        bookingId: booking.id,
        bookableAssetId: w.roomId,
        weekday: w.weekday,
        startMinute: start,
        endMinute: end,
        dateCount: dates.length,
      })
      .returning({ id: roundWishes.id });
    wishIds.push(wish!.id);
  }
  return { bookingId: booking.id, caseNumber: booking.caseNumber, wishIds, reservationIds };
}

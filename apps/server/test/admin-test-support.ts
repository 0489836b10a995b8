import { and, eq, sql } from 'drizzle-orm';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { App } from '../src/app';
import { queryRows, type Db } from '../src/db/client';
import { insertReservations } from '../src/bookings/bookings';
import { changeLog, reservations } from '../src/db/schema/bookings';
import { bearer } from './login';
import type { TimeSpec } from './factories/applicant';
import { createBooking } from './factories/places';

/**
 * Helpers of the admin server tests (not a test file itself): HTTP calls with a token, bookings with
 * times made directly in the database, and the counts that prove "one change, one log entry, one mail".
 */

export function call(
  app: App,
  token: string | null,
  method: InjectOptions['method'],
  url: string,
  payload?: unknown,
): Promise<LightMyRequestResponse> {
  const headers: Record<string, string> = token ? bearer(token) : {};
  // A string is sent as text/plain (the internal comment); anything else as JSON.
  if (typeof payload === 'string') headers['content-type'] = 'text/plain';
  return app.inject({ method, url, headers, ...(payload === undefined ? {} : { payload: payload as string | object }) });
}

export type { TimeSpec };

/** A booking of this user at this location with these times (UNPROCESSED unless told). */
export async function bookingWithTimes(
  db: Db,
  locationId: number,
  userId: number,
  times: readonly TimeSpec[],
  fields: Parameters<typeof createBooking>[3] = {},
) {
  const booking = await createBooking(db, locationId, userId, {
    formAnswers: { activity: 'Innebandy', contactEmail: 'soker@example.no' },
    ...fields,
  });
  const rows = await insertReservations(
    db,
    times.map((t) => ({ ...t, bookingId: booking.id })),
  );
  return { bookingId: booking.id, caseNumber: booking.caseNumber, reservationIds: rows.map((r) => r.id) };
}

export interface BookingTrail {
  status: string;
  reservationStatuses: string[];
  changeLogTypes: string[];
  mailKinds: string[];
  documents: number;
  requirements: number;
  decisionMessages: number;
}

/** Everything a state change touches, to compare before and after (and prove a refusal changed nothing). */
export async function trailOf(db: Db, bookingId: number): Promise<BookingTrail> {
  const [row] = await queryRows<{ status: string; documents: number; requirements: number; messages: number }>(
    db,
    sql`
    select b.status,
      (select count(*)::int from booking_documents d where d.booking_id = b.id and d.revoked_at is null) as documents,
      (select count(*)::int from requirements q where q.booking_id = b.id) as requirements,
      (select count(*)::int from decision_messages m where m.booking_id = b.id) as messages
    from bookings b where b.id = ${bookingId}`,
  );
  const statuses = await db
    .select({ status: reservations.status })
    .from(reservations)
    .where(eq(reservations.bookingId, bookingId))
    .orderBy(reservations.id);
  const log = await db.select({ type: changeLog.type }).from(changeLog).where(eq(changeLog.bookingId, bookingId)).orderBy(changeLog.id);
  const mails = await queryRows<{ kind: string }>(
    db,
    sql`select topic ->> 'kind' as kind from mail_outbox where (topic ->> 'bookingId')::integer = ${bookingId} order by id`,
  );
  return {
    status: row!.status,
    reservationStatuses: statuses.map((s) => s.status),
    changeLogTypes: log.map((l) => l.type),
    mailKinds: mails.map((m) => m.kind),
    documents: Number(row!.documents),
    requirements: Number(row!.requirements),
    decisionMessages: Number(row!.messages),
  };
}

/** The reservations of a booking with these statuses. */
export async function reservationsWith(db: Db, bookingId: number, status: ReservationStatus) {
  return db
    .select()
    .from(reservations)
    .where(and(eq(reservations.bookingId, bookingId), eq(reservations.status, status)))
    .orderBy(reservations.id);
}

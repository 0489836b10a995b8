import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { BookingStatus, RequirementType } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { App } from '../../src/app';
import type { DbOrTx } from '../../src/db/client';
import { insertReservations } from '../../src/bookings/bookings';
import { changeLog, requirements, type bookings } from '../../src/db/schema/bookings';
import type { TestCitizen } from '../../src/seed/test-users';
import { bearer, loginAs } from '../login';
import { createBooking } from './places';

/** A citizen logged in through the real flow: their token, their users.id, and a request helper with cookies. */
export interface CitizenSession {
  token: string;
  userId: number;
  name: string;
  /** Cookies this session holds (the impersonation cookie), sent with every request. */
  cookies: Map<string, string>;
  request(options: InjectOptions & { url: string }): Promise<LightMyRequestResponse>;
}

export async function citizenSession(app: App, citizen: TestCitizen): Promise<CitizenSession> {
  const { accessToken } = await loginAs(app, citizen);
  const roles = await app.inject({ method: 'GET', url: '/api/currentuser/roles', headers: bearer(accessToken) });
  const cookies = new Map<string, string>();
  const session: CitizenSession = {
    token: accessToken,
    userId: roles.json<{ userId: number }>().userId,
    name: `${citizen.givenName} ${citizen.familyName}`,
    cookies,
    async request(options) {
      const cookie = [...cookies].map(([k, v]) => `${k}=${v}`).join('; ');
      const response = await app.inject({
        ...options,
        headers: { ...bearer(accessToken), ...(cookie ? { cookie } : {}), ...options.headers },
      });
      for (const c of response.cookies as { name: string; value: string; maxAge?: number; expires?: Date }[]) {
        const cleared = c.value === '' || c.maxAge === 0 || (c.expires !== undefined && c.expires.getTime() <= Date.now());
        if (cleared) cookies.delete(c.name);
        else cookies.set(c.name, c.value);
      }
      return response;
    },
  };
  return session;
}

/** One time of a booking: a room, a date, a start and a length (the booking's status unless told). */
export interface TimeSpec {
  bookableAssetId: number;
  date: string;
  startTime: string;
  durationMinutes: number;
  status?: ReservationStatus;
}

/** A booking with its times, requirements and a 'created' change-log entry; answers the booking row. */
export async function applicantBooking(
  db: DbOrTx,
  options: {
    locationId: number;
    userId: number | null;
    status?: BookingStatus;
    times: readonly TimeSpec[];
    requirements?: readonly { type: RequirementType; fulfilled?: boolean }[];
    organization?: { number: string; name: string };
    cancellationDeadline?: Date | null;
    sourceForm?: 'default' | 'school' | 'wedding';
    onBehalfOf?: { name: string; email: string };
    costCategory?: 'FREE' | 'COST' | 'MARKET';
    createdAt?: Date;
  },
) {
  const status = options.status ?? 'UNPROCESSED';
  const booking = await createBooking(db, options.locationId, options.userId as number, {
    status,
    organizationNumber: options.organization?.number ?? null,
    organizationName: options.organization?.name ?? null,
    cancellationDeadline: options.cancellationDeadline ?? null,
    sourceForm: options.sourceForm ?? 'default',
    onBehalfOfName: options.onBehalfOf?.name ?? null,
    onBehalfOfEmail: options.onBehalfOf?.email ?? null,
    costCategory: options.costCategory ?? (status === 'APPROVED' ? 'FREE' : null),
    formAnswers: { activity: 'Korøvelse', participants: 20, contactEmail: 'kontakt@example.no', message: 'Vi tar med noter.' },
    ...(options.createdAt ? { createdAt: options.createdAt } : {}),
  });
  const reservationStatus: ReservationStatus = status === 'APPROVED' ? 'APPROVED' : status === 'UNPROCESSED' ? 'UNPROCESSED' : status;
  if (options.times.length) {
    await insertReservations(
      db,
      options.times.map((t) => ({
        bookingId: booking.id,
        bookableAssetId: t.bookableAssetId,
        date: t.date,
        startTime: t.startTime,
        durationMinutes: t.durationMinutes,
        status: t.status ?? reservationStatus,
      })),
    );
  }
  for (const q of options.requirements ?? []) {
    await db.insert(requirements).values({ bookingId: booking.id, type: q.type, isFulfilled: q.fulfilled ?? false });
  }
  await db.insert(changeLog).values({ bookingId: booking.id, type: 'Comment', userId: options.userId, userName: 'Søker' });
  return booking;
}

export type BookingRow = typeof bookings.$inferSelect;

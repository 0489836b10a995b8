import { fairShareMessages } from '@lokaler/domain/fair-share';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { DbOrTx } from '../../db/client';
import { AppError } from '../../errors';
import { countRequest } from '../../http/rate-limit-repository';

/**
 * Per-person rates of the booking path (decision 041), on the rate limiter's counters in PostgreSQL
 * (http/rate-limit-repository: fixed windows on the database's clock, shared by every process),
 * keyed by the person — not the client's address, which a person changes at will and many people
 * behind one school network share.
 */

const TEN_MINUTES = 10 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/**
 * Counts this application attempt of the person and refuses it with 429 past `max` in the window:
 * counted before any work, so attempts the limits or a conflict refuse count too (a rush is slowed
 * down whatever it sends).
 */
export async function assertBookingRate(db: DbOrTx, user: AuthenticatedUser, max: number): Promise<void> {
  const { count, ttlMs } = await countRequest(db, `POST /api/booking|person:${user.userId}`, TEN_MINUTES);
  if (count <= max) return;
  const minutes = Math.max(1, Math.ceil(ttlMs / 60_000));
  throw new AppError(
    'RATE_LIMITED',
    `Person ${user.userId} sent more than ${max} applications in 10 minutes`,
    fairShareMessages.bookingRate(minutes),
  );
}

/**
 * Where the receipt goes. The address typed in the form (contactEmail) when it is the person's own,
 * or while the person has sent fewer than `maxPerHour` receipts to typed addresses in the hour;
 * beyond that the person's own address (from the login or the register), or no receipt without one:
 * the form cannot be used to send the city's mail to any address in bulk. Counted in the booking's
 * transaction, so a refused application does not use up the allowance.
 */
export async function receiptAddress(
  tx: DbOrTx,
  { user, typed, maxPerHour }: { user: AuthenticatedUser; typed: string | null | undefined; maxPerHour: number },
): Promise<string | null> {
  const own = user.email ?? null;
  if (!typed) return own;
  if (own && typed.trim().toLowerCase() === own.trim().toLowerCase()) return typed;
  if (maxPerHour === 0) return own;
  const { count } = await countRequest(tx, `booking receipt to typed address|person:${user.userId}`, HOUR);
  return count <= maxPerHour ? typed : own;
}

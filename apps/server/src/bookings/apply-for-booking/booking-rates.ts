import { fairShareMessages } from '@lokaler/domain/fair-share';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import { AppError } from '../../errors';
import type { AttemptCount } from './fair-share-repository';

/**
 * Per-person rates of the booking path (decision 041), on the rate limiter's counters in PostgreSQL
 * (http/rate-limit-repository: fixed windows on the database's clock, shared by every process),
 * keyed by the person — not the client's address, which a person changes at will and many people
 * behind one school network share.
 */

const TEN_MINUTES = 10 * 60 * 1000;
const HOUR = 60 * 60 * 1000;

/** The person's application attempts, counted in windows of 10 minutes (decision 041). */
export function bookingRateWindow(user: AuthenticatedUser): { key: string; windowMs: number } {
  return { key: `POST /api/booking|person:${user.userId}`, windowMs: TEN_MINUTES };
}

/**
 * Refuses with 429 an application attempt past `max` in the person's window (bookingRateWindow):
 * counted before any work, so attempts the limits or a conflict refuse count too (a rush is slowed
 * down whatever it sends). The count is the first statement of the application
 * (countAttemptAndFindSettings).
 */
export function assertWithinBookingRate(user: AuthenticatedUser, { count, ttlMs }: AttemptCount, max: number): void {
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
 * the form cannot be used to send the city's mail to any address in bulk. The count is taken in the
 * booking's transaction, so a refused application does not use up the allowance: `window` says
 * whether (and where) to count, `addressAfter` decides with the count, null when none was needed.
 */
export function receiptAddress({
  user,
  typed,
  maxPerHour,
}: {
  user: AuthenticatedUser;
  typed: string | null | undefined;
  maxPerHour: number;
}): { window: { key: string; windowMs: number } | null; addressAfter: (count: number | null) => string | null } {
  const own = user.email ?? null;
  if (!typed || (own && typed.trim().toLowerCase() === own.trim().toLowerCase())) return { window: null, addressAfter: () => typed || own };
  if (maxPerHour === 0) return { window: null, addressAfter: () => own };
  return {
    window: { key: `booking receipt to typed address|person:${user.userId}`, windowMs: HOUR },
    addressAfter: (count) => (count !== null && count <= maxPerHour ? typed : own),
  };
}

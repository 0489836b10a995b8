import type { AffectedBookingsDecision } from '@lokaler/domain/closing-with-bookings';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Tx } from '../../db/client';

/**
 * What a closing takes away, in the closing's transaction (decision 042): whole days of a location
 * (a closed date range) or intervals of one room (newly blocked times), minutes of the Oslo day.
 */
export type ClosedTimes =
  | { kind: 'DAYS'; locationId: number; fromDate: string; toDate: string }
  | { kind: 'ROOM_TIMES'; locationId: number; bookableAssetId: number; intervals: readonly { date: string; start: number; end: number }[] };

export interface Closing {
  user: AuthenticatedUser;
  closed: ClosedTimes;
  /** Why (the closed range's reason; for blocked times the administrator's message): the change log reads 'Stengt: ' + reason. */
  reason: string | null;
  /** The administrator's choice; undefined: none made yet (bookings hit → 409 AFFECTED_BOOKINGS). */
  decision: AffectedBookingsDecision | undefined;
}

/**
 * The step that deals with the bookings a closing hits. Locations and availability may not use the
 * bookings area (scripts/server-areas.mjs), so the casework area registers it here (areas.ts):
 * it throws AFFECTED_BOOKINGS without a decision, takes the times out through the one writer for
 * CANCEL, and leaves them for KEEP, all in the caller's transaction.
 */
export type ClosingHook = (tx: Tx, closing: Closing) => Promise<void>;

let hook: ClosingHook | undefined;

/** Registers (or replaces: building the app twice in one process keeps one) the closing step. */
export function registerClosingHook(next: ClosingHook): void {
  hook = next;
}

/** Runs the registered step; without one (an app built without the casework area) the closing goes on alone. */
export async function runClosingHook(tx: Tx, closing: Closing): Promise<void> {
  if (hook) await hook(tx, closing);
}

import type { BookingStatus, ChangeLogType } from '@lokaler/domain/booking';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import type { Tx } from '../../db/client';

/** Who makes a change: a guard may allow a change to one actor and refuse it to another. */
export type StatusActor = 'applicant' | 'administrator' | 'round' | 'system';

/** A status change about to be written: what the guards judge (the rows are locked, nothing written yet). */
export interface PlannedStatusChange {
  bookingId: number;
  by: StatusActor;
  /** Null when only reservations change. */
  booking: { from: BookingStatus; to: BookingStatus } | null;
  reservations: readonly { id: number; from: ReservationStatus; to: ReservationStatus }[];
}

/** A change the change log recorded (a status, a time moved, added or removed), after it was written. */
export interface RecordedChange {
  bookingId: number;
  type: ChangeLogType;
}

/**
 * Another module's say in a booking's life, registered with this module instead of being called
 * from inside it: `guard` refuses a change (throws an AppError; the transaction rolls back),
 * `afterChange` follows every recorded change in the same transaction (digital keys withdraw or
 * grant access from the state just written), `afterApplication` follows an application that came in
 * (the archive opens its case, decision 056).
 */
export interface BookingStatusHook {
  name: string;
  guard?: (tx: Tx, change: PlannedStatusChange) => Promise<void>;
  afterChange?: (tx: Tx, change: RecordedChange) => Promise<void>;
  afterApplication?: (tx: Tx, application: { bookingId: number }) => Promise<void>;
}

const hooks = new Map<string, BookingStatusHook>();

/** Registers (or replaces, by name: building the app twice in one process keeps one) a hook. */
export function registerBookingStatusHook(hook: BookingStatusHook): void {
  hooks.set(hook.name, hook);
}

export async function runGuards(tx: Tx, change: PlannedStatusChange): Promise<void> {
  for (const hook of hooks.values()) if (hook.guard) await hook.guard(tx, change);
}

export async function runAfterChange(tx: Tx, change: RecordedChange): Promise<void> {
  for (const hook of hooks.values()) if (hook.afterChange) await hook.afterChange(tx, change);
}

/**
 * An application came in, in the transaction that stores it: a citizen's application (apply-for-booking)
 * or a wedding form sent for its held time. Runs every registered afterApplication step.
 */
export async function recordApplicationReceived(tx: Tx, bookingId: number): Promise<void> {
  for (const hook of hooks.values()) if (hook.afterApplication) await hook.afterApplication(tx, { bookingId });
}

/** The registered names, in order (the composition root's test reads them). */
export function registeredBookingStatusHooks(): string[] {
  return [...hooks.keys()];
}

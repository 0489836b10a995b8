import type { FastifyInstance } from 'fastify';
import type { Db } from '../../db/client';
import { autorejectInTransaction } from '../../bookings';
import { claimExpiredHolds } from './repository';
import { lockRoomsOfBookings } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';

/** The job's name in job_schedule. */
export const EXPIRE_WEDDING_HOLDS_JOB = 'expire-wedding-holds';
/** Often enough that a slot let go by an abandoned form is free again well within a minute of the hold's end. */
const INTERVAL_MS = 15_000;
const BATCH = 50;
const REASON = 'Søknadsskjemaet for vielse ble ikke sendt innen fristen, så tidspunktet ble frigitt.';
const REASON_LEFT = 'Søknadsskjemaet for vielse ble lukket uten å bli sendt, så tidspunktet ble frigitt.';

/**
 * Decision 012: every wedding time whose hold ran out without the form being sent is let go —
 * also (decision 038) one whose wizard page went away and did not come back within the grace —
 * the booking and its time AUTOREJECTED ('Automatisk avslått') with a change-log entry by 'System',
 * as when the couple leaves the wizard. Batches are claimed with FOR UPDATE SKIP LOCKED, each in its
 * own transaction, so any number of processes can run this at once and never act on one booking
 * twice; the holds are rows of bookings, so a restart loses nothing.
 */
export async function expireWeddingHolds(db: Db, now: Date, signal?: AbortSignal): Promise<{ autorejected: number[] }> {
  const autorejected: number[] = [];
  for (;;) {
    const batch = await writeTransaction(db, async (tx) => {
      const expired = await claimExpiredHolds(tx, now, BATCH);
      await lockRoomsOfBookings(
        tx,
        expired.map((b) => b.booking.id),
      );
      for (const { booking, left } of expired) await autorejectInTransaction(tx, booking, now, left ? REASON_LEFT : REASON);
      return expired.map((b) => b.booking.id);
    });
    autorejected.push(...batch);
    if (batch.length < BATCH || signal?.aborted) return { autorejected };
  }
}

/** Registers the job on the one job runner (decision 009). */
export function registerWeddingHoldExpiry(app: FastifyInstance): void {
  app.jobs.register({
    name: EXPIRE_WEDDING_HOLDS_JOB,
    intervalMs: INTERVAL_MS,
    run: ({ now, signal }) => expireWeddingHolds(app.database.db, now, signal),
  });
}

import type { CloseRoundResponse } from '@lokaler/domain/application-rounds';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, Tx } from '../../db/client';
import { lockRooms } from '../../db/lock-rooms';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { assertClosesRound, loadRound, type RoundWithLocations } from '../../rounds';
import {
  countOutcome,
  countUndecidedWishes,
  findClosingPlace,
  findUndecidedBookingIds,
  lockUndecidedApplications,
  setRoundClosedIfDone,
  setRoundClosing,
} from './closing-repository';
import { decideApplications, roomsOfApplication, type ClosingActor } from './decide-application';
import { assertDeadlinePassed } from './round-wishes';

/**
 * Applications answered in one transaction: twenty share their statements and one commit. One
 * after the other, one application each, the close took 36 s for 2,000 applications; twenty a
 * transaction: 18 s (fifty: 17 s, for room locks held two and a half times as long). Batching once
 * also kept closers from queueing (and, four at once, deadlocking) on the semester dates' rows of
 * search_date_versions; that log is insert-only since migration 0029 (decision 047), so writers of
 * the same dates no longer wait for each other: the batch is for throughput only.
 */
export const CLOSING_BATCH = 20;

export interface CloseRoundOptions {
  db: Db;
  user: AuthenticatedUser;
  roundId: number;
  publicUrl: string;
  now?: Date;
  /** Test seam (decideApplications'): makes one application's transaction fail midway. */
  beforeDecision?: (tx: Tx, bookingId: number) => Promise<void>;
}

/**
 * POST /api/admin/rounds/{id}/close (decision 031). Takes managing all the round's locations.
 * An OPEN round must be past its deadline with every live wish decided (409 ROUND_NOT_READY); it
 * becomes CLOSING in its own transaction, then the applications are answered in batches of
 * CLOSING_BATCH (finishClosing), and the round becomes CLOSED when none is left. A CLOSING round is
 * the re-run: it finishes what is left (the job round-closing does the same after a crash). A CLOSED
 * round is 409 ROUND_CLOSED. A crash leaves each application either fully answered or untouched.
 */
export async function closeRound({
  db,
  user,
  roundId,
  publicUrl,
  now = new Date(),
  beforeDecision,
}: CloseRoundOptions): Promise<CloseRoundResponse> {
  const loaded = await writeTransaction(db, async (tx) => {
    const loaded = await loadRound(tx, roundId, { lock: true });
    assertClosesRound(user, loaded);
    const { round } = loaded;
    if (round.status === 'CLOSED') throw new AppError('ROUND_CLOSED', `Round ${roundId} is closed`, 'Runden er allerede lukket.');
    if (round.status === 'OPEN') {
      assertDeadlinePassed(round, now, 'close');
      const undecided = await countUndecidedWishes(tx, roundId);
      if (undecided > 0) {
        throw new AppError(
          'ROUND_NOT_READY',
          `${undecided} wishes of round ${roundId} are undecided`,
          `${undecided === 1 ? 'Ett ønske er' : `${undecided} ønsker er`} ikke fordelt ennå. Fordel alle ønskene (eller lag et forslag) før runden lukkes.`,
        );
      }
      await setRoundClosing(tx, roundId, now);
    }
    return loaded;
  });
  const status = await finishClosing({
    db,
    round: loaded,
    actor: { userId: user.userId, name: user.name },
    publicUrl,
    now,
    beforeDecision,
  });
  return { status, ...(await countOutcome(db, roundId)) };
}

/**
 * Answers every application of a CLOSING round still undecided, then marks the round CLOSED when
 * none is left. Applications are answered CLOSING_BATCH to a transaction: each is still answered
 * whole or not at all (a batch commits or rolls back as one), and the batch shares its statements
 * and the commit. The batch's bookings are locked first (SKIP LOCKED: another closer's are left to
 * it), then all their rooms in id order. A batch that fails is tried again one application to a
 * transaction, so one application that cannot be answered holds back no other; then the failure is
 * thrown, the round stays CLOSING, and a re-run (the request again, or the job) finishes the rest.
 */
export async function finishClosing(options: {
  db: Db;
  round: RoundWithLocations;
  actor: ClosingActor;
  publicUrl: string;
  now: Date;
  beforeDecision?: ((tx: Tx, bookingId: number) => Promise<void>) | undefined;
}): Promise<'CLOSING' | 'CLOSED'> {
  const { db } = options;
  const { round } = options.round;
  const ids = await findUndecidedBookingIds(db, round.id);
  const place = await findClosingPlace(db, options.round.locationIds);
  const answer = (batch: readonly number[]) =>
    writeTransaction(db, async (tx) => {
      const applications = await lockUndecidedApplications(tx, round.id, batch);
      await lockRooms(tx, applications.flatMap(roomsOfApplication));
      await decideApplications(tx, {
        round,
        applications,
        place,
        actor: options.actor,
        publicUrl: options.publicUrl,
        now: options.now,
        beforeDecision: options.beforeDecision,
      });
    });
  for (let i = 0; i < ids.length; i += CLOSING_BATCH) {
    const batch = ids.slice(i, i + CLOSING_BATCH);
    try {
      await answer(batch);
    } catch {
      for (const id of batch) {
        try {
          await answer([id]);
        } catch (failure) {
          const error = new AppError(
            'SERVICE_UNAVAILABLE',
            `Closing round ${round.id} was interrupted at booking ${id}`,
            'Lukkingen av runden ble avbrutt. Søknadene som er besvart, er ferdige; resten besvares automatisk om litt, eller når du lukker runden igjen.',
          );
          error.cause = failure;
          throw error;
        }
      }
    }
  }
  const closed = await writeTransaction(db, (tx) => setRoundClosedIfDone(tx, round.id, options.now));
  return closed ? 'CLOSED' : 'CLOSING';
}

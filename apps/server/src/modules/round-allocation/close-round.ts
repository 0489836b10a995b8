import type { CloseRoundResponse } from '@lokaler/domain/application-rounds';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, Tx } from '../../db/client';
import { writeTransaction } from '../../db/write-transaction';
import { AppError } from '../../errors';
import { assertClosesRound, loadRound, type RoundWithLocations } from '../application-rounds/round-access';
import {
  countOutcome, countUndecidedWishes, findClosingPlace, findUndecidedBookingIds, setRoundClosedIfDone, setRoundClosing,
} from './closing-repository';
import { decideApplication, type ClosingActor } from './decide-application';
import { assertDeadlinePassed } from './round-wishes';

/**
 * Applications answered at once: one. Every application of a round writes reservations on the same
 * semester dates, and each statement on reservations bumps those dates' rows of search_date_versions
 * (migration 0021) until its transaction ends, so side-by-side transactions only queue there — and,
 * writing in several statements, deadlock (measured: 4 at once took 206 s for 2,000 applications and
 * gave up on some; one at a time, about 19 ms each). Each transaction is kept to a few statements.
 */
export const CLOSING_CONCURRENCY = 1;

export interface CloseRoundOptions {
  db: Db;
  user: AuthenticatedUser;
  roundId: number;
  publicUrl: string;
  now?: Date;
  /** Test seam (decideApplication's): makes one application's transaction fail midway. */
  beforeDecision?: (tx: Tx, bookingId: number) => Promise<void>;
}

/**
 * POST /api/admin/rounds/{id}/close (issue 17 point 4). Takes managing all the round's locations.
 * An OPEN round must be past its deadline with every live wish decided (409 ROUND_NOT_READY); it
 * becomes CLOSING in its own transaction, then every application is answered in a transaction of
 * its own (decideApplication), and the round becomes CLOSED when none is left. A CLOSING round is
 * the re-run: it finishes what is left (the job round-closing does the same after a crash). A CLOSED
 * round is 409 ROUND_CLOSED. A crash leaves each application either fully answered or untouched.
 */
export async function closeRound({ db, user, roundId, publicUrl, now = new Date(), beforeDecision }: CloseRoundOptions): Promise<CloseRoundResponse> {
  const loaded = await writeTransaction(db, async (tx) => {
    const loaded = await loadRound(tx, roundId, { lock: true });
    assertClosesRound(user, loaded);
    const { round } = loaded;
    if (round.status === 'CLOSED') throw new AppError('ROUND_CLOSED', `Round ${roundId} is closed`, 'Runden er allerede lukket.');
    if (round.status === 'OPEN') {
      assertDeadlinePassed(round, now, 'close');
      const undecided = await countUndecidedWishes(tx, roundId);
      if (undecided > 0) {
        throw new AppError('ROUND_NOT_READY', `${undecided} wishes of round ${roundId} are undecided`,
          `${undecided === 1 ? 'Ett ønske er' : `${undecided} ønsker er`} ikke fordelt ennå. Fordel alle ønskene (eller lag et forslag) før runden lukkes.`);
      }
      await setRoundClosing(tx, roundId, now);
    }
    return loaded;
  });
  const status = await finishClosing({ db, round: loaded, actor: { userId: user.userId, name: user.name }, publicUrl, now, beforeDecision });
  return { status, ...(await countOutcome(db, roundId)) };
}

/**
 * Answers every application of a CLOSING round still undecided, CLOSING_CONCURRENCY at a time, then
 * marks the round CLOSED when none is left. When an application's transaction fails, no new one is
 * started, the running ones finish, and the failure is thrown: the round stays CLOSING and a re-run
 * (the request again, or the job) finishes the rest.
 */
export async function finishClosing(options: { db: Db; round: RoundWithLocations; actor: ClosingActor; publicUrl: string; now: Date; beforeDecision?: ((tx: Tx, bookingId: number) => Promise<void>) | undefined }): Promise<'CLOSING' | 'CLOSED'> {
  const { db } = options;
  const { round } = options.round;
  const queue = await findUndecidedBookingIds(db, round.id);
  const place = await findClosingPlace(db, options.round.locationIds);
  let failure: unknown;
  const worker = async () => {
    for (let id = queue.shift(); id !== undefined && failure === undefined; id = queue.shift()) {
      try {
        await writeTransaction(db, (tx) => decideApplication(tx, { round, bookingId: id, place, actor: options.actor, publicUrl: options.publicUrl, now: options.now, beforeDecision: options.beforeDecision }));
      } catch (error) {
        failure ??= error;
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(CLOSING_CONCURRENCY, queue.length) }, worker));
  if (failure !== undefined) {
    const error = new AppError('SERVICE_UNAVAILABLE', `Closing round ${round.id} was interrupted`,
      'Lukkingen av runden ble avbrutt. Søknadene som er besvart, er ferdige; resten besvares automatisk om litt, eller når du lukker runden igjen.');
    error.cause = failure;
    throw error;
  }
  const closed = await writeTransaction(db, (tx) => setRoundClosedIfDone(tx, round.id, options.now));
  return closed ? 'CLOSED' : 'CLOSING';
}

import { cancellationDeadline } from '@lokaler/domain/booking-lifecycle';
import { timesByRoom, type CreateBookingRequest, type CreateBookingResponse } from '@lokaler/domain/booking-create';
import { formTheme } from '@lokaler/domain/booking-create-form';
import { checkTimesToBook } from '@lokaler/domain/scheduling/availability-for-booking';
import { formatDuration, parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { osloClock } from '@lokaler/domain/scheduling/oslo-clock';
import { prepareRoom } from '@lokaler/domain/scheduling/room-calendar';
import type { AuthenticatedUser } from '../../auth/authenticated-user';
import type { Db, Tx } from '../../db/client';
import {
  insertBookingWithEntry,
  insertReservationsUnlessTaken,
  insertWeddingTake,
  recordApplicationReceived,
  type NewBooking,
  type NewReservation,
} from '../bookings';
import { sqlState } from '../../http/error-handler';
import { enqueueMail } from '../../integrations/mail/outbox';
import { lockRoomsShared, lockRoomsThen } from '../../db/lock-rooms';
import {
  loadBusyTimes,
  loadRoomCalendars,
  type BusyTimes,
  type CalendarRange,
  type RoomRow,
  type RoomWithCalendar,
} from '../../availability';
import {
  assertRoomsAccessible,
  calendarRange,
  displayNameOf,
  publicRulesOf,
  schedulingCallerFor,
  type RoomAccess,
} from '../../availability';
import { conflictError, conflictsOf, ruleViolationError, type CheckedRoom } from './booking-problems';
import { bookingReceipt, changeLogTimes, type BookedRoomTimes } from './booking-receipt';
import { afterRunningSameKey, limitConcurrency } from './limit-concurrency';
import { findTakenTimes, lockUserAndLoadBusyTimes } from './repository';
import {
  assertCitizenApplication,
  parseFormAnswers,
  rejectOverlappingTimes,
  rejectWrongOmissions,
  singleLocation,
} from './validate-booking-request';
import { checkOmittedTimes } from './booking-problems';
import { omittedByRoom } from '@lokaler/domain/booking-omitted';
import { assertNoHoldInProgress, assertOneWeddingTime, weddingTerms } from './wedding-hold';
import { noteTransactionId, writeTransaction } from '../../db/write-transaction';
import { assertWithinRoundLimits, roundToEnter, wishesOf } from '../../rounds';
import { assertApplicationShape, assertPendingWithinLimits, fairShareLimitsAt } from './fair-share';
import { assertWithinBookingRate, bookingRateWindow, receiptAddress } from './booking-rates';
import { applicantLockSql, countAttemptAndFindSettings } from './fair-share-repository';
import { insertWishes } from '../../rounds';

export interface CreateBookingOptions {
  db: Db;
  user: AuthenticatedUser;
  /** The organisation the person acts for (impersonation), or null for a private person. */
  organization?: { number: string; name: string; form?: string | null } | null;
  body: CreateBookingRequest;
  /** For the link in the receipt. */
  publicUrl: string;
  /** How long a wedding time is held for the wedding form (config WEDDING_HOLD_MINUTES). */
  weddingHoldMinutes: number;
  /** Receipts to a typed address other than the person's own, per person and hour (config TYPED_RECEIPTS_PER_PERSON_PER_HOUR). */
  typedReceiptsPerHour?: number;
  /**
   * The person's application attempts allowed in 10 minutes (config BOOKINGS_PER_PERSON_PER_10_MINUTES),
   * counted by the application's first statement before any check (decision 041); not counted when absent.
   */
  bookingsPerTenMinutes?: number;
  now?: Date;
  /**
   * Test seam: runs in the transaction after the check under the locks, just before the reservations
   * are written. A test plays there a writer that ignores the rooms' locks: on a single-connection
   * engine the only way to reach the path where the exclusion constraint alone sees a collision.
   */
  beforeReservations?: (tx: Tx) => Promise<void>;
}

const PUBLIC: RoomAccess = { kind: 'public' };
/** Booking transactions of this process at once; well below the pool's size (20 by default). */
const bookingTransactions = limitConcurrency(8);
const takesOfOneTime = afterRunningSameKey<Take>();

/**
 * What a take leaves for the takes of the same time that waited for it (afterRunningSameKey): the
 * rooms' calendars as its transaction saw them under the lock, with its own time added. A waiter
 * reads its first, unlocked pass from them instead of the database; they are as fresh as that read
 * would be, and like it they only refuse: a time they show free is still checked under the locks.
 */
interface SeenCalendars {
  range: CalendarRange;
  rooms: ReadonlyMap<number, RoomWithCalendar>;
}

interface Take {
  response: CreateBookingResponse;
  seen: SeenCalendars | null;
}
/** Rows per INSERT: 7 parameters each stays far below PostgreSQL's 65 535 parameters per statement. */
const RESERVATION_CHUNK = 2000;

interface TimeToWrite extends NewReservation {
  endTime: string;
}

/**
 * POST /api/booking. Checks that need no calendar run first, then the rooms' calendars are read and
 * every time checked without locks; then ONE transaction: the booking, its change-log entry and the
 * receipt, then the rooms' advisory locks (sorted), a fresh read of their reservations and blocked
 * times, every time checked again by the domain rules, and all the reservations. (A wedding take's
 * transaction is shorter: see below.) A taken time (seen
 * by the check, or only by the exclusion constraint) is a 409 naming the taken times; a broken rule
 * is a 422; in both cases nothing is written (a case number may be skipped).
 */
export async function createBooking(options: CreateBookingOptions): Promise<CreateBookingResponse> {
  const { response } = await takesOfOneTime(oneTimeKey(options.body), (earlier) => book(options, earlier?.seen ?? null));
  return response;
}

/**
 * A request for one time of one room (every wedding take) waits for a take of the same time running
 * in this process: under a rush on a time its first pass then sees the winner (from the winner's
 * own view under the lock), and it leaves with 409 before any query or transaction.
 */
function oneTimeKey(body: CreateBookingRequest): string | null {
  const [only, ...others] = body.availabilityData.probablyAvailable;
  if (!only || others.length > 0 || body.isRepeating || only.datesAndTimes.length !== 1) return null;
  const [time] = only.datesAndTimes;
  return `${only.bookableAssetId} ${time!.date} ${time!.startTime}`;
}

async function book(options: CreateBookingOptions, seen: SeenCalendars | null): Promise<Take> {
  const {
    db,
    user,
    organization = null,
    body,
    publicUrl,
    weddingHoldMinutes,
    typedReceiptsPerHour = 5,
    bookingsPerTenMinutes,
    now = new Date(),
    beforeReservations,
  } = options;
  const sent = body.availabilityData.probablyAvailable;
  // One statement counts the attempt and reads the fair-share limits of the rooms' locations.
  const attemptAndSettings = await countAttemptAndFindSettings(db, {
    rate: bookingsPerTenMinutes === undefined ? null : bookingRateWindow(user),
    roomIds: sent.map((e) => e.bookableAssetId),
  });
  if (bookingsPerTenMinutes !== undefined) assertWithinBookingRate(user, attemptAndSettings.attempt!, bookingsPerTenMinutes);
  assertCitizenApplication(user, body);
  const entries = timesByRoom(sent);
  const entryIndex = (assetId: number) => sent.findIndex((e) => e.bookableAssetId === assetId);
  rejectOverlappingTimes(entries, entryIndex);
  rejectWrongOmissions(body);
  const omittedEntries = omittedByRoom(body.availabilityData.omitted);
  const ids = entries.map((e) => e.bookableAssetId);
  const { today, time } = osloClock(now);
  const range = calendarRange(
    entries.flatMap((e) => e.datesAndTimes.map((t) => t.date)),
    today,
  );
  /** The rooms as this citizen may book them (404 otherwise), all of one location (422 otherwise). */
  const bookable = (rooms: ReadonlyMap<number, RoomWithCalendar>) => {
    const rows = new Map([...rooms].map(([id, r]) => [id, r.row]));
    assertRoomsAccessible(ids, rows, PUBLIC);
    return {
      rows,
      location: singleLocation([...rows.values()]),
      roomName: (id: number) => {
        const row = rows.get(id);
        return row ? displayNameOf(row) : undefined;
      },
    };
  };
  /** Every time by the domain rules: a 422 for a broken rule, a 409 for a taken time, else the accepted times. */
  const check = (rooms: ReadonlyMap<number, RoomWithCalendar>, roomName: (id: number) => string | undefined) => {
    const checked: CheckedRoom[] = entries.map((entry) => {
      const { row, calendar } = rooms.get(entry.bookableAssetId)!;
      const room = prepareRoom(calendar, { today, now: time, caller: schedulingCallerFor(row, PUBLIC) });
      const result = checkTimesToBook({ room, times: entry, isRepeating: body.isRepeating, rules: publicRulesOf(row) });
      return { entryIndex: entryIndex(entry.bookableAssetId), name: displayNameOf(row), result };
    });
    const ruleError = ruleViolationError(checked);
    if (ruleError) throw ruleError;
    const conflicts = conflictsOf(checked);
    if (conflicts.length) throw conflictError(conflicts, roomName);
    return checked;
  };

  // A first pass without locks answers what is refused anyway (a wrong form, a broken rule, a time
  // someone already holds) without queueing for the rooms' locks: under a rush most losers leave here.
  const before =
    seen && sameRange(seen.range, range) && ids.every((id) => seen.rooms.has(id)) ? seen.rooms : await loadRoomCalendars(db, ids, range);
  const { rows, location, roomName } = bookable(before);
  // A wedding venue takes one time, held for the wedding form (decision 012).
  const wedding = location.filterCategory === 'WEDDINGS' ? weddingTerms(now, weddingHoldMinutes) : null;
  if (wedding) assertOneWeddingTime(entries, body.isRepeating);
  // Fair share (decision 041): a wedding take is one time of one room, and one hold at a time.
  const limits = wedding ? null : fairShareLimitsAt(location.id, attemptAndSettings);
  if (limits) assertApplicationShape(entries, limits, (id) => roomName(id) ?? `rom ${id}`);
  const applicant = { userId: user.userId, organizationNumber: organization?.number ?? null };
  const themes = [...rows.values()].map((r) => r.bookingFlowTheme ?? 'default');
  const formAnswers = parseFormAnswers(body.formAnswers, themes);
  // What will be written if the times are still free under the locks (the check there accepts the
  // same times or refuses the request).
  const times = timesToWrite(check(before, roomName));
  // The dates left out must still be not free by the same rules (a date freed meanwhile: the person decides again).
  const omittedTimes = omittedEntries.flatMap((entry) => {
    const { row, calendar } = before.get(entry.bookableAssetId)!;
    const room = prepareRoom(calendar, { today, now: time, caller: schedulingCallerFor(row, PUBLIC) });
    return checkOmittedTimes({ room, times: entry, rules: publicRulesOf(row), roomName: displayNameOf(row) });
  });
  const booked = bookedTimesByRoom(times, rows);
  if (wedding) assertOneWeddingTime(entries, body.isRepeating, times.length);
  const first = times[0]!;
  const sourceForm = wedding ? 'wedding' : formTheme(themes);

  /** Every time checked once more against busy times read again under the locks (the room data, hours and closed dates are the first pass's). */
  const recheck = (busy: ReadonlyMap<number, BusyTimes>) =>
    check(new Map([...before].map(([id, r]) => [id, { row: r.row, calendar: { ...r.calendar, ...busy.get(id)! } }])), roomName);
  const booking: NewBooking = {
    year: today.slice(0, 4),
    userId: user.userId,
    organization,
    locationId: location.id,
    sourceForm,
    durationType: body.isRepeating || times.some((t) => t.initialRepetitionDate) ? 'SEMESTERLOAN' : 'SINGLE_BOOKING',
    formAnswers,
    // On the request's clock, as every check of this request (the transaction's now() is a few ms later).
    cancellationDeadline: cancellationDeadline(first, sourceForm, now),
    holdExpiresAt: wedding?.holdExpiresAt ?? null,
    omittedTimes: omittedTimes.length ? omittedTimes : null,
  };
  const reservationTimes = changeLogTimes(booked);

  if (wedding) {
    // A wedding time is one reservation: its takers hold the room's lock shared and do not queue
    // behind each other; the exclusion constraint decides between takers of one time, and writers
    // that lock the room exclusively (an admin's changes, blocked times) still exclude them
    // (decision 012). Four statements: the lock; the user's row lock with the busy times (a time
    // taken meanwhile is refused before anything is written); the one-hold check with the booking,
    // its change-log entry and the reservation (and the transaction's id); the commit.
    return bookingTransactions(() =>
      writeTransaction(db, async (tx) => {
        await lockRoomsShared(tx, ids);
        const busy = await lockUserAndLoadBusyTimes(tx, user.userId, ids, range);
        const [time] = timesToWrite(recheck(busy));
        await beforeReservations?.(tx);
        let taken;
        try {
          taken = await insertWeddingTake(tx, { ...booking, now, userName: user.name, reservationTimes, reservation: time! });
        } catch (error) {
          // Only the exclusion constraint saw the collision: the one time is the taken one.
          if (sqlState(error) === '23P01')
            throw conflictError(
              [{ bookableAssetId: time!.bookableAssetId, date: time!.date, startTime: time!.startTime, endTime: time!.endTime }],
              roomName,
            );
          throw error;
        }
        if ('heldBookingId' in taken) assertNoHoldInProgress(taken.heldBookingId);
        const { transactionId, ...response } = taken as CreateBookingResponse & { transactionId: string };
        noteTransactionId(tx, transactionId);
        return { response, seen: { range, rooms: withTaken(before, busy, time!, response.bookingId) } };
      }),
    );
  }

  const response = await bookingTransactions(() =>
    writeTransaction(db, async (tx) => {
      // A semester application while a round of the location collects is a wish in it
      // (decision 029): the same checks, but its dates are IN_ROUND (they hold no time) with its wishes.
      const round =
        booking.durationType === 'SEMESTERLOAN' ? await roundToEnter(tx, { locationId: location.id, today, firstDate: first.date }) : null;
      // The rows no other booking competes for come first, so the rooms' locks are held only for
      // the re-check and the reservations (and the commit): the queue on a busy room moves faster.
      // With it, the count of receipts to a typed address (booking-rates), when this one would be one.
      const receipt = receiptAddress({ user, typed: formAnswers.contactEmail, maxPerHour: typedReceiptsPerHour });
      const { bookingId, caseNumber, transactionId, counted } = await insertBookingWithEntry(
        tx,
        booking,
        { userName: user.name, reservationTimes },
        receipt.window,
      );
      noteTransactionId(tx, transactionId);
      const to = receipt.addressAfter(counted);
      if (to)
        await enqueueMail(
          tx,
          bookingReceipt({
            to,
            bookingId,
            caseNumber,
            locationName: location.name,
            rooms: booked,
            publicUrl,
            omitted: omittedTimes,
            round,
          }),
        );
      // The rooms' locks, and (outside a round) the applicant's after them, in one statement.
      await lockRoomsThen(tx, ids, round ? undefined : applicantLockSql(applicant, location.id));
      // One that held the locks has committed, so its reservations are seen.
      const checked = recheck(await loadBusyTimes(tx, ids, range));
      const rows = timesToWrite(checked).map((t) => ({ ...t, bookingId, ...(round ? { status: 'IN_ROUND' as const } : {}) }));
      // Fair share, counted under the applicant's lock (taken last, after the rooms'): a round's wishes
      // by the round's rules, other applications by the pending limits at the location.
      const wishes = round ? wishesOf(rows, round.id, bookingId) : [];
      if (round) await assertWithinRoundLimits(tx, { round, applicant, wishes, bookingId });
      else
        await assertPendingWithinLimits(tx, { applicant, locationId: location.id, limits: limits!, times: rows, bookingId, locked: true });
      await beforeReservations?.(tx);
      await insertAllOrConflict(tx, rows, roomName);
      if (round) await insertWishes(tx, wishes);
      // The archive opens the case in this transaction (decision 056): an application refused above leaves nothing to archive.
      await recordApplicationReceived(tx, bookingId);
      return { bookingId, caseNumber };
    }),
  );
  return { response, seen: null };
}

const sameRange = (a: CalendarRange, b: CalendarRange) => a.fromInclusive === b.fromInclusive && a.toInclusive === b.toInclusive;

/** The rooms' calendars with the busy times read under the lock and the time just taken (its id: minus the booking's, never a real one). */
function withTaken(
  rooms: ReadonlyMap<number, RoomWithCalendar>,
  busy: ReadonlyMap<number, BusyTimes>,
  time: TimeToWrite,
  bookingId: number,
): Map<number, RoomWithCalendar> {
  return new Map(
    [...rooms].map(([id, r]) => {
      const now = busy.get(id) ?? r.calendar;
      const reservations =
        id === time.bookableAssetId
          ? [
              ...now.reservations,
              { id: -bookingId, date: time.date, startTime: time.startTime, duration: formatDuration(time.durationMinutes) },
            ]
          : now.reservations;
      return [id, { row: r.row, calendar: { ...r.calendar, blockedTimes: now.blockedTimes, reservations } }];
    }),
  );
}

/** The accepted times as rows, in date and time order (the first is the booking's first time). */
function timesToWrite(checked: readonly CheckedRoom[]): TimeToWrite[] {
  return checked
    .flatMap(({ result }) =>
      result.probablyAvailable.map((t) => ({
        bookingId: 0,
        bookableAssetId: result.bookableAssetId,
        date: t.date,
        startTime: t.startTime,
        durationMinutes: parseDuration(t.duration)!,
        initialRepetitionDate: t.initialRepetitionDate,
        endTime: t.endTime!,
      })),
    )
    .sort((a, b) => (a.date === b.date ? a.startTime.localeCompare(b.startTime) : a.date.localeCompare(b.date)));
}

function bookedTimesByRoom(times: readonly TimeToWrite[], rows: ReadonlyMap<number, RoomRow>): BookedRoomTimes[] {
  const byRoom = new Map<number, TimeToWrite[]>();
  for (const t of times) byRoom.set(t.bookableAssetId, [...(byRoom.get(t.bookableAssetId) ?? []), t]);
  return [...byRoom].map(([id, list]) => ({ roomName: displayNameOf(rows.get(id)!), times: list }));
}

/**
 * Inserts every reservation, or none. The locks make a collision here rare (a writer that does not
 * take them); the exclusion constraint still has the last word: a row it refuses is left out (ON
 * CONFLICT DO NOTHING, no savepoint round trips), and when any was, the times taken now are read in
 * the same transaction and the 409 rolls back the booking and the rows that went in.
 */
async function insertAllOrConflict(tx: Tx, rows: readonly TimeToWrite[], roomName: (id: number) => string | undefined): Promise<void> {
  let inserted = 0;
  for (let i = 0; i < rows.length; i += RESERVATION_CHUNK)
    inserted += (await insertReservationsUnlessTaken(tx, rows.slice(i, i + RESERVATION_CHUNK))).length;
  if (inserted === rows.length) return;
  const taken = await findTakenTimes(tx, rows, rows[0]?.bookingId);
  throw conflictError(
    taken.map((t) => ({ bookableAssetId: t.bookableAssetId, date: t.date, startTime: t.startTime, endTime: t.endTime })),
    roomName,
  );
}

import { quarterTimeOfMinutes, weekdayName } from '@lokaler/domain/application-rounds';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { Tx } from '../../db/client';
import { lockRooms } from '../../db/lock-rooms';
import { insertReservations, type NewReservation } from '../../db/reservation-repository';
import { notifyApplicant, type ApplicantNotice } from '../admin-booking-shared/applicant-mail';
import { describeTimes } from '../admin-booking-shared/reservation-rows';
import { insertChangeLogEntry, insertDecisionMessage, updateBooking } from '../admin-booking-shared/repository';
import { ensureContractRequirement } from '../admin-approval/repository';
import { syncKeyAccess } from '../oslonokkelen/sync-key-access';
import type { RoundRow } from '../application-rounds/round-access';
import {
  findBusyCandidates, findClosingLocation, findInRoundReservations, findRoomNames, findWishesOfBooking, lockUndecidedBooking,
  saveRoundApproval, setStatusOfReservations, type Candidate, type ClosingWish, type InRoundReservation,
} from './closing-repository';

/** Who closes: the administrator of the request, or the job ('System') that finishes a closing. */
export interface ClosingActor {
  userId: number | null;
  name: string;
}

export const busyAtClosingReason = 'Tiden var ikke ledig denne datoen (opptatt eller sperret) da runden ble lukket.';
export const notAllocatedReason = 'Tiden kunne ikke tildeles i fordelingen.';

export type ApplicationOutcome = 'APPROVED' | 'PARTLY' | 'REJECTED';

interface Row {
  roomId: number;
  date: string;
  startMinute: number;
  durationMinutes: number;
}

/**
 * One application of a closing round answered, in the caller's transaction (issue 17 point 4): the
 * booking's row locked (skipped, and undefined returned, when another closer holds it or it is no
 * longer UNPROCESSED), its rooms' locks in id order, then per wish: ASKED → its dates APPROVED;
 * OTHER → its dates REPLACED by new APPROVED ones at the allocated room and time (the date moved
 * to the allocated weekday of the same week) with a ReservationChange ('Endret') entry; NONE →
 * REJECTED with the reason. A date whose time is taken or blocked now is REJECTED with a reason
 * instead. The booking is APPROVED when any time is granted (BookingApproval, the approval's terms,
 * the contract requirement when the location requires one), else REJECTED (BookingRejection), and
 * the applicant gets one e-mail listing what was granted, changed and refused.
 */
export async function decideApplication(tx: Tx, options: {
  round: RoundRow;
  bookingId: number;
  actor: ClosingActor;
  publicUrl: string;
  now: Date;
  /** Test seam: runs after the times are written, before the booking's decision (a crash midway). */
  beforeDecision?: ((tx: Tx, bookingId: number) => Promise<void>) | undefined;
}): Promise<ApplicationOutcome | undefined> {
  const { round, bookingId, actor, now } = options;
  const booking = await lockUndecidedBooking(tx, bookingId);
  if (!booking) return undefined;
  const wishes = await findWishesOfBooking(tx, round.id, bookingId);
  const dates = await findInRoundReservations(tx, bookingId);
  await lockRooms(tx, [...dates.map((d) => d.roomId), ...wishes.flatMap((w) => (w.allocRoomId !== null ? [w.allocRoomId] : []))]);

  const plan = planDecision(wishes, dates);
  const busy = await findBusyCandidates(tx, bookingId, plan.candidates.map((c) => c.time));
  const approveIds: number[] = [];
  const replaceIds: number[] = [];
  const refused = new Map<string, InRoundReservation[]>();
  const refuse = (reason: string, row: InRoundReservation) => refused.set(reason, [...(refused.get(reason) ?? []), row]);
  const newRows: (NewReservation & { wishId: number })[] = [];
  const changes = new Map<number, { reason: string | null; before: Row[]; after: Row[] }>();
  plan.candidates.forEach((c, i) => {
    if (busy.has(i)) return refuse(busyAtClosingReason, c.row);
    if (c.kind === 'asked') return approveIds.push(c.row.id);
    replaceIds.push(c.row.id);
    newRows.push({ wishId: c.wish.id, bookingId, bookableAssetId: c.time.roomId, date: c.time.date, startTime: `${quarterTimeOfMinutes(c.time.startMinute)}:00`, durationMinutes: c.time.durationMinutes, status: 'APPROVED' });
    const change = changes.get(c.wish.id) ?? { reason: c.wish.reason, before: [], after: [] };
    change.before.push(c.row);
    change.after.push(c.time);
    changes.set(c.wish.id, change);
  });
  for (const r of plan.refused) refuse(r.reason, r.row);

  await setStatusOfReservations(tx, approveIds, 'APPROVED');
  await setStatusOfReservations(tx, replaceIds, 'REPLACED');
  await setStatusOfReservations(tx, [...refused.values()].flat().map((r) => r.id), 'REJECTED');
  const firstDateOfWish = new Map<number, string>();
  for (const r of newRows) if (!firstDateOfWish.has(r.wishId) || r.date < firstDateOfWish.get(r.wishId)!) firstDateOfWish.set(r.wishId, r.date);
  await insertReservations(tx, newRows.map(({ wishId, ...r }) => ({ ...r, initialRepetitionDate: firstDateOfWish.get(wishId) ?? null })));
  await options.beforeDecision?.(tx, bookingId);

  const names = await findRoomNames(tx, [...dates.map((d) => d.roomId), ...newRows.map((r) => r.bookableAssetId)]);
  const roomName = (id: number) => {
    const n = names.get(id);
    return n ? assetDisplayName(n.name, n.roomNumber) : 'Rom';
  };
  const describe = (rows: readonly Row[]): ChangeLogReservationTimes => describeTimes(rows.map((r) => {
    const n = names.get(r.roomId);
    return { roomName: n?.name ?? 'Rom', roomNumber: n?.roomNumber ?? null, date: r.date, startTime: `${quarterTimeOfMinutes(r.startMinute)}:00`, durationMinutes: r.durationMinutes };
  }));
  const log = (type: 'ReservationChange' | 'ReservationRejection' | 'BookingApproval' | 'BookingRejection', fields: { reservationTimes?: ChangeLogReservationTimes; newReservationTimes?: ChangeLogReservationTimes; comment?: string | null }) =>
    insertChangeLogEntry(tx, { bookingId, type, loggedAt: now, userId: actor.userId, userName: actor.name, reservationTimes: fields.reservationTimes ?? null, newReservationTimes: fields.newReservationTimes ?? null, comment: fields.comment ?? null });

  const approvedRows: Row[] = [...dates.filter((d) => approveIds.includes(d.id)), ...newRows.map((r) => ({ roomId: r.bookableAssetId, date: r.date, startMinute: plan.startOf(r), durationMinutes: r.durationMinutes }))];
  const allRefused = [...refused.values()].flat();
  const reasons = [...refused.keys()];
  const location = await findClosingLocation(tx, booking.locationId);
  let outcome: ApplicationOutcome;
  if (approvedRows.length > 0) {
    outcome = allRefused.length === 0 && changes.size === 0 ? 'APPROVED' : 'PARTLY';
    await updateBooking(tx, bookingId, { status: 'APPROVED', costCategory: booking.costCategory ?? 'FREE' });
    await saveRoundApproval(tx, bookingId, booking.costCategory ?? 'FREE', actor, now);
    if (location?.requireContract) await ensureContractRequirement(tx, bookingId);
    for (const change of changes.values()) await log('ReservationChange', { reservationTimes: describe(change.before), newReservationTimes: describe(change.after), comment: change.reason });
    for (const [reason, rows] of refused) await log('ReservationRejection', { reservationTimes: describe(rows), comment: reason });
    await log('BookingApproval', { reservationTimes: describe(approvedRows) });
  } else {
    outcome = 'REJECTED';
    await updateBooking(tx, bookingId, { status: 'REJECTED' });
    const reason = reasons.join(' ') || notAllocatedReason;
    await insertDecisionMessage(tx, bookingId, reason);
    await log('BookingRejection', { reservationTimes: describe(allRefused), comment: reason });
  }
  await syncKeyAccess(tx, bookingId);

  const notice = roundDecisionNotice({
    roundName: round.name, locationName: location?.name ?? 'lokalet', outcome, roomName,
    granted: dates.filter((d) => approveIds.includes(d.id)),
    changed: [...changes.values()],
    refused: [...refused],
  });
  await notifyApplicant(tx, booking, notice, options.publicUrl);
  return outcome;
}

interface Plan {
  candidates: ({ kind: 'asked'; row: InRoundReservation; time: Candidate; wish: ClosingWish } | { kind: 'other'; row: InRoundReservation; time: Candidate; wish: ClosingWish })[];
  refused: { row: InRoundReservation; reason: string }[];
  startOf(row: NewReservation): number;
}

/** Which date becomes what: each IN_ROUND date belongs to the wish of its room, weekday and time. */
function planDecision(wishes: readonly ClosingWish[], dates: readonly InRoundReservation[]): Plan {
  const byKey = new Map(wishes.map((w) => [`${w.roomId}|${w.weekday}|${w.startMinute}|${w.endMinute}`, w]));
  const plan: Plan = {
    candidates: [],
    refused: [],
    startOf: (row) => Number(row.startTime.slice(0, 2)) * 60 + Number(row.startTime.slice(3, 5)),
  };
  for (const row of dates) {
    const wish = byKey.get(`${row.roomId}|${isoWeekday(row.date)}|${row.startMinute}|${row.startMinute + row.durationMinutes}`);
    if (!wish) {
      plan.refused.push({ row, reason: notAllocatedReason });
      continue;
    }
    if (wish.decision === 'ASKED') {
      plan.candidates.push({ kind: 'asked', row, wish, time: { roomId: row.roomId, date: row.date, startMinute: row.startMinute, durationMinutes: row.durationMinutes } });
    } else if (wish.decision === 'OTHER' && wish.allocRoomId !== null && wish.allocWeekday !== null && wish.allocStartMinute !== null && wish.allocEndMinute !== null) {
      const date = addDays(row.date, wish.allocWeekday - wish.weekday);
      plan.candidates.push({ kind: 'other', row, wish, time: { roomId: wish.allocRoomId, date, startMinute: wish.allocStartMinute, durationMinutes: wish.allocEndMinute - wish.allocStartMinute } });
    } else {
      plan.refused.push({ row, reason: wish.reason?.trim() || notAllocatedReason });
    }
  }
  return plan;
}

/** 'Gymsal: tirsdag 18:00–20:00, 8 datoer (01.09.2027–20.10.2027)' per room, weekday and time. */
function summarise(rows: readonly Row[], roomName: (id: number) => string): string[] {
  const groups = new Map<string, Row[]>();
  for (const r of rows) {
    const key = `${r.roomId}|${isoWeekday(r.date)}|${r.startMinute}|${r.durationMinutes}`;
    groups.set(key, [...(groups.get(key) ?? []), r]);
  }
  return [...groups.values()].map((g) => {
    const sorted = [...g].sort((a, b) => a.date.localeCompare(b.date));
    const first = sorted[0]!;
    const time = `${weekdayName(isoWeekday(first.date))} ${quarterTimeOfMinutes(first.startMinute)}–${quarterTimeOfMinutes(first.startMinute + first.durationMinutes)}`;
    const span = sorted.length === 1 ? formatDateNorwegian(first.date) : `${sorted.length} datoer, ${formatDateNorwegian(first.date)}–${formatDateNorwegian(sorted.at(-1)!.date)}`;
    return `${roomName(first.roomId)}: ${time} (${span})`;
  });
}

/** The one e-mail of the round's answer: what was granted as asked, what was changed, what was refused and why. */
export function roundDecisionNotice(input: {
  roundName: string;
  locationName: string;
  outcome: ApplicationOutcome;
  roomName: (id: number) => string;
  granted: readonly Row[];
  changed: readonly { reason: string | null; before: Row[]; after: Row[] }[];
  refused: readonly [string, Row[]][];
}): ApplicantNotice {
  const { outcome, roomName } = input;
  const verdict = outcome === 'APPROVED' ? 'er godkjent' : outcome === 'PARTLY' ? 'er delvis godkjent' : 'er dessverre avslått';
  return {
    kind: outcome === 'REJECTED' ? 'BookingRejection' : 'BookingApproval',
    subject: outcome === 'REJECTED' ? 'Søknaden din er avslått' : outcome === 'PARTLY' ? 'Søknaden din er delvis godkjent' : 'Søknaden din er godkjent',
    paragraphs: [
      `Søknaden din om å låne ${input.locationName} i ${input.roundName} ${verdict}.`,
      ...(input.granted.length ? [`Tildelt som søkt:\n${summarise(input.granted, roomName).join('\n')}`] : []),
      ...input.changed.map((c) => `Endret:\nSøkt: ${summarise(c.before, roomName).join('; ')}\nTildelt: ${summarise(c.after, roomName).join('; ')}${c.reason ? `\nBegrunnelse: ${c.reason}` : ''}`),
      ...input.refused.map(([reason, rows]) => `Ikke tildelt:\n${summarise(rows, roomName).join('\n')}\nBegrunnelse: ${reason}`),
    ],
  };
}

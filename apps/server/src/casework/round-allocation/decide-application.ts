import { quarterTimeOfMinutes, weekdayName } from '@lokaler/domain/application-rounds';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import { addDays, isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import type { Tx } from '../../db/client';
import type { OutboxMail } from '../../integrations/mail/outbox';
import { applicantNoticeMail, type ApplicantNotice } from '../../bookings';
import { describeTimes } from '../../bookings';
import { insertDecisionMessage } from '../../bookings';
import { ensureContractRequirement } from '../admin-approval/repository';
import { changeStatuses, insertReservations, type NewChangeLogEntry } from '../../bookings';
import type { RoundRow } from '../../rounds';
import { writeRoundDocuments, type RoundDocumentDecision } from './round-documents';
import {
  findBusyCandidates,
  saveApprovals,
  type BookingDecision,
  type Candidate,
  type ClosingApplication,
  type ClosingPlace,
  type ClosingWish,
  type InRoundReservation,
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

/** The rooms whose locks answering the application takes: its dates' rooms and its allocated rooms. */
export function roomsOfApplication(application: ClosingApplication): number[] {
  return [...application.dates.map((d) => d.roomId), ...application.wishes.flatMap((w) => (w.allocRoomId !== null ? [w.allocRoomId] : []))];
}

/**
 * The applications of a closing round answered, in the caller's transaction (decision 031). The
 * caller has locked the bookings' rows (lockUndecidedApplications: still UNPROCESSED, not held by
 * another closer) and their rooms (roomsOfApplication, id order). Per wish: ASKED → its dates
 * APPROVED; OTHER → its dates REPLACED by new APPROVED ones at the allocated room and time (the date
 * moved to the allocated weekday of the same week) with a ReservationChange ('Endret') entry; NONE
 * → REJECTED with the reason. A date whose time is taken or blocked now is REJECTED with a reason
 * instead. A booking is APPROVED when any time is granted (BookingApproval, the approval's terms,
 * the contract requirement when the location requires one), else REJECTED (BookingRejection), and
 * each applicant gets one e-mail listing what was granted, changed and refused. The writes of all
 * the applications go in shared statements (each statement on reservations runs the table's
 * statement triggers once), so the work is a fixed number of statements plus one per application.
 */
export async function decideApplications(
  tx: Tx,
  options: {
    round: RoundRow;
    applications: readonly ClosingApplication[];
    actor: ClosingActor;
    /** The round's rooms and locations (findClosingPlace), read once for the whole closing. */
    place: ClosingPlace;
    publicUrl: string;
    now: Date;
    /** Test seam: runs after the times are written, before the bookings' decisions (a crash midway). */
    beforeDecision?: ((tx: Tx, bookingId: number) => Promise<void>) | undefined;
  },
): Promise<ApplicationOutcome[]> {
  const { round, applications, actor, now, place } = options;
  if (applications.length === 0) return [];
  const plans = applications.map((a) => planDecision(a.wishes, a.dates));
  const candidates = plans.flatMap((plan, k) => plan.candidates.map((c) => ({ ...c.time, bookingId: applications[k]!.id })));
  const busy = await findBusyCandidates(tx, candidates);
  let offset = 0;
  const decided = applications.map((booking, k) => {
    const plan = plans[k]!;
    const first = offset;
    offset += plan.candidates.length;
    return resolve(booking, plan, (i) => busy.has(first + i));
  });

  // The dates first: a moved date's old row stops holding its time before the new row takes it.
  await changeStatuses(tx, {
    by: 'round',
    now,
    reservations: decided.flatMap((d) => [
      ...d.approved.map((r) => ({ id: r.id, to: 'APPROVED' as const })),
      ...d.replaced.map((r) => ({ id: r.id, to: 'REPLACED' as const })),
      ...d.allRefused.map((r) => ({ id: r.id, to: 'REJECTED' as const })),
    ]),
  });
  await insertReservations(
    tx,
    decided.flatMap((d) => {
      const firstDateOfWish = new Map<number, string>();
      for (const { wishId, time } of d.newTimes)
        if (!firstDateOfWish.has(wishId) || time.date < firstDateOfWish.get(wishId)!) firstDateOfWish.set(wishId, time.date);
      return d.newTimes.map(({ wishId, time }) => ({
        bookingId: d.booking.id,
        bookableAssetId: time.roomId,
        date: time.date,
        startTime: `${quarterTimeOfMinutes(time.startMinute)}:00`,
        durationMinutes: time.durationMinutes,
        initialRepetitionDate: firstDateOfWish.get(wishId) ?? null,
        status: 'APPROVED' as const,
      }));
    }),
  );
  for (const d of decided) await options.beforeDecision?.(tx, d.booking.id);

  const roomName = (id: number) => {
    const n = place.rooms.get(id);
    return n ? assetDisplayName(n.name, n.roomNumber) : 'Rom';
  };
  const describe = (rows: readonly Row[]): ChangeLogReservationTimes =>
    describeTimes(
      rows.map((r) => {
        const n = place.rooms.get(r.roomId);
        return {
          roomName: n?.name ?? 'Rom',
          roomNumber: n?.roomNumber ?? null,
          date: r.date,
          startTime: `${quarterTimeOfMinutes(r.startMinute)}:00`,
          durationMinutes: r.durationMinutes,
        };
      }),
    );
  const entries: NewChangeLogEntry[] = [];
  const mails: OutboxMail[] = [];
  const decisions: BookingDecision[] = [];
  const documents: RoundDocumentDecision[] = [];
  for (const d of decided) {
    const { booking, changes, refused, allRefused } = d;
    const log = (
      type: 'ReservationChange' | 'ReservationRejection' | 'BookingApproval' | 'BookingRejection',
      fields: { reservationTimes?: ChangeLogReservationTimes; newReservationTimes?: ChangeLogReservationTimes; comment?: string | null },
    ) =>
      entries.push({
        bookingId: booking.id,
        type,
        loggedAt: now,
        userId: actor.userId,
        userName: actor.name,
        reservationTimes: fields.reservationTimes ?? null,
        newReservationTimes: fields.newReservationTimes ?? null,
        comment: fields.comment ?? null,
      });
    const granted: Row[] = [...d.approved, ...d.newTimes.map((t) => t.time)];
    const location = place.locations.get(booking.locationId);
    if (granted.length > 0) {
      // Changed times are an approval ('Endret' in the change log); partly approved: something was refused.
      d.outcome = allRefused.length === 0 ? 'APPROVED' : 'PARTLY';
      decisions.push({ bookingId: booking.id, status: 'APPROVED', costCategory: booking.costCategory ?? 'FREE' });
      if (location?.requireContract) await ensureContractRequirement(tx, booking.id);
      documents.push({
        bookingId: booking.id,
        status: 'APPROVED',
        costCategory: booking.costCategory,
        refused: [...refused].map(([reason, rows]) => ({ reason, times: describe(rows) })),
        rejectionText: null,
        enableVedtak: location?.enableVedtak ?? false,
        requireContract: location?.requireContract ?? false,
      });
      for (const change of changes.values())
        log('ReservationChange', {
          reservationTimes: describe(change.before),
          newReservationTimes: describe(change.after),
          comment: change.reason,
        });
      for (const [reason, rows] of refused) log('ReservationRejection', { reservationTimes: describe(rows), comment: reason });
      log('BookingApproval', { reservationTimes: describe(granted) });
    } else {
      d.outcome = 'REJECTED';
      decisions.push({ bookingId: booking.id, status: 'REJECTED', costCategory: booking.costCategory });
      const reason = [...refused.keys()].join(' ') || notAllocatedReason;
      await insertDecisionMessage(tx, booking.id, reason);
      documents.push({
        bookingId: booking.id,
        status: 'REJECTED',
        costCategory: booking.costCategory,
        refused: [],
        rejectionText: reason,
        enableVedtak: location?.enableVedtak ?? false,
        requireContract: false,
      });
      log('BookingRejection', { reservationTimes: describe(allRefused), comment: reason });
    }
    const to = booking.onBehalfOfEmail ?? booking.formAnswers?.contactEmail ?? booking.userEmail;
    if (to) {
      const notice = roundDecisionNotice({
        roundName: round.name,
        locationName: location?.name ?? 'lokalet',
        outcome: d.outcome,
        roomName,
        granted: d.approved,
        changed: [...changes.values()],
        refused: [...refused],
        vedtak: location?.enableVedtak ?? false,
        contractToSign: d.outcome !== 'REJECTED' && (location?.requireContract ?? false),
      });
      mails.push(
        applicantNoticeMail({
          to,
          booking,
          notice,
          locationName: location?.name ?? 'lokalet',
          contactEmail: location?.contactEmail ?? null,
          publicUrl: options.publicUrl,
        }),
      );
    }
  }
  // In the batch's transaction, like the decisions: never a decision without its vedtak (decision 043).
  await writeRoundDocuments(tx, { decisions: documents, actor, now });
  await saveApprovals(tx, decisions, actor, now);
  // The bookings' statuses and the change log last: the after-change steps (keys) read the approvals and requirements.
  await changeStatuses(tx, {
    by: 'round',
    now,
    bookings: decisions.map((d) => ({
      bookingId: d.bookingId,
      to: d.status,
      costCategory: d.status === 'APPROVED' ? (d.costCategory ?? undefined) : undefined,
    })),
    log: entries,
    mail: mails,
  });
  return decided.map((d) => d.outcome);
}

interface Resolved {
  booking: ClosingApplication;
  approved: InRoundReservation[];
  replaced: InRoundReservation[];
  refused: Map<string, InRoundReservation[]>;
  allRefused: InRoundReservation[];
  newTimes: { wishId: number; time: Candidate }[];
  changes: Map<number, { reason: string | null; before: Row[]; after: Row[] }>;
  outcome: ApplicationOutcome;
}

/** What becomes of each date of one application, given which of its candidate times are busy now. */
function resolve(booking: ClosingApplication, plan: Plan, isBusy: (candidate: number) => boolean): Resolved {
  const d: Resolved = {
    booking,
    approved: [],
    replaced: [],
    refused: new Map(),
    allRefused: [],
    newTimes: [],
    changes: new Map(),
    outcome: 'REJECTED',
  };
  const refuse = (reason: string, row: InRoundReservation) => d.refused.set(reason, [...(d.refused.get(reason) ?? []), row]);
  plan.candidates.forEach((c, i) => {
    if (isBusy(i)) return refuse(busyAtClosingReason, c.row);
    if (c.kind === 'asked') return d.approved.push(c.row);
    d.replaced.push(c.row);
    d.newTimes.push({ wishId: c.wish.id, time: c.time });
    const change = d.changes.get(c.wish.id) ?? { reason: c.wish.reason, before: [], after: [] };
    change.before.push(c.row);
    change.after.push(c.time);
    d.changes.set(c.wish.id, change);
  });
  for (const r of plan.refused) refuse(r.reason, r.row);
  d.allRefused = [...d.refused.values()].flat();
  return d;
}

interface Plan {
  candidates: (
    | { kind: 'asked'; row: InRoundReservation; time: Candidate; wish: ClosingWish }
    | { kind: 'other'; row: InRoundReservation; time: Candidate; wish: ClosingWish }
  )[];
  refused: { row: InRoundReservation; reason: string }[];
}

/** Which date becomes what: each IN_ROUND date belongs to the wish of its room, weekday and time. */
function planDecision(wishes: readonly ClosingWish[], dates: readonly InRoundReservation[]): Plan {
  const byKey = new Map(wishes.map((w) => [`${w.roomId}|${w.weekday}|${w.startMinute}|${w.endMinute}`, w]));
  const plan: Plan = { candidates: [], refused: [] };
  for (const row of dates) {
    // As the apply flow keys its wishes (enter-round.ts wishesOf): a time past midnight ends at 24:00.
    const wish = byKey.get(
      `${row.roomId}|${isoWeekday(row.date)}|${row.startMinute}|${Math.min(row.startMinute + row.durationMinutes, 24 * 60)}`,
    );
    if (!wish) {
      plan.refused.push({ row, reason: notAllocatedReason });
      continue;
    }
    if (wish.decision === 'ASKED') {
      plan.candidates.push({
        kind: 'asked',
        row,
        wish,
        time: { roomId: row.roomId, date: row.date, startMinute: row.startMinute, durationMinutes: row.durationMinutes },
      });
    } else if (
      wish.decision === 'OTHER' &&
      wish.allocRoomId !== null &&
      wish.allocWeekday !== null &&
      wish.allocStartMinute !== null &&
      wish.allocEndMinute !== null
    ) {
      const date = addDays(row.date, wish.allocWeekday - wish.weekday);
      plan.candidates.push({
        kind: 'other',
        row,
        wish,
        time: {
          roomId: wish.allocRoomId,
          date,
          startMinute: wish.allocStartMinute,
          durationMinutes: wish.allocEndMinute - wish.allocStartMinute,
        },
      });
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
    const span =
      sorted.length === 1
        ? formatDateNorwegian(first.date)
        : `${sorted.length} datoer, ${formatDateNorwegian(first.date)}–${formatDateNorwegian(sorted.at(-1)!.date)}`;
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
  /** A vedtak was written (the location writes them): where to find it and how to appeal. */
  vedtak?: boolean;
  /** Approved at a location that requires a contract: it must be signed. */
  contractToSign?: boolean;
}): ApplicantNotice {
  const { outcome, roomName } = input;
  const changedTimes = input.changed.length > 0 ? ' med endrede tider' : '';
  const verdict =
    outcome === 'APPROVED' ? `er godkjent${changedTimes}` : outcome === 'PARTLY' ? 'er delvis godkjent' : 'er dessverre avslått';
  return {
    kind: outcome === 'REJECTED' ? 'BookingRejection' : 'BookingApproval',
    subject:
      outcome === 'REJECTED'
        ? 'Søknaden din er avslått'
        : outcome === 'PARTLY'
          ? 'Søknaden din er delvis godkjent'
          : `Søknaden din er godkjent${changedTimes}`,
    paragraphs: [
      `Søknaden din om å låne ${input.locationName} i ${input.roundName} ${verdict}.`,
      ...(input.granted.length ? [`Tildelt som søkt:\n${summarise(input.granted, roomName).join('\n')}`] : []),
      ...input.changed.map(
        (c) =>
          `Endret:\nSøkt: ${summarise(c.before, roomName).join('; ')}\nTildelt: ${summarise(c.after, roomName).join('; ')}${c.reason ? `\nBegrunnelse: ${c.reason}` : ''}`,
      ),
      ...input.refused.map(([reason, rows]) => `Ikke tildelt:\n${summarise(rows, roomName).join('\n')}\nBegrunnelse: ${reason}`),
      ...(input.vedtak ? ['Vedtaket sier hvordan du kan klage.'] : []),
      ...(input.contractToSign ? ['Du må signere kontrakten før lånet er bindende.'] : []),
    ],
    documents: [...(input.vedtak ? (['vedtak'] as const) : []), ...(input.contractToSign ? (['contract'] as const) : [])],
  };
}

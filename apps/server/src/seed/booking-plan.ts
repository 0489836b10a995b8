import type {
  BookingDurationType,
  BookingFormAnswers,
  BookingPurpose,
  BookingStatus,
  ChangeLogReservationTimes,
  ChangeLogType,
  CostCategory,
  RequirementType,
  SourceForm,
} from '@lokaler/domain/booking';
import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatClock, reservationEndTime } from '@lokaler/domain/scheduling/time-of-day';
import { addDays } from './dates';
import type { Occupancy } from './occupancy';

/** A seeded room as the booking plans see it. */
export interface PlannedRoom {
  id: number;
  locationId: number;
  name: string;
  externalAssetNumber: string | null;
}

export interface PlannedReservation {
  room: PlannedRoom;
  date: string;
  startTime: string;
  durationMinutes: number;
  status: ReservationStatus;
  initialRepetitionDate: string | null;
}

/** Everything one demo booking inserts; the orchestrator turns it into rows once ids exist. */
export interface BookingPlan {
  userSub: string | null;
  locationId: number;
  status: BookingStatus;
  purpose: BookingPurpose;
  sourceForm: SourceForm;
  durationType: BookingDurationType;
  createdAt: Date;
  costCategory?: CostCategory;
  marketPriceOre?: number;
  organization?: { number: string; name: string };
  internalEventTitle?: string;
  onBehalfOf?: { name: string; email: string };
  formAnswers: BookingFormAnswers;
  cancellationDeadline?: Date;
  reservations: PlannedReservation[];
  requirements: Array<{ type: RequirementType; fulfilledBySub?: string; fulfilledByName?: string; fulfillmentTime?: Date }>;
  decisionMessages: Array<{ message: string; createdAt: Date }>;
  changeLog: Array<{
    type: ChangeLogType;
    loggedAt: Date;
    userSub?: string;
    userName: string;
    reservationTimes?: ChangeLogReservationTimes;
    newReservationTimes?: ChangeLogReservationTimes;
    comment?: string;
  }>;
}

/** The reservation status that goes with a booking's status. */
export const reservationStatusFor: Record<BookingStatus, ReservationStatus> = {
  UNPROCESSED: 'UNPROCESSED',
  APPROVED: 'APPROVED',
  REJECTED: 'REJECTED',
  CANCELLED: 'CANCELLED',
  AUTOREJECTED: 'AUTOREJECTED',
};

export function displayName(room: PlannedRoom): string {
  return assetDisplayName(room.name, room.externalAssetNumber);
}

/** The change log's description of times, 'dd.MM.yyyy HH:mm–HH:mm' per reservation, grouped by room. */
export function describeTimes(reservations: readonly PlannedReservation[]): ChangeLogReservationTimes {
  const byRoom = new Map<string, string[]>();
  for (const r of reservations) {
    const line = `${formatDateNorwegian(r.date)} ${formatClock(r.startTime)}–${formatClock(reservationEndTime(r.startTime, r.durationMinutes))}`;
    const key = displayName(r.room);
    byRoom.set(key, [...(byRoom.get(key) ?? []), line]);
  }
  return [...byRoom].map(([assetDescription, times]) => ({ assetDescription, times }));
}

/**
 * `count` times of a room, every `stepDays` from `firstDate`, that are free and not on closed dates;
 * a taken or closed date is skipped (as an admin would reject that one occurrence). Takes them.
 */
export function planSeries(options: {
  occupancy: Occupancy;
  closed: ReadonlySet<string>;
  room: PlannedRoom;
  firstDate: string;
  count: number;
  stepDays: number;
  startTime: string;
  durationMinutes: number;
  status: ReservationStatus;
}): PlannedReservation[] {
  const { occupancy, closed, room, firstDate, count, stepDays, startTime, durationMinutes, status } = options;
  const reservations: PlannedReservation[] = [];
  for (let i = 0; i < count; i++) {
    const date = addDays(firstDate, i * stepDays);
    if (closed.has(`${room.locationId}|${date}`)) continue;
    if (!occupancy.tryTake(room.id, date, startTime, durationMinutes)) continue;
    reservations.push({ room, date, startTime, durationMinutes, status, initialRepetitionDate: count > 1 ? firstDate : null });
  }
  return reservations;
}

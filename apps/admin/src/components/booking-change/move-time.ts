import { changeReservationMutation } from '@lokaler/api-client/admin-reservations';
import type { ChangeReservationBody } from '@lokaler/domain/admin-reservation-change';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { notFoundMessages, useBookingChange } from './use-booking-change';

/** A time's new place: date, start ('HH:mm'), length, and the room when it changes. */
export interface NewTime {
  date: string;
  startTime: string;
  minutes: number;
  /** Only when the time moves to another room of the location. */
  bookableAssetId?: number | undefined;
  comment?: string | undefined;
}

/** The body PUT /api/reservation/{id} takes for one new time (changeReservationBody). */
export function moveTimeBody({ date, startTime, minutes, bookableAssetId, comment }: NewTime): ChangeReservationBody {
  return {
    updateReservations: [{ newDate: date, newStartTime: `${startTime}:00`, newDuration: formatDuration(minutes) }],
    ...(bookableAssetId !== undefined ? { newBookableAssetId: bookableAssetId } : {}),
    ...(comment ? { comment } : {}),
  };
}

/**
 * Moving one time (the booking page's 'Endre tid', the calendar's 'Flytt' and drag; decision 067):
 * PUT /api/reservation/{id}, the confirmation toast and every admin view refreshed on success; a 404
 * says the time is gone and closes; any other refusal stays in `error` for ChangeFailure (a 409
 * lists the taken times). Nothing is shown moved before the server has said yes.
 */
export function useMoveTime(reservationId: number, onDone: () => void) {
  return useBookingChange(changeReservationMutation(reservationId), {
    onSuccess: onDone,
    notFound: { message: notFoundMessages.reservation, then: onDone },
  });
}

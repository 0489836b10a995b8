import type { AdminAvailabilityRequest, AssetTimesToBook, AvailabilityResponse } from '@lokaler/domain/booking-request';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { parseTime, SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';

/** What the administrator chose in the time fields (both pages share them). */
export interface TimeChoice {
  roomId: number | null;
  date: string;
  /** 'HH:mm' as the time input gives it. */
  startTime: string;
  minutes: number;
  repeatWeekly: boolean;
  lastDate: string;
  includeBlockedSlots: boolean;
  includeClosedDates: boolean;
}

export type TimeChoiceErrors = Partial<Record<'roomId' | 'date' | 'startTime' | 'lastDate', string>>;

export const timeChoiceMessages = {
  roomId: 'Velg et rom',
  date: 'Velg en gyldig dato',
  startTime: 'Velg et starttidspunkt på hele kvarter (for eksempel 18:15)',
  lastDate: 'Velg en sluttdato som er samme dag som eller etter startdatoen',
  unavailable: 'Noen av tidene er ikke ledige. Ingenting er lagret.',
} as const;

export const emptyTimeChoice = (date: string): TimeChoice => ({
  roomId: null, date, startTime: '', minutes: 60, repeatWeekly: false, lastDate: '', includeBlockedSlots: false, includeClosedDates: false,
});

/** The field errors of a choice; empty when it can be checked. */
export function validateTimeChoice(choice: TimeChoice): TimeChoiceErrors {
  const errors: TimeChoiceErrors = {};
  if (choice.roomId === null) errors.roomId = timeChoiceMessages.roomId;
  if (!isValidDate(choice.date)) errors.date = timeChoiceMessages.date;
  const start = parseTime(`${choice.startTime}:00`);
  if (start === null || start % SLOT_MINUTES !== 0) errors.startTime = timeChoiceMessages.startTime;
  if (choice.repeatWeekly && (!isValidDate(choice.lastDate) || (isValidDate(choice.date) && choice.lastDate < choice.date))) {
    errors.lastDate = timeChoiceMessages.lastDate;
  }
  return errors;
}

/** The admin availability check's body for a valid choice. */
export function toAvailabilityRequest(choice: TimeChoice): AdminAvailabilityRequest {
  return {
    bookingCreationDtos: [{
      bookableAssetId: choice.roomId ?? 0,
      datesAndTimes: [{ date: choice.date, startTime: `${choice.startTime}:00`, duration: formatDuration(choice.minutes) }],
      repetition: choice.repeatWeekly ? { lastDate: choice.lastDate, pattern: 'WEEKLY' } : null,
    }],
    includeBlockedSlots: choice.includeBlockedSlots,
    includeClosedDates: choice.includeClosedDates,
  };
}

/**
 * The times to post, when every expanded time is free; null when any is taken or breaks a rule
 * (the page lists those instead). Only the fields POST takes are kept.
 */
export function timesToBook(answer: AvailabilityResponse): AssetTimesToBook[] | null {
  if (answer.unavailable.some((a) => a.datesAndTimes.length > 0) || answer.errors.some((a) => a.datesAndTimes.length > 0 || a.violations.length > 0)) return null;
  const times = answer.probablyAvailable
    .map((a) => ({
      bookableAssetId: a.bookableAssetId,
      datesAndTimes: a.datesAndTimes.map((t) => ({ date: t.date, startTime: t.startTime, duration: String(t.duration), initialRepetitionDate: t.initialRepetitionDate })),
    }))
    .filter((a) => a.datesAndTimes.length > 0);
  return times.length > 0 ? times : null;
}

/** The refused times of a check, as lines to show: '17.03.2026 kl. 18:00–19:00: Rommet er opptatt'. */
export function refusedTimes(answer: AvailabilityResponse): string[] {
  return [...answer.unavailable, ...answer.errors].flatMap((a) => [
    ...a.violations.map((v) => v.message),
    ...a.datesAndTimes.map((t) => `${formatDateNorwegian(t.date)} kl. ${t.startTime.slice(0, 5)}${t.endTime ? `–${t.endTime.slice(0, 5)}` : ''}${t.message ? `: ${t.message}` : ''}`),
  ]);
}

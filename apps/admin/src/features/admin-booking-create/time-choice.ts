import { z } from 'zod';
import type { AdminAvailabilityRequest, AssetTimesToBook, AvailabilityResponse } from '@lokaler/domain/booking-request';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatDuration } from '@lokaler/domain/scheduling/iso-duration';
import { dateInput, minutesInput, slotStartInput, timeInputMessages } from '../../lib/time-inputs';

export const timeChoiceMessages = {
  roomId: 'Velg et rom',
  ...timeInputMessages,
  lastDate: 'Velg en sluttdato som er samme dag som eller etter startdatoen',
  unavailable: 'Noen av tidene er ikke ledige. Ingenting er lagret.',
} as const;

/**
 * The time fields as the form holds them (the inputs' strings) and what they become: the dates and
 * times the admin availability check (adminAvailabilityRequest) takes, judged by the same rules
 * (isValidDate of isoDate, the slot grid) before anything is sent.
 */
export const timeChoiceFields = {
  roomId: z.string().regex(/^\d+$/, timeChoiceMessages.roomId).transform(Number),
  date: dateInput,
  startTime: slotStartInput,
  minutes: minutesInput,
  repeatWeekly: z.boolean(),
  lastDate: z.string(),
  includeBlockedSlots: z.boolean(),
  includeClosedDates: z.boolean(),
};

/** A weekly series needs its last date, on or after the first (the check's END_DATE rule). */
export function requireLastDate(choice: { repeatWeekly: boolean; date: string; lastDate: string }, ctx: z.RefinementCtx): void {
  if (choice.repeatWeekly && (!isValidDate(choice.lastDate) || (isValidDate(choice.date) && choice.lastDate < choice.date))) {
    ctx.addIssue({ code: 'custom', path: ['lastDate'], message: timeChoiceMessages.lastDate });
  }
}

export const timeChoiceSchema = z.object(timeChoiceFields).superRefine(requireLastDate);
export type TimeChoiceValues = z.input<typeof timeChoiceSchema>;
export type TimeChoice = z.output<typeof timeChoiceSchema>;

export const emptyTimeChoice = (date: string, roomId: number | null = null): TimeChoiceValues => ({
  roomId: roomId === null ? '' : String(roomId),
  date,
  startTime: '',
  minutes: '60',
  repeatWeekly: false,
  lastDate: '',
  includeBlockedSlots: false,
  includeClosedDates: false,
});

/** The admin availability check's body for a valid choice. */
export function toAvailabilityRequest(choice: TimeChoice): AdminAvailabilityRequest {
  return {
    bookingCreationDtos: [
      {
        bookableAssetId: choice.roomId,
        datesAndTimes: [{ date: choice.date, startTime: `${choice.startTime}:00`, duration: formatDuration(choice.minutes) }],
        repetition: choice.repeatWeekly ? { lastDate: choice.lastDate, pattern: 'WEEKLY' } : null,
      },
    ],
    includeBlockedSlots: choice.includeBlockedSlots,
    includeClosedDates: choice.includeClosedDates,
  };
}

/**
 * The times to post, when every expanded time is free; null when any is taken or breaks a rule
 * (the page lists those instead). Only the fields POST takes are kept.
 */
export function timesToBook(answer: AvailabilityResponse): AssetTimesToBook[] | null {
  if (
    answer.unavailable.some((a) => a.datesAndTimes.length > 0) ||
    answer.errors.some((a) => a.datesAndTimes.length > 0 || a.violations.length > 0)
  )
    return null;
  const times = answer.probablyAvailable
    .map((a) => ({
      bookableAssetId: a.bookableAssetId,
      datesAndTimes: a.datesAndTimes.map((t) => ({
        date: t.date,
        startTime: t.startTime,
        duration: String(t.duration),
        initialRepetitionDate: t.initialRepetitionDate,
      })),
    }))
    .filter((a) => a.datesAndTimes.length > 0);
  return times.length > 0 ? times : null;
}

/** The refused times of a check, as lines to show: '17.03.2026 kl. 18:00–19:00: Rommet er opptatt'. */
export function refusedTimes(answer: AvailabilityResponse): string[] {
  return [...answer.unavailable, ...answer.errors].flatMap((a) => [
    ...a.violations.map((v) => v.message),
    ...a.datesAndTimes.map(
      (t) =>
        `${formatDateNorwegian(t.date)} kl. ${t.startTime.slice(0, 5)}${t.endTime ? `–${t.endTime.slice(0, 5)}` : ''}${t.message ? `: ${t.message}` : ''}`,
    ),
  ]);
}

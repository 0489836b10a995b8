import { z } from 'zod';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { isOnSlotGrid, parseTime } from '@lokaler/domain/scheduling/time-of-day';

/**
 * The admin forms' date, time and duration inputs as zod fields: what the inputs give (strings),
 * judged by the rules the server applies to the times they become (isoDate's isValidDate, the slot
 * grid of NOT_ON_SLOT_GRID), with messages that say what to pick.
 */
export const timeInputMessages = {
  date: 'Velg en gyldig dato',
  startTime: 'Velg et starttidspunkt på hele kvarter (for eksempel 18:15)',
} as const;

export const dateInput = z.string().refine(isValidDate, timeInputMessages.date);

/** 'HH:mm' from a time input. */
export const slotStartInput = z.string().refine((time) => {
  const minutes = parseTime(`${time}:00`);
  return minutes !== null && isOnSlotGrid(minutes);
}, timeInputMessages.startTime);

/** A duration select's value, in minutes. */
export const minutesInput = z.string().regex(/^\d+$/).transform(Number);

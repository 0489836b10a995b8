import { z } from 'zod';
import { addDays, daysBetween, isoWeekday } from './scheduling/calendar-date';

/**
 * The case officer's work queue (decision 065): who has taken an application ('Ta saken'), its
 * deadline and age as the request list says them in words (status is never shown by colour alone).
 */

/** The case officer who has taken an application. */
export const caseAssignee = z.object({
  userId: z.number().int(),
  name: z.string(),
  /** ISO 8601 instant of the take (or take-over). */
  assignedUtc: z.string(),
});
export type CaseAssignee = z.infer<typeof caseAssignee>;

/** GET, PUT and DELETE /booking/{id}/assignee: the application's case officer after the call. */
export const caseAssigneeResponse = z.object({
  assignee: caseAssignee.nullable(),
  /** True when the caller holds it ('Gi fra deg saken'); false when nobody or another does. */
  heldByMe: z.boolean(),
});
export type CaseAssigneeResponse = z.infer<typeof caseAssigneeResponse>;

/** PUT /booking/{id}/assignee: take the case; `takeOver` takes it from the one who holds it (409 without). */
export const takeCaseBody = z.object({ takeOver: z.boolean().default(false) });
export type TakeCaseBody = z.input<typeof takeCaseBody>;

export const caseTakenMessage = (name: string) => `Saken er tatt av ${name}.`;
export const takeOverQuestion = (name: string) => `Saken er tatt av ${name}. Vil du ta den over?`;

/** The change-log texts of a take, a take-over and a release (the entry's user is who did it). */
export const caseAssignmentLog = {
  taken: (name: string) => `${name} tok saken.`,
  takenOver: (name: string, from: string) => `${name} tok over saken fra ${from}.`,
  released: (name: string) => `${name} ga fra seg saken.`,
};

export type DeadlineMark = 'OVERDUE' | 'THIS_WEEK';
export const deadlineMarkLabels: Record<DeadlineMark, string> = { OVERDUE: 'Fristen er passert', THIS_WEEK: 'Frist denne uken' };

/**
 * Overdue when the deadline is before today; due this week when it is today or later in this week
 * (Monday to Sunday, both Oslo dates). Nothing otherwise, and nothing without a deadline.
 */
export function deadlineMark(deadlineDate: string | null, today: string): DeadlineMark | null {
  if (!deadlineDate) return null;
  if (deadlineDate < today) return 'OVERDUE';
  const sunday = addDays(today, 7 - isoWeekday(today));
  return deadlineDate <= sunday ? 'THIS_WEEK' : null;
}

/** An application's age in words from when it was received to today (Oslo dates): 'I dag', '1 dag', '3 dager'. */
export function ageText(receivedDate: string, today: string): string {
  const days = Math.max(0, daysBetween(receivedDate, today));
  if (days === 0) return 'I dag';
  return days === 1 ? '1 dag' : `${days} dager`;
}

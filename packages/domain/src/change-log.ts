import { z } from 'zod';
import { changeLogReservationTimes, changeLogType, changeLogTypeLabels, type ChangeLogType } from './booking';

/** GET /user/booking/{id}/changes: one entry of the change timeline (spec 02 §3 Change log entry). */
export const changeLogEntry = z.object({
  type: changeLogType,
  /** The Norwegian label of the type (spec 02 §4); null for WEDDING_CERTIFICATE, which has none. */
  label: z.string().nullable(),
  /** ISO 8601 instant. */
  loggedUtc: z.string(),
  /** The times the change was about, per room ('dd.MM.yyyy HH:mm–HH:mm'); null when none. */
  reservationTimes: changeLogReservationTimes.nullable(),
  /** For a changed time: the times after the change. */
  newReservationTimes: changeLogReservationTimes.nullable(),
  /** Who made the change, as the timeline shows it. */
  user: z.string().nullable(),
  /** The location's explanation of the change, when it gave one. */
  comment: z.string().nullable(),
});
export type ChangeLogEntry = z.infer<typeof changeLogEntry>;
export const changeLogEntries = z.array(changeLogEntry);

export function changeLogLabel(type: ChangeLogType): string | null {
  return changeLogTypeLabels[type] ?? null;
}

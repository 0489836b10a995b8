import type { Tx } from '../../db/client';
import { enqueueMail, type OutboxMail } from '../../integrations/mail/outbox';
import { insertChangeLogEntry, type NewChangeLogEntry } from './repository';
import { runAfterChange } from './status-hooks';

/** The e-mails a change sends (the applicant's, the location's): outbox rows, sent only if the transaction commits. */
export type ChangeMail = OutboxMail | readonly OutboxMail[] | null | undefined;

/**
 * The one change-log entry of a change to a booking (a status, a time moved, added or removed), in
 * the caller's transaction, written after the change itself; then every registered after-change step
 * (digital keys) runs on the state just written, so no change can forget them; then the change's
 * e-mails go to the outbox.
 */
export async function recordChange(tx: Tx, entry: NewChangeLogEntry, mail?: ChangeMail): Promise<void> {
  await insertChangeLogEntry(tx, entry);
  await runAfterChange(tx, { bookingId: entry.bookingId, type: entry.type });
  await queueMail(tx, mail);
}

export async function queueMail(tx: Tx, mail: ChangeMail): Promise<void> {
  const list = mail === null || mail === undefined ? [] : Array.isArray(mail) ? mail : [mail as OutboxMail];
  if (list.length) await enqueueMail(tx, list);
}

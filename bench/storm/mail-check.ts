import fs from 'node:fs';
import path from 'node:path';
import { decodeWords } from 'postal-mime';
import { sql } from 'drizzle-orm';
import { queryRows, type Db } from '../../apps/server/src/db/client';
import { DELIVERED_FOLDER, RESENDS_LOG } from '../../apps/server/src/integrations/mail/mailer';

export interface MailCheck {
  /** Rows in the outbox, and how many are marked sent. */
  queued: number;
  markedSent: number;
  /** .eml files the local mail adapter wrote (every process into the same folder). */
  files: number;
  /** Outbox messages with no file, and files beyond their message's one (sent twice). */
  lost: number;
  duplicates: number;
  /** Of the duplicates, files that repeat a Message-ID already seen (a resend recognisable as one). */
  sameMessageId: number;
  /**
   * Resends the outbox made (a process killed between the mail service accepting a message and
   * `sent_at`) that the local mail service recognised by Message-ID and accepted without a second file.
   */
  resendsDeduplicated: number;
}

/** A header of an .eml file: its folded lines joined and RFC 2047 words decoded (compose-mail.ts, nodemailer's). */
function header(eml: string, name: string): string {
  const head = eml.slice(0, eml.indexOf('\r\n\r\n')).replace(/\r\n[ \t]/g, ' ');
  const line = head.split('\r\n').find((l) => l.toLowerCase().startsWith(`${name.toLowerCase()}:`)) ?? '';
  return decodeWords(line.slice(name.length + 1).trim());
}

/**
 * Every outbox message was delivered exactly once: the files in `mailDir` against the outbox's rows, as
 * a multiset of (recipient, subject). A message delivered twice shows as a duplicate; one marked sent
 * without a file as lost. The outbox resends a message whose process was killed between the mail
 * service accepting it and committing `sent_at`; the local service delivers a Message-ID once and logs
 * the resend (decision 017), counted here as `resendsDeduplicated`.
 */
export async function checkMail(db: Db, mailDir: string): Promise<MailCheck> {
  const rows = await queryRows<{ recipient: string; subject: string; sent: boolean }>(
    db,
    sql`select recipient, subject, sent_at is not null as sent from mail_outbox`,
  );
  const files = fs.existsSync(mailDir) ? fs.readdirSync(mailDir).filter((f) => f.endsWith('.eml')) : [];
  const counts = new Map<string, number>();
  for (const row of rows) counts.set(`${row.recipient}\n${row.subject}`, (counts.get(`${row.recipient}\n${row.subject}`) ?? 0) + 1);
  const messageIds = new Set<string>();
  let sameMessageId = 0;
  for (const file of files) {
    const eml = fs.readFileSync(path.join(mailDir, file), 'utf8');
    const messageId = header(eml, 'Message-ID');
    if (messageId && messageIds.has(messageId)) sameMessageId++;
    if (messageId) messageIds.add(messageId);
    const key = `${header(eml, 'To')}\n${header(eml, 'Subject')}`;
    counts.set(key, (counts.get(key) ?? 0) - 1);
  }
  let lost = 0;
  let duplicates = 0;
  for (const n of counts.values()) {
    if (n > 0) lost += n;
    if (n < 0) duplicates -= n;
  }
  const resendsLog = path.join(mailDir, DELIVERED_FOLDER, RESENDS_LOG);
  const resendsDeduplicated = fs.existsSync(resendsLog) ? fs.readFileSync(resendsLog, 'utf8').split('\n').filter(Boolean).length : 0;
  return {
    queued: rows.length,
    markedSent: rows.filter((r) => r.sent).length,
    files: files.length,
    lost,
    duplicates,
    sameMessageId,
    resendsDeduplicated,
  };
}

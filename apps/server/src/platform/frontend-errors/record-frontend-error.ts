import { createHash } from 'node:crypto';
import type { FrontendErrorInput } from '@lokaler/domain/frontend-error';
import type { Db } from '../../db/client';
import { insertFrontendError, pruneFingerprint, pruneTotal } from './repository';
import { MAX_STORED_MESSAGE, MAX_STORED_USER_AGENT, scrubPersonalData, truncate } from './scrub';
import { writeTransaction } from '../../db/write-transaction';

/**
 * How much is kept: the newest 20 reports of each distinct error (spec 01 §9 "client log history
 * 20 entries"), so one error repeated in a loop cannot push out the others, and at most 500 in all.
 */
export const KEEP_PER_ERROR = 20;
export const KEEP_TOTAL = 500;

/** One distinct error: level plus message with numbers blurred (line numbers, ids, counts vary). */
export function fingerprintOf(level: string, msg: string): string {
  return createHash('sha256')
    .update(`${level}\n${msg.replace(/\d+/g, '#')}`)
    .digest('hex')
    .slice(0, 32);
}

/** Stores a browser's error report, scrubbed of personal data, and drops the oldest beyond the limits. */
export async function recordFrontendError({ db, report }: { db: Db; report: FrontendErrorInput }): Promise<void> {
  const msg = truncate(scrubPersonalData(report.msg), MAX_STORED_MESSAGE);
  const level = report.level.toLowerCase();
  const fingerprint = fingerprintOf(level, msg);
  await writeTransaction(db, async (tx) => {
    await insertFrontendError(tx, {
      fingerprint,
      msg,
      level,
      userAgent: report.userAgent ? truncate(report.userAgent, MAX_STORED_USER_AGENT) : null,
      clientTime: report.time ? new Date(report.time) : null,
    });
    await pruneFingerprint(tx, fingerprint, KEEP_PER_ERROR);
    await pruneTotal(tx, KEEP_TOTAL);
  });
}

import type { FastifyBaseLogger } from 'fastify';
import type { DbOrTx } from '../db/client';
import type { PersonRegister } from '../integrations/person-register/index';
import { setEmailIfMissing } from './user-repository';

/** A citizen the register had no address for is asked again after this (not at every request). */
const RETRY_AFTER_MS = 60 * 60 * 1000;
/** A slow register delays a citizen's first request by at most this; the booking forms still ask for an e-mail. */
const LOOKUP_TIMEOUT_MS = 3000;
const ATTEMPTS_KEPT = 10_000;

/**
 * Fills in a citizen's e-mail from the person register the first time they are seen without one.
 * A register failure never fails the request: it is logged (without the person) and tried again later.
 */
export function createContactFiller(db: DbOrTx, register: PersonRegister) {
  const attempted = new Map<number, number>();
  return async (options: { userId: number; pid: string; log: FastifyBaseLogger }): Promise<string | null> => {
    const last = attempted.get(options.userId);
    if (last !== undefined && Date.now() - last < RETRY_AFTER_MS) return null;
    if (attempted.size >= ATTEMPTS_KEPT) attempted.clear();
    attempted.set(options.userId, Date.now());
    try {
      const contact = await withTimeout(register.lookupContact(options.pid), LOOKUP_TIMEOUT_MS);
      return contact.email ? await setEmailIfMissing(db, options.userId, contact.email) : null;
    } catch (error) {
      options.log.warn(
        { reason: error instanceof Error ? error.message : String(error) },
        'Person register lookup failed; the citizen has no e-mail yet',
      );
      return null;
    }
  };
}

function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${ms} ms`)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

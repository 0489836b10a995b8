import { createHash, randomBytes } from 'node:crypto';
import type { DbOrTx } from '../../db/client';
import { insertClaimToken } from './repository';

/** How long a claim link works: long enough for a booking made weeks or months ahead. */
export const CLAIM_TOKEN_TTL_DAYS = 180;

export function hashClaimToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/**
 * Makes a claim link for a booking an administrator registered for someone (user_id null): the
 * person opens /claim/{token}, logs in, and the booking becomes theirs. Call it in the transaction
 * that creates the booking and put claimLink(publicUrl, token) in the e-mail to the person. Only
 * the token's hash is stored: the token itself exists only in that e-mail.
 */
export async function createClaimToken(tx: DbOrTx, bookingId: number, now = new Date()): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await insertClaimToken(tx, {
    tokenHash: hashClaimToken(token),
    bookingId,
    createdAt: now,
    expiresAt: new Date(now.getTime() + CLAIM_TOKEN_TTL_DAYS * 86_400_000),
  });
  return token;
}

export function claimLink(publicUrl: string, token: string): string {
  return `${publicUrl}/claim/${token}`;
}

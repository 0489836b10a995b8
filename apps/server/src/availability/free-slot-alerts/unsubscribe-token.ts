import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click link in every alert e-mail ends that alert without a login: its token is an
 * HMAC-SHA256 of the alert's id under the server's secret (COOKIE_SECRET), so nobody can end another
 * person's alert by guessing ids, and the token needs no storage. Ending is idempotent.
 */
export function unsubscribeToken(secret: string, alertId: number): string {
  return createHmac('sha256', secret).update(`free-slot-alert:${alertId}`).digest('base64url');
}

export function isValidUnsubscribeToken(secret: string, alertId: number, token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, alertId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The portal page that ends the alert (it posts to /api/free-slot-alerts/unsubscribe). */
export function unsubscribeUrl(publicUrl: string, secret: string, alertId: number): string {
  return `${publicUrl}/varsler/avslutt?varsel=${alertId}&token=${unsubscribeToken(secret, alertId)}`;
}

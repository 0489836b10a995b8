import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The one-click link in every alert e-mail ends that alert without a login: its token is an
 * HMAC-SHA256 of the alert's id under the server's secret (COOKIE_SECRET), so nobody can end another
 * person's alert by guessing ids, and the token needs no storage. Ending is idempotent.
 */
export function unsubscribeToken(secret: string, alertId: number | readonly number[]): string {
  const ids = typeof alertId === 'number' ? [alertId] : alertId;
  return createHmac('sha256', secret)
    .update(`free-slot-alert:${ids.join(',')}`)
    .digest('base64url');
}

/** `alertId` an e-mail's alerts: the token signs them together, in that order (one alert: as before). */
export function isValidUnsubscribeToken(secret: string, alertId: number | readonly number[], token: string): boolean {
  const expected = Buffer.from(unsubscribeToken(secret, alertId));
  const given = Buffer.from(token);
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** The portal page that ends the alert (it posts to /api/free-slot-alerts/unsubscribe). */
export function unsubscribeUrl(publicUrl: string, secret: string, alertId: number): string {
  return `${publicUrl}/varsler/avslutt?varsel=${alertId}&token=${unsubscribeToken(secret, alertId)}`;
}

/**
 * The List-Unsubscribe address of an e-mail about these alerts (RFC 8058): the API itself, which a
 * mail program posts to with one click, ending all of them.
 */
export function oneClickUnsubscribeUrl(publicUrl: string, secret: string, alertIds: readonly number[]): string {
  const [first, ...others] = alertIds;
  const og = others.length > 0 ? `&og=${others.join(',')}` : '';
  return `${publicUrl}/api/free-slot-alerts/unsubscribe?varsel=${first}${og}&token=${unsubscribeToken(secret, alertIds)}`;
}

/**
 * Scrubs personal data and secrets out of text bound for a log: national identity numbers (11
 * digits), phone numbers (+47 / 0047 and 8-digit Norwegian numbers), e-mail addresses (also
 * URL-encoded), bearer tokens, JWTs, secrets in query parameters and opaque tokens in URL paths.
 * By pattern, because a value can turn up anywhere: an error message from the database, a URL, a
 * job's failure. It errs on the side of redacting (an 8-digit number is taken for a phone number).
 */
const REDACTIONS: readonly [RegExp, string][] = [
  // JWTs (access, ID and logout tokens): three base64url parts, the first a JSON header.
  [/\beyJ[\w-]*\.[\w-]*\.[\w-]*/g, '[jwt]'],
  [/\b(Bearer|Basic)\s+[\w.~+/-]+=*/gi, '$1 [redacted]'],
  // Secrets carried as query parameters (the callback's code, refresh tokens, hints...).
  [
    /([?&;\s](?:access_token|id_token|refresh_token|token|code|id_token_hint|logout_token|state|nonce|code_verifier|client_secret|password|pid|ssn|email|phone|mobile)=)[^&#\s"']*/gi,
    '$1[redacted]',
  ],
  // E-mail addresses, plain or URL-encoded (%40); the local part stops at a path's slash.
  [/[\w.!#$&'*+=?^`{|}~-]+(?:@|%40)[\w-]+(?:\.[\w-]+)*\.[a-z]{2,}/gi, '[e-mail]'],
  // National identity numbers (fødselsnummer / d-number), also written 6 + 5.
  [/(?<![\w-])\d{6} ?\d{5}(?![\w-])/g, '[pid]'],
  // Phone numbers with a country code: +47, %2B47, 0047, with or without spaces.
  [/(?:\+|%2B|\b00)\s?\d{2}(?:[\s-]?\d){8}(?!\d)/gi, '[phone]'],
  // Norwegian 8-digit numbers (they start with 2–9), also grouped as 3-2-3 or 2-2-2-2 with spaces.
  [/(?<![\w-])[2-9]\d(?: ?\d){6}(?![\w-])/g, '[phone]'],
];

/**
 * Opaque tokens in a URL path (claim links, invitation ids, calendar feeds' `{id}-{secret}.ics`): long,
 * with both letters and digits; a file extension after it stays.
 */
const OPAQUE_SEGMENT = /(?<=\/)(?=[\w-]*\d)(?=[\w-]*[a-z])[\w-]{20,}(?=(?:\.[a-z]{1,5})?(?:[/?#]|$))/gi;

export function redactText(text: string): string {
  let result = text.replace(OPAQUE_SEGMENT, '[token]');
  for (const [pattern, replacement] of REDACTIONS) result = result.replace(pattern, replacement);
  return result;
}

/** A URL for the log: its path with opaque segments and personal data redacted, without the query. */
export function redactUrl(url: string): string {
  return redactText(url.split('?')[0]!.split('#')[0]!);
}

/** Keys whose value is secret or personal whatever it looks like. */
const SECRET_KEY =
  /authorization|cookie|token|password|secret|^pid$|ssn|fnr|f(?:ø|o)dselsnummer|personnummer|e-?mail|e-?post|phone|telefon|mobil/i;

/** Redacts every string in plain objects and arrays (by key and by pattern); other values as they are. */
export function redactValue(value: unknown, depth = 0): unknown {
  if (typeof value === 'string') return redactText(value);
  if (depth > 8 || value === null || typeof value !== 'object') return value;
  if (Array.isArray(value)) return value.map((item) => redactValue(item, depth + 1));
  const prototype = Object.getPrototypeOf(value) as unknown;
  if (prototype !== Object.prototype && prototype !== null) return value;
  const result: Record<string, unknown> = {};
  for (const [key, item] of Object.entries(value)) {
    result[key] =
      SECRET_KEY.test(key) && item !== null && item !== undefined && typeof item !== 'object' ? '[redacted]' : redactValue(item, depth + 1);
  }
  return result;
}

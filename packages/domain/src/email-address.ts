import { z } from 'zod';

/**
 * E-mail addresses as people in Norway write them, æøå included (RFC 6531, 6532): the local part is
 * RFC 5322's dot-atom with any letter or digit of any script added ('kåre.ødegård'), the domain an
 * internationalised domain name ('blåbær.no'). What reaches the wire:
 *
 * - a domain with æøå goes out as its A-label (nodemailer writes 'ola@xn--blbr-roah.no'), which
 *   every mail system accepts;
 * - a local part with æøå needs SMTPUTF8 on each hop: nodemailer asks for it when the relay offers it,
 *   and a relay or mailbox that does not refuses the message (a permanent failure in the outbox).
 *
 * So a form takes such an address where the system that uses it can (the contact form shows it to the
 * support staff, who reply from their own mail system); z.email() (ASCII only) stays where we cannot know.
 */
const LOCAL_PART = /^[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+(?:\.[\p{L}\p{N}!#$%&'*+/=?^_`{|}~-]+)*$/u;
const DOMAIN_LABEL = /^[\p{L}\p{N}](?:[\p{L}\p{N}-]{0,61}[\p{L}\p{N}])?$/u;
/** A top-level domain is letters, or an A-label ('xn--…'). */
const TOP_LEVEL = /^(?:\p{L}{2,}|xn--[a-z0-9-]+)$/iu;

/** WHATWG URL, which browsers and Node both have (this package is typed without either's globals). */
const WhatwgUrl = (globalThis as unknown as { URL: new (input: string) => { hostname: string } }).URL;

/** The domain as the DNS knows it (IDNA, as the browser and Node do it), or null when it has none. */
function asciiDomain(domain: string): string | null {
  try {
    return new WhatwgUrl(`http://${domain}`).hostname;
  } catch {
    return null;
  }
}

/** Octets in UTF-8, as SMTPUTF8 sends the local part. */
function utf8Length(text: string): number {
  let octets = 0;
  for (const char of text) {
    const code = char.codePointAt(0)!;
    octets += code < 0x80 ? 1 : code < 0x800 ? 2 : code < 0x10000 ? 3 : 4;
  }
  return octets;
}

export function isInternationalEmail(value: string): boolean {
  const at = value.lastIndexOf('@');
  if (at < 1) return false;
  const local = value.slice(0, at);
  const domain = value.slice(at + 1);
  // RFC 5321's 64 octets.
  if (utf8Length(local) > 64 || !LOCAL_PART.test(local)) return false;
  const labels = domain.split('.');
  if (labels.length < 2 || !labels.every((label) => DOMAIN_LABEL.test(label)) || !TOP_LEVEL.test(labels.at(-1)!)) return false;
  const ascii = asciiDomain(domain);
  return ascii !== null && ascii.length <= 253 && ascii.split('.').every((label) => label.length <= 63);
}

/** Trimmed, in NFC (an 'å' typed as a + ring is one letter), then checked; `message` for every failure. */
export function internationalEmail(message: string) {
  return z
    .string()
    .transform((value) => value.trim().normalize('NFC'))
    .pipe(z.string().max(320, message).refine(isInternationalEmail, message));
}

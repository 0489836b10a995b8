import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';

/**
 * Display formats shared by both SPAs (spec 01 §5, §9). Plain functions; the file is .tsx only
 * because the package exports its files as such.
 */

/**
 * Spec 01 §5: phone numbers are shown in groups of two digits ('23 45 67 89'). A country code
 * (+47 or 0047) stays in front as '+47'. Anything that is not a phone number is shown as written.
 */
export function formatPhoneNumber(value: string): string {
  const compact = value.replace(/[\s-]/g, '');
  const match = /^(?:(\+|00)(\d{2}))?(\d+)$/.exec(compact);
  if (!match) return value.trim();
  const [, plus, country, digits = ''] = match;
  const groups = digits.match(/\d{1,2}/g) ?? [];
  return [plus ? `+${country}` : null, ...groups].filter(Boolean).join(' ');
}

/**
 * A Norwegian phone number inside free text: 8 digits, written together or with spaces or dashes,
 * perhaps after +47 or 0047, with no digit right before or after (so a 9-digit organisation number,
 * an 11-digit account number or a postcode is left alone).
 */
const PHONE_IN_TEXT = /(?<![\d+][\s\u00a0-]?|\d)((?:\+|00)47[\s\u00a0-]?)?\d(?:[ \u00a0-]?\d){7}(?![ \u00a0-]?\d)/g;

/** Free text (a venue's practical information) with its phone numbers grouped as formatPhoneNumber does. */
export function groupPhoneNumbersInText(text: string): string {
  return text.replace(PHONE_IN_TEXT, (found) => formatPhoneNumber(found.replace(/\u00a0/g, ' ')));
}

/** Spec 01 §9 "Formats": 'Plass til N person(er)' — 'Plass til 1 person', 'Plass til 30 personer'. */
export function formatCapacity(capacity: number): string {
  return `Plass til ${capacity} ${capacity === 1 ? 'person' : 'personer'}`;
}

/** The href of a tel: link: digits and a leading +. */
export function phoneHref(value: string): string {
  return `tel:${value.replace(/[^\d+]/g, '')}`;
}

/** 'tirsdag 3. mars 2026' */
export function formatLongDate(date: string): string {
  return formatDate(date, 'EEEE d. MMMM yyyy');
}

/** 'tirsdag 3. mars 2026 kl. 18:00–20:00' */
export function formatInterval(date: string, startTime: string, endTime: string): string {
  return `${formatLongDate(date)} kl. ${formatClock(startTime)}–${formatClock(endTime)}`;
}

/**
 * The date picker's text (decision 020): a person writes Norwegian dates, dd.mm.åååå; forms and
 * the API keep plain 'YYYY-MM-DD' strings (STYLE.md §10). Plain functions; the file is .tsx only
 * because the package exports its files as such.
 */

const NORWEGIAN = /^(\d{1,2})\.(\d{1,2})\.(\d{4})$/;
const ISO = /^(\d{4})-(\d{2})-(\d{2})$/;

/** The message under a date field whose text is no date. */
export const DATE_FORMAT_MESSAGE = 'Skriv datoen som dd.mm.åååå, for eksempel 24.12.2026.';

const pad = (n: number) => String(n).padStart(2, '0');

/** The 'YYYY-MM-DD' of a real calendar day, or null (31.02.2026 is no day). */
function isoOf(year: number, month: number, day: number): string | null {
  if (month < 1 || month > 12 || day < 1) return null;
  const daysInMonth = new Date(Date.UTC(year, month, 0)).getUTCDate();
  return day > daysInMonth ? null : `${year}-${pad(month)}-${pad(day)}`;
}

/**
 * What a person wrote, as 'YYYY-MM-DD': '24.12.2026' and '1.2.2027' (day and month with or without a
 * leading zero), or an ISO date pasted in. '' for nothing written, null for text that is no date.
 */
export function parseDateText(text: string): string | null {
  const value = text.trim();
  if (value === '') return '';
  const norwegian = NORWEGIAN.exec(value);
  if (norwegian) return isoOf(Number(norwegian[3]), Number(norwegian[2]), Number(norwegian[1]));
  const iso = ISO.exec(value);
  return iso ? isoOf(Number(iso[1]), Number(iso[2]), Number(iso[3])) : null;
}

/** 'YYYY-MM-DD' → '24.12.2026'; anything else is shown as it is (what the person wrote). */
export function formatDateText(value: string): string {
  const iso = ISO.exec(value);
  return iso ? `${iso[3]}.${iso[2]}.${iso[1]}` : value;
}

/** A 'YYYY-MM-DD' as a local Date at midnight (the calendar's days), or undefined. */
export function dateOf(value: string | undefined): Date | undefined {
  const iso = value ? ISO.exec(value) : null;
  return iso ? new Date(Number(iso[1]), Number(iso[2]) - 1, Number(iso[3])) : undefined;
}

/** A calendar day (local Date) as 'YYYY-MM-DD'. */
export const isoOfDate = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

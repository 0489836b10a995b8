/**
 * A small iCalendar (RFC 5545) writer for the calendar feeds (decision 024): one
 * VCALENDAR with the Europe/Oslo VTIMEZONE and one VEVENT per reservation. Lines end in CRLF and are
 * folded at 75 octets (never inside a UTF-8 sequence); TEXT values escape \ ; , and newlines.
 * Deterministic: the same events give the same bytes (DTSTAMP is the event's last change, not now),
 * so the ETag only changes when the feed does.
 */

export type IcsStatus = 'CONFIRMED' | 'TENTATIVE' | 'CANCELLED';

export interface IcsEvent {
  /** Globally unique and stable for the reservation's life, e.g. `reservation-17@lokaler.oslo.kommune.no`. */
  uid: string;
  /** Raised on every change of the event (RFC 5545 §3.8.7.4). */
  sequence: number;
  status: IcsStatus;
  /** Oslo wall clock: date YYYY-MM-DD and start HH:mm[:ss]. */
  date: string;
  startTime: string;
  durationMinutes: number;
  summary: string;
  location?: string;
  description?: string;
  url?: string;
  /** When the event last changed (DTSTAMP and LAST-MODIFIED), and when it was made. */
  lastModified: Date;
  created: Date;
}

export interface IcsCalendar {
  /** X-WR-CALNAME: the name calendar apps show for the subscription. */
  name: string;
  events: readonly IcsEvent[];
}

const CRLF = '\r\n';

/** Escapes a TEXT value (RFC 5545 §3.3.11): backslash, semicolon, comma, and newlines as \n. */
// eslint-disable-next-line no-control-regex
const NEEDS_ESCAPE = /[\\;,\r\n\u0000-\u0008\u000b-\u001f\u007f]/;

export function escapeText(value: string): string {
  if (!NEEDS_ESCAPE.test(value)) return value;
  return (
    value
      .replace(/\\/g, '\\\\')
      .replace(/;/g, '\\;')
      .replace(/,/g, '\\,')
      .replace(/\r\n|\r|\n/g, '\\n')
      // Other control characters are not allowed in TEXT (§3.3.11); a tab is.
      // eslint-disable-next-line no-control-regex
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '')
  );
}

/**
 * Folds one content line at 75 octets (§3.1): CRLF and one space before each continuation, which
 * then holds at most 74 octets of the value. Splits only between characters, never inside one.
 */
export function foldLine(line: string): string {
  // Most lines are short and ASCII: at most 75 UTF-16 units of ASCII are at most 75 octets.
  if (line.length <= 25 || (line.length <= 75 && Buffer.byteLength(line, 'utf8') <= 75)) return line;
  const parts: string[] = [];
  let from = 0;
  let octets = 0;
  let limit = 75;
  for (let i = 0; i < line.length;) {
    const code = line.charCodeAt(i);
    // A surrogate pair is one character of 4 octets; never split between its halves.
    const pair = code >= 0xd800 && code <= 0xdbff && i + 1 < line.length;
    const units = pair ? 2 : 1;
    const size = code < 0x80 ? 1 : code < 0x800 ? 2 : pair ? 4 : 3;
    if (octets + size > limit) {
      parts.push(line.slice(from, i));
      from = i;
      octets = 0;
      limit = 74;
    }
    octets += size;
    i += units;
  }
  parts.push(line.slice(from));
  return parts.join(`${CRLF} `);
}

/** `20260315T180000`: a local date-time (FORM #3 with TZID). */
function localDateTime(date: string, time: string): string {
  const [h = '00', m = '00', s = '00'] = time.split(':');
  return `${date.replace(/-/g, '')}T${h.padStart(2, '0')}${m.padStart(2, '0')}${s.slice(0, 2).padStart(2, '0')}`;
}

/** `20260315T170000Z`: a UTC date-time, whole seconds. */
export function utcDateTime(at: Date): string {
  return at
    .toISOString()
    .replace(/\.\d{3}Z$/, 'Z')
    .replace(/[-:]/g, '');
}

/** Europe/Oslo: CET/CEST with the EU rule (last Sunday of March and October, 01:00 UTC). */
const OSLO_VTIMEZONE = [
  'BEGIN:VTIMEZONE',
  'TZID:Europe/Oslo',
  'X-LIC-LOCATION:Europe/Oslo',
  'BEGIN:DAYLIGHT',
  'TZOFFSETFROM:+0100',
  'TZOFFSETTO:+0200',
  'TZNAME:CEST',
  'DTSTART:19700329T020000',
  'RRULE:FREQ=YEARLY;BYMONTH=3;BYDAY=-1SU',
  'END:DAYLIGHT',
  'BEGIN:STANDARD',
  'TZOFFSETFROM:+0200',
  'TZOFFSETTO:+0100',
  'TZNAME:CET',
  'DTSTART:19701025T030000',
  'RRULE:FREQ=YEARLY;BYMONTH=10;BYDAY=-1SU',
  'END:STANDARD',
  'END:VTIMEZONE',
];

function eventLines(event: IcsEvent): string[] {
  const modified = utcDateTime(event.lastModified);
  const lines = [
    'BEGIN:VEVENT',
    `UID:${escapeText(event.uid)}`,
    `DTSTAMP:${modified}`,
    `CREATED:${utcDateTime(event.created)}`,
    `LAST-MODIFIED:${modified}`,
    `SEQUENCE:${Math.max(0, Math.trunc(event.sequence))}`,
    `DTSTART;TZID=Europe/Oslo:${localDateTime(event.date, event.startTime)}`,
    // Elapsed time, as the reservation's period is (a night across a clock change keeps its length).
    `DURATION:PT${Math.max(1, Math.trunc(event.durationMinutes))}M`,
    `STATUS:${event.status}`,
    `SUMMARY:${escapeText(event.summary)}`,
  ];
  if (event.location) lines.push(`LOCATION:${escapeText(event.location)}`);
  if (event.description) lines.push(`DESCRIPTION:${escapeText(event.description)}`);
  // A URI value is not TEXT: it is not escaped (RFC 5545 §3.3.13), only kept free of line breaks.
  if (event.url) lines.push(`URL:${event.url.replace(/[\r\n]/g, '')}`);
  // A cancelled time does not block the subscriber's own calendar.
  lines.push(`TRANSP:${event.status === 'CANCELLED' ? 'TRANSPARENT' : 'OPAQUE'}`);
  lines.push('END:VEVENT');
  return lines;
}

/** The whole feed, CRLF-terminated lines, folded. */
export function renderCalendar(calendar: IcsCalendar): string {
  const lines = [
    'BEGIN:VCALENDAR',
    'VERSION:2.0',
    'PRODID:-//Oslo kommune//Lokaler//NO',
    'CALSCALE:GREGORIAN',
    // No METHOD: without one, DTSTAMP is when the event was last revised (§3.8.7.2), so the bytes stay the same between polls.
    `X-WR-CALNAME:${escapeText(calendar.name)}`,
    'X-WR-TIMEZONE:Europe/Oslo',
    // Calendar apps poll at their own pace; this asks for about once an hour (Apple, Outlook read it).
    'REFRESH-INTERVAL;VALUE=DURATION:PT1H',
    'X-PUBLISHED-TTL:PT1H',
    ...OSLO_VTIMEZONE,
    ...calendar.events.flatMap(eventLines),
    'END:VCALENDAR',
  ];
  return lines.map(foldLine).join(CRLF) + CRLF;
}

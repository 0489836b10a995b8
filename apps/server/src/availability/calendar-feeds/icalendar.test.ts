import ICAL from 'ical.js';
import { describe, expect, it } from 'vitest';
import { escapeText, foldLine, renderCalendar, utcDateTime, type IcsEvent } from './icalendar';

const event = (fields: Partial<IcsEvent> = {}): IcsEvent => ({
  uid: 'reservation-7@lokaler.example',
  sequence: 2,
  status: 'CONFIRMED',
  date: '2026-03-28',
  startTime: '18:00:00',
  durationMinutes: 90,
  summary: 'Gymsal, Sagene skole',
  location: 'Sagene skole, Kierschows gate 2, 0479 Oslo',
  description: 'Saksnummer: 26-000001',
  url: 'http://localhost:3000/bookinger/1',
  created: new Date('2026-01-02T10:00:00.123Z'),
  lastModified: new Date('2026-01-05T11:30:00Z'),
  ...fields,
});

function parse(text: string) {
  const component = new ICAL.Component(ICAL.parse(text));
  for (const zone of component.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(zone);
  return component;
}

describe('the iCalendar writer (RFC 5545)', () => {
  it('escapes backslash, semicolon, comma and every kind of newline in TEXT values', () => {
    expect(escapeText('a\\b;c,d\ne\r\nf\rg')).toBe('a\\\\b\\;c\\,d\\ne\\nf\\ng');
    expect(escapeText('tab\tok\u0007bell')).toBe('tab\tokbell');
  });

  it('folds at 75 octets with CRLF and a space, never inside a multi-byte character', () => {
    expect(foldLine('x'.repeat(75))).toBe('x'.repeat(75));
    const long = `SUMMARY:${'æøå'.repeat(40)}`;
    const folded = foldLine(long);
    const lines = folded.split('\r\n');
    expect(lines.length).toBeGreaterThan(1);
    for (const [i, line] of lines.entries()) {
      expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
      if (i > 0) expect(line.startsWith(' ')).toBe(true);
      expect(line).not.toContain('\uFFFD');
    }
    expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long);
  });

  it('never splits a surrogate pair (4-octet characters) and keeps every folded line within 75 octets', () => {
    for (const long of [`SUMMARY:${'😀'.repeat(40)}`, `SUMMARY:a${'😀'.repeat(40)}`, `DESCRIPTION:${'ab😀ø'.repeat(30)}`]) {
      const lines = foldLine(long).split('\r\n');
      for (const line of lines) {
        expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
        expect(line).not.toMatch(/[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/);
      }
      expect(lines.map((l, i) => (i === 0 ? l : l.slice(1))).join('')).toBe(long);
    }
  });

  it('writes UTC stamps in whole seconds', () => {
    expect(utcDateTime(new Date('2026-01-02T10:00:00.999Z'))).toBe('20260102T100000Z');
  });

  it('ends every line in CRLF and gives a calendar ical.js reads back, times in Europe/Oslo', () => {
    const text = renderCalendar({
      name: 'Mine bookinger – Lokaler',
      events: [
        event(),
        event({ uid: 'reservation-8@lokaler.example', status: 'TENTATIVE', sequence: 0, date: '2026-07-01', startTime: '09:15' }),
      ],
    });
    expect(text.endsWith('\r\n')).toBe(true);
    expect(text.replace(/\r\n/g, '')).not.toMatch(/[\r\n]/);
    const calendar = parse(text);
    expect(calendar.getFirstPropertyValue('version')).toBe('2.0');
    expect(calendar.getFirstSubcomponent('vtimezone')?.getFirstPropertyValue('tzid')).toBe('Europe/Oslo');
    const [winter, summer] = calendar.getAllSubcomponents('vevent').map((c) => new ICAL.Event(c));
    expect(winter!.uid).toBe('reservation-7@lokaler.example');
    expect(winter!.sequence).toBe(2);
    expect(winter!.summary).toBe('Gymsal, Sagene skole');
    expect(winter!.location).toBe('Sagene skole, Kierschows gate 2, 0479 Oslo');
    expect(winter!.component.getFirstPropertyValue('status')).toBe('CONFIRMED');
    // 18:00 in Oslo on 28 March 2026 (winter time, the day before the clock change) is 17:00 UTC.
    expect(winter!.startDate.toJSDate().toISOString()).toBe('2026-03-28T17:00:00.000Z');
    expect(winter!.endDate.toJSDate().toISOString()).toBe('2026-03-28T18:30:00.000Z');
    expect(summer!.component.getFirstPropertyValue('status')).toBe('TENTATIVE');
    // 09:15 in summer time is 07:15 UTC.
    expect(summer!.startDate.toJSDate().toISOString()).toBe('2026-07-01T07:15:00.000Z');
  });

  it('keeps text with commas, semicolons, backslashes, newlines and long Norwegian words intact through a parser', () => {
    const summary = `Avlyst: Rom 1, «Store sal»; bak\\skjerm\nlinje to ${'Ø'.repeat(60)}`;
    const text = renderCalendar({ name: 'Test, ; \\', events: [event({ summary, status: 'CANCELLED', description: 'A\nB' })] });
    for (const line of text.split('\r\n')) expect(Buffer.byteLength(line, 'utf8')).toBeLessThanOrEqual(75);
    const vevent = new ICAL.Event(parse(text).getFirstSubcomponent('vevent')!);
    expect(vevent.summary).toBe(summary);
    expect(vevent.description).toBe('A\nB');
    expect(vevent.component.getFirstPropertyValue('status')).toBe('CANCELLED');
    expect(vevent.component.getFirstPropertyValue('transp')).toBe('TRANSPARENT');
    // ical.js leaves an X- property's value as written (its type is unknown to it): escaped as TEXT.
    expect(parse(text).getFirstPropertyValue('x-wr-calname')).toBe('Test\\, \\; \\\\');
  });

  it('writes the same bytes for the same events (the ETag depends on it) and an empty calendar is valid', () => {
    const one = renderCalendar({ name: 'x', events: [event()] });
    expect(renderCalendar({ name: 'x', events: [event()] })).toBe(one);
    expect(parse(renderCalendar({ name: 'x', events: [] })).getAllSubcomponents('vevent')).toHaveLength(0);
  });
});

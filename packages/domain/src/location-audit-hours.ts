import { weekdayNames } from './application-rounds';
import { dateInWords, shortTime } from './location-audit-labels';

/** The audit log's sentences of opening hours, closed dates and blocked times (decision 064). */

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const listOf = (value: unknown): unknown[] => (Array.isArray(value) ? value : []);
const text = (value: unknown): string => (typeof value === 'string' ? value : '');

/** '16–21', '16:30–21' (whole hours without minutes). */
export function timeRange(opens: string, closes: string): string {
  return `${shortTime(opens)}–${shortTime(closes)}`;
}

/** '17. mai 2027', '1. juli–3. juli 2027' (the year once when shared), '20. desember 2026–2. januar 2027'. */
export function dateRange(fromDate: string, toDate: string): string {
  if (!toDate || fromDate === toDate) return dateInWords(fromDate);
  const [from, to] = [dateInWords(fromDate), dateInWords(toDate)];
  const sameYear = fromDate.slice(0, 4) === toDate.slice(0, 4);
  return sameYear ? `${from.replace(/ \d{4}$/, '')}–${to}` : `${from}–${to}`;
}

/** A weekday's hours as text per weekday 1–7: '16–21', '8–12 og 16–21'. */
function hoursByWeekday(hours: unknown): Map<number, string> {
  const byDay = new Map<number, string[]>();
  for (const h of listOf(hours)) {
    if (!isRecord(h) || typeof h.weekday !== 'number') continue;
    const list = byDay.get(h.weekday) ?? [];
    list.push(timeRange(text(h.opens), text(h.closes)));
    byDay.set(h.weekday, list);
  }
  return new Map([...byDay].map(([day, list]) => [day, list.sort().join(' og ')]));
}

function weekdayName(day: number): string {
  return weekdayNames[day - 1] ?? `dag ${day}`;
}

/** 'Åpningstid tirsdag endret fra 16–21 til 17–21', '… lagt til: 10–14', '… fjernet (var 10–14)' per changed weekday. */
function weeklySentences(before: unknown, after: unknown, where: string): string[] {
  const [was, is] = [hoursByWeekday(before), hoursByWeekday(after)];
  const sentences: string[] = [];
  for (let day = 1; day <= 7; day++) {
    const [a, b] = [was.get(day), is.get(day)];
    const subject = `Åpningstid ${weekdayName(day)}${where}`;
    if (a === b) continue;
    if (a === undefined) sentences.push(`${subject} lagt til: ${b}`);
    else if (b === undefined) sentences.push(`${subject} fjernet (var ${a})`);
    else sentences.push(`${subject} endret fra ${a} til ${b}`);
  }
  return sentences;
}

interface Period {
  name: string;
  fromDate: string;
  toDate: string;
  hours: unknown;
}

function periodsOf(value: unknown): Period[] {
  return listOf(value)
    .filter(isRecord)
    .map((p) => ({ name: text(p.name), fromDate: text(p.fromDate), toDate: text(p.toDate), hours: p.hours }));
}

const periodTitle = (p: Period) => `«${p.name}» (${dateRange(p.fromDate, p.toDate)})`;

/**
 * OPENING_HOURS: the standard week's changed weekdays, then the periods (matched by name): added,
 * removed, their dates moved, their weekdays changed.
 */
export function openingHoursSentences(before: unknown, after: unknown): string[] {
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const sentences = weeklySentences(was.standard, is.standard, '');
  const [oldPeriods, newPeriods] = [periodsOf(was.periods), periodsOf(is.periods)];
  for (const p of oldPeriods) {
    if (!newPeriods.some((n) => n.name === p.name)) sentences.push(`Periode ${periodTitle(p)} fjernet`);
  }
  for (const p of newPeriods) {
    const old = oldPeriods.find((o) => o.name === p.name);
    if (!old) {
      const hours = [...hoursByWeekday(p.hours)].map(([day, h]) => `${weekdayName(day)} ${h}`);
      sentences.push(`Periode ${periodTitle(p)} lagt til${hours.length ? `: ${hours.join(', ')}` : ''}`);
      continue;
    }
    if (old.fromDate !== p.fromDate || old.toDate !== p.toDate) {
      sentences.push(`Periode «${p.name}» endret fra ${dateRange(old.fromDate, old.toDate)} til ${dateRange(p.fromDate, p.toDate)}`);
    }
    sentences.push(...weeklySentences(old.hours, p.hours, ` i perioden «${p.name}»`));
  }
  return sentences;
}

/** CLOSED_DATES_ADDED / _REMOVED: 'Stengt dato 17. mai 2027 lagt til (Nasjonaldag)', 'Stengte datoer 1.–3. juli 2027 fjernet'. */
export function closedDatesSentence(range: unknown, verb: 'lagt til' | 'fjernet'): string {
  if (!isRecord(range)) return `Stengte datoer ${verb}`;
  const [from, to, reason] = [text(range.fromDate), text(range.toDate), text(range.reason).trim()];
  const single = !to || from === to;
  return `${single ? 'Stengt dato' : 'Stengte datoer'} ${dateRange(from, to)} ${verb}${reason ? ` (${reason})` : ''}`;
}

/** BLOCKED_TIMES: per changed date of the room, 'Blokkert tid for «Gymsal» 17. mai 2027 endret fra 16–18 til 16–20'. */
export function blockedTimesSentences(before: unknown, after: unknown): string[] {
  const was = isRecord(before) ? before : {};
  const is = isRecord(after) ? after : {};
  const room = text(is.name) || text(was.name);
  const subject = room ? `Blokkert tid for «${room}»` : 'Blokkert tid';
  const [oldDates, newDates] = [isRecord(was.dates) ? was.dates : {}, isRecord(is.dates) ? is.dates : {}];
  const times = (value: unknown) =>
    listOf(value)
      .map((t) => text(t).split('–'))
      .map(([a = '', b = '']) => timeRange(a, b))
      .join(' og ');
  return [...new Set([...Object.keys(oldDates), ...Object.keys(newDates)])].sort().flatMap((date) => {
    const [a, b] = [times(oldDates[date]), times(newDates[date])];
    if (a === b) return [];
    const on = `${subject} ${dateInWords(date)}`;
    if (!a) return [`${on} lagt til: ${b}`];
    if (!b) return [`${on} fjernet (var ${a})`];
    return [`${on} endret fra ${a} til ${b}`];
  });
}

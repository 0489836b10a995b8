import { fairShareRuleNames } from './admin-location-rules';
import { blockedTimesSentences, closedDatesSentence, openingHoursSentences } from './location-audit-hours';
import { fieldLabel, fieldSentence, valueInWords } from './location-audit-labels';
import { locationAuditActionLabels, type LocationAuditAction } from './location-audit';

const isRecord = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const recordOf = (value: unknown): Record<string, unknown> => (isRecord(value) ? value : {});
const text = (value: unknown): string => (typeof value === 'string' ? value : '');
const same = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

/** The keys of two objects whose values differ, in the order they were written. */
function changedKeysOf(before: unknown, after: unknown): string[] {
  const [b, a] = [recordOf(before), recordOf(after)];
  return [...new Set([...Object.keys(b), ...Object.keys(a)])].filter((key) => !same(b[key], a[key]));
}

/** One sentence per changed field: 'Firmakode endret fra X til Y' (the fallback of every action). */
function fieldSentences(before: unknown, after: unknown, label: (key: string) => string = fieldLabel): string[] {
  const [b, a] = [recordOf(before), recordOf(after)];
  return changedKeysOf(before, after)
    .map((key) => fieldSentence(label(key), b[key], a[key]))
    .filter((s) => s !== null);
}

/** Long texts (HTML or plain) are named, not quoted: 'Teksten «Hvem kan søke» endret'. */
function textSentences(before: unknown, after: unknown): string[] {
  const [b, a] = [recordOf(before), recordOf(after)];
  return changedKeysOf(before, after).map((key) => {
    const label = `Teksten «${fieldLabel(key)}»`;
    if (!valueInWords(b[key])) return `${label} skrevet`;
    if (!valueInWords(a[key])) return `${label} tømt`;
    return `${label} endret`;
  });
}

const LONG_TEXT_FIELDS = new Set(['informationMessage', 'assetInfoMessage', 'description']);

/** Location info and preferences: short fields with their values, long texts only named. */
function settingsSentences(before: unknown, after: unknown): string[] {
  const [b, a] = [recordOf(before), recordOf(after)];
  return changedKeysOf(before, after)
    .map((key) => {
      if (LONG_TEXT_FIELDS.has(key)) return valueInWords(a[key]) ? `${fieldLabel(key)} endret` : `${fieldLabel(key)} fjernet`;
      if (key === 'lat' || key === 'lng') return null;
      return fieldSentence(fieldLabel(key), b[key], a[key]);
    })
    .filter((s) => s !== null)
    .concat(changedKeysOf(before, after).some((k) => k === 'lat' || k === 'lng') ? ['Posisjonen på kartet endret'] : []);
}

/** BOOKING_RULES: switches on/off, and the fair-share limits (null is the city-wide value, decision 041). */
function rulesSentences(before: unknown, after: unknown): string[] {
  const [b, a] = [recordOf(before), recordOf(after)];
  const limit = (v: unknown) => (v === null || v === undefined ? 'byens standardverdi' : v);
  return changedKeysOf(before, after)
    .map((key) =>
      (fairShareRuleNames as readonly string[]).includes(key)
        ? fieldSentence(fieldLabel(key), limit(b[key]), limit(a[key]))
        : fieldSentence(fieldLabel(key), b[key], a[key]),
    )
    .filter((s) => s !== null);
}

/** TENANT_INFO: heading and description, and each link added or removed. */
function tenantInfoSentences(before: unknown, after: unknown): string[] {
  const [b, a] = [recordOf(before), recordOf(after)];
  const sentences: string[] = [];
  if (!isRecord(before)) sentences.push('Praktisk informasjon skrevet for første gang');
  else {
    const heading = fieldSentence('Overskrift', b.heading, a.heading);
    if (heading) sentences.push(heading);
    if (!same(b.description, a.description)) sentences.push('Beskrivelsen endret');
  }
  const links = (v: unknown) => (Array.isArray(v) ? v.filter(isRecord).map((l) => ({ url: text(l.url), linkText: text(l.linkText) })) : []);
  const [oldLinks, newLinks] = [links(b.links), links(a.links)];
  const key = (l: { url: string; linkText: string }) => `${l.url}\n${l.linkText}`;
  for (const l of newLinks) if (!oldLinks.some((o) => key(o) === key(l))) sentences.push(`Lenken «${l.linkText}» (${l.url}) lagt til`);
  for (const l of oldLinks) if (!newLinks.some((n) => key(n) === key(l))) sentences.push(`Lenken «${l.linkText}» (${l.url}) fjernet`);
  return sentences;
}

/** A room's own switches, as the room form labels them (the location's have other words). */
const roomFlagLabels: Record<string, string> = {
  allowSingleBookingsForPublicUser: 'Innbyggere kan søke om enkelttider',
  allowRepeatedBookingsForPublicUser: 'Innbyggere kan søke om faste tider som gjentas hver uke',
  maxOneTimeslotPerBookingForPublicUser: 'Innbyggere kan bare velge ett sammenhengende tidsrom per søknad',
};

/** ROOM_CHANGED: 'Kapasitet for «Gymsal» endret fra 60 til 80', a new name, hidden or shown, tags added/removed. */
function roomSentences(before: unknown, after: unknown): string[] {
  const [b, a] = [recordOf(before), recordOf(after)];
  const room = `«${text(b.name) || text(a.name) || 'rommet'}»`;
  return changedKeysOf(before, after)
    .map((key) => {
      switch (key) {
        case 'id':
          return null;
        case 'name':
          return `Rommet ${room} har fått nytt navn: «${text(a.name)}»`;
        case 'status':
          if (a.status === 'PUBLISHED') return `Rommet ${room} vises i portalen`;
          if (a.status === 'UNPUBLISHED') return `Rommet ${room} er skjult i portalen`;
          return fieldSentence(`Status for ${room}`, b.status, a.status);
        case 'tagIds': {
          const ids = (v: unknown) => (Array.isArray(v) ? v : []);
          const added = ids(a.tagIds).filter((t) => !ids(b.tagIds).includes(t)).length;
          const removed = ids(b.tagIds).filter((t) => !ids(a.tagIds).includes(t)).length;
          const parts = [added ? `${added} lagt til` : '', removed ? `${removed} fjernet` : ''].filter(Boolean);
          return `Egenskaper for ${room} endret: ${parts.join(', ')}`;
        }
        case 'assetTypeId':
          return `Romtype for ${room} endret`;
        case 'assetInfoMessage':
          return valueInWords(a.assetInfoMessage) ? `Informasjon om rommet ${room} endret` : `Informasjon om rommet ${room} fjernet`;
        default: {
          const label = roomFlagLabels[key] ?? fieldLabel(key);
          if (typeof a[key] === 'boolean' && typeof b[key] === 'boolean') return `${fieldSentence(label, b[key], a[key])} for ${room}`;
          return fieldSentence(`${label} for ${room}`, b[key], a[key]);
        }
      }
    })
    .filter((s) => s !== null);
}

function emailsOf(value: unknown): string[] {
  const v = recordOf(value);
  if (Array.isArray(v.emails)) return v.emails.map(text).filter(Boolean);
  return text(v.email) ? [text(v.email)] : [];
}

/** An instant in Norwegian, as the administrator's clock shows it: '12. desember 2026'. */
function instantDay(value: unknown): string | null {
  const date = typeof value === 'string' ? new Date(value) : null;
  if (!date || Number.isNaN(date.getTime())) return null;
  return new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', day: 'numeric', month: 'long', year: 'numeric' }).format(date);
}

function sentencesOf(action: LocationAuditAction, before: unknown, after: unknown): string[] {
  switch (action) {
    case 'LOCATION_CREATED': {
      const a = recordOf(after);
      return [
        text(a.name) ? `Lokalet «${text(a.name)}» opprettet` : 'Lokalet opprettet',
        ...(text(a.adminEmail) ? [`Administrator ${text(a.adminEmail)} invitert`] : []),
      ];
    }
    case 'LOCATION_INFO':
    case 'PREFERENCES':
      return settingsSentences(before, after);
    case 'BOOKING_RULES':
      return rulesSentences(before, after);
    case 'ABOUT_TEXTS':
      return textSentences(before, after);
    case 'TENANT_INFO':
      return tenantInfoSentences(before, after);
    case 'OPENING_HOURS':
      return openingHoursSentences(before, after);
    case 'CLOSED_DATES_ADDED':
      return [closedDatesSentence(after, 'lagt til')];
    case 'CLOSED_DATES_REMOVED':
      return [closedDatesSentence(before, 'fjernet')];
    case 'ROOM_ADDED':
      return [`Rommet «${text(recordOf(after).name) || 'uten navn'}» opprettet`];
    case 'ROOM_CHANGED':
      return roomSentences(before, after);
    case 'ROOM_DELETED':
      return [`Rommet «${text(recordOf(before).name) || 'uten navn'}» slettet`];
    case 'ADMIN_ADDED':
      return emailsOf(after).map((e) => `Administrator ${e} lagt til${recordOf(after).invitation ? ' (tok i bruk invitasjonen)' : ''}`);
    case 'ADMINS_REMOVED':
      return emailsOf(before).map((e) => `Administrator ${e} fjernet`);
    case 'BLOCKED_TIMES':
      return blockedTimesSentences(before, after);
    case 'PUBLISHED':
      return ['Lokalet publisert'];
    case 'INVITATION_RESENT': {
      const [to, until] = [text(recordOf(after).email), instantDay(recordOf(after).expiresTimeUtc)];
      return [`Invitasjonen${to ? ` til ${to}` : ''} sendt på nytt${until ? `, gyldig til ${until}` : ''}`];
    }
    default:
      return fieldSentences(before, after);
  }
}

/**
 * What an audit entry changed, in Norwegian sentences (decision 064): 'Åpningstid tirsdag endret fra
 * 16–21 til 17–21', 'Rommet «Gymsal» opprettet'. Every action the server writes has its own wording;
 * a field without one reads 'Feltnavn endret fra X til Y' from the label table. The stored data is
 * read defensively (old entries, other shapes): never throws, never shows JSON, and answers at
 * least one sentence (the action's label when nothing readable differs).
 */
export function auditEntrySentences(entry: { action: LocationAuditAction; before: unknown; after: unknown }): string[] {
  const sentences = sentencesOf(entry.action, entry.before, entry.after);
  return sentences.length ? sentences : [locationAuditActionLabels[entry.action] ?? 'Endring registrert'];
}

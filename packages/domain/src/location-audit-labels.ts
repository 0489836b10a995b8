import { bookingRuleLabels, fairShareLimitOfRule, fairShareRuleNames } from './admin-location-rules';
import { fairShareLimitLabels } from './fair-share';
import { formatDate } from './scheduling/format-date';

/**
 * The Norwegian names of the fields the audit log records (decision 064), as the settings forms
 * label them. A key missing here is named from its own spelling (fieldLabel), never shown as JSON.
 */
export const auditFieldLabels: Record<string, string> = {
  // The location's information
  name: 'Navn',
  publicLocationType: 'Type lokale',
  filterCategory: 'Filterkategori',
  geographicAreaId: 'Bydel',
  streetAddress: 'Gateadresse',
  postCode: 'Postnummer',
  city: 'Poststed',
  phoneNumber: 'Telefonnummer',
  contactEmail: 'E-post',
  homepage: 'Hjemmeside',
  externalUrl: 'Lenke til mer informasjon',
  companyCode: 'Firmakode',
  informationMessage: 'Informasjonsmelding',
  lat: 'Breddegrad',
  lng: 'Lengdegrad',
  adminEmail: 'Første administrator',
  // Preferences
  behandlingstid: 'Behandlingstid (dager)',
  minBookingDurationMinutes: 'Minste varighet per booking (minutter)',
  displayInPortal: 'Vis lokalet i portalen',
  allowSingleBookingsForPublicUser: 'Innbyggere kan søke om enkeltlån',
  allowRepeatedBookingsForPublicUser: 'Innbyggere kan søke om faste lån (gjentakende)',
  maxOneTimeslotPerBookingForPublicUser: 'Innbyggere kan bare velge én tid per søknad',
  requireCostCategory: 'Krev kostnadskategori ved godkjenning',
  // Rules
  ...bookingRuleLabels,
  ...Object.fromEntries(fairShareRuleNames.map((rule) => [rule, fairShareLimitLabels[fairShareLimitOfRule[rule]]])),
  // About texts and practical information
  whoCanApply: 'Hvem kan søke',
  locationCosts: 'Hva koster det',
  loanCriteria: 'Vilkår for lån og leie',
  heading: 'Overskrift',
  description: 'Beskrivelse',
  links: 'Lenker',
  // Rooms
  externalAssetNumber: 'Romnummer',
  capacity: 'Kapasitet',
  squareMeters: 'Areal (m²)',
  assetTypeId: 'Romtype',
  tagIds: 'Egenskaper',
  assetInfoMessage: 'Informasjon om rommet',
  hasOslonokkelen: 'Digital nøkkel (Oslonøkkelen)',
  status: 'Status',
  // Others
  email: 'E-post',
  emails: 'E-postadresser',
  expiresTimeUtc: 'Gyldig til',
};

/** A field's Norwegian name: from the table, else its spelling in words ('someNewField' → 'Some new field'). */
export function fieldLabel(key: string): string {
  const known = auditFieldLabels[key];
  if (known) return known;
  const words = key
    .replace(/([a-zæøå0-9])([A-ZÆØÅ])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words ? words[0]!.toUpperCase() + words.slice(1) : 'Verdi';
}

const MAX_VALUE_LENGTH = 60;
const isoDate = /^\d{4}-\d{2}-\d{2}$/;

/** Text without HTML tags and runs of white space, as a reader sees it. */
export function plainText(value: string): string {
  return value
    .replace(/<[^>]*>/g, ' ')
    .replace(/&nbsp;/g, ' ')
    .replace(/&amp;/g, '&')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/\s+/g, ' ')
    .trim();
}

/** A date 'YYYY-MM-DD' in words: '17. mai 2027'. */
export function dateInWords(value: string): string {
  return isoDate.test(value) ? formatDate(value, 'd. MMMM yyyy') : value;
}

/** '16:00' → '16', '16:30' → '16:30', '08:00' → '8' (decision 064: whole hours without minutes). */
export function shortTime(value: string): string {
  const match = /^(\d{2}):(\d{2})/.exec(value);
  if (!match) return value;
  const hour = String(Number(match[1]));
  return match[2] === '00' ? hour : `${hour}:${match[2]}`;
}

/**
 * One value in words, short: yes/no, a date, a number in Norwegian, text without HTML (shortened
 * with '…'), a list as its items. null when empty (the sentence then says 'lagt til' / 'fjernet').
 */
export function valueInWords(value: unknown): string | null {
  if (value === null || value === undefined || value === '') return null;
  if (typeof value === 'boolean') return value ? 'ja' : 'nei';
  if (typeof value === 'number') return value.toLocaleString('nb-NO');
  if (typeof value === 'string') {
    if (isoDate.test(value)) return dateInWords(value);
    const text = plainText(value);
    if (!text) return null;
    return text.length > MAX_VALUE_LENGTH ? `«${text.slice(0, MAX_VALUE_LENGTH - 1)}…»` : `«${text}»`;
  }
  if (Array.isArray(value)) {
    const items = value.map(valueInWords).filter((v) => v !== null);
    return items.length ? items.join(', ') : null;
  }
  if (typeof value === 'object') {
    const parts = Object.entries(value as Record<string, unknown>)
      .map(([k, v]) => {
        const words = valueInWords(v);
        return words === null ? null : `${fieldLabel(k).toLowerCase()} ${words}`;
      })
      .filter((v) => v !== null);
    return parts.length ? parts.join(', ') : null;
  }
  return String(value);
}

/** '{label} endret fra X til Y', '… satt til Y', '… fjernet (var X)', '«{label}» slått på'; null when both sides read the same. */
export function fieldSentence(label: string, before: unknown, after: unknown): string | null {
  if (typeof before === 'boolean' && typeof after === 'boolean') {
    return before === after ? null : `«${label}» slått ${after ? 'på' : 'av'}`;
  }
  const [was, is] = [valueInWords(before), valueInWords(after)];
  if (was === is) return null;
  if (was === null) return `${label} satt til ${is}`;
  if (is === null) return `${label} fjernet (var ${was})`;
  return `${label} endret fra ${was} til ${is}`;
}

import { createHash } from 'node:crypto';
import { bookingStatusLabels, type CostCategory } from '@lokaler/domain/booking';
import { escapeHtml } from '@lokaler/domain/escape-html';
import type { MyDataBooking, MyDataExport } from '@lokaler/domain/my-data';
import type { ReservationStatus } from '@lokaler/domain/reservation';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';
import { supportCategoryLabels } from '@lokaler/domain/support-request';

/**
 * GET /api/user/my-data/summary (decision 057): the same content as the JSON copy as one readable,
 * printable HTML document in Norwegian. Everything the person or anybody else typed is escaped; the
 * document has no script and allows nothing but its own style block (CSP by hash, in the header and
 * in a meta tag, so the policy holds also when the saved file is opened from disk).
 */

const STYLE = `body{font-family:system-ui,sans-serif;max-width:50rem;margin:1rem auto;padding:0 1rem;line-height:1.5;color:#1a1a1a}
h1{font-size:1.75rem}h2{font-size:1.35rem;margin-top:2rem;border-bottom:1px solid #ccc}h3{font-size:1.1rem}
dl{display:grid;grid-template-columns:max-content 1fr;gap:.25rem 1rem}dt{font-weight:600}dd{margin:0;overflow-wrap:anywhere}
table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:.25rem .5rem;text-align:left}
section.booking{break-inside:avoid;margin-bottom:1.5rem}`;

/** The document's policy: no scripts, no requests, only the style block above (a meta tag cannot say frame-ancestors). */
const POLICY = `default-src 'none'; style-src 'sha256-${createHash('sha256').update(STYLE).digest('base64')}'; base-uri 'none'; form-action 'none'`;
/** The Content-Security-Policy header of the answer. */
export const SUMMARY_CSP = `${POLICY}; frame-ancestors 'none'`;

const reservationStatusTexts: Record<ReservationStatus, string> = {
  UNPROCESSED: 'Venter på behandling',
  APPROVED: 'Godkjent',
  REJECTED: 'Avslått',
  REPLACED: 'Erstattet',
  UNAVAILABLE: 'Ikke tilgjengelig',
  CANCELLED: 'Kansellert',
  AUTOREJECTED: 'Automatisk avslått',
  IN_ROUND: 'I tildelingsrunde',
};
const costCategoryTexts: Record<CostCategory, string> = { FREE: 'Gratis', COST: 'Selvkost', MARKET: 'Markedspris' };
const weekdayTexts = ['', 'mandag', 'tirsdag', 'onsdag', 'torsdag', 'fredag', 'lørdag', 'søndag'];
const answerTexts: Record<string, string> = {
  activity: 'Aktivitet',
  purpose: 'Formål',
  participants: 'Antall deltakere',
  ageGroup: 'Aldersgruppe',
  contactEmail: 'E-post',
  contactPhone: 'Telefon',
  message: 'Melding',
};
const weddingAnswerTexts: Record<string, string> = {
  applicantName: 'Ditt navn',
  applicantEmail: 'Din e-post',
  applicantPhoneNo: 'Ditt telefonnummer',
  addressStreetName: 'Adresse',
  addressPostCode: 'Postnummer',
  addressPostalName: 'Poststed',
  spouseName: 'Partners navn',
  spouseEmail: 'Partners e-post',
  spousePhoneNo: 'Partners telefonnummer',
  eventLanguage: 'Språk for vielsen',
  weddingInterpreterRequired: 'Trenger tolk',
  weddingInterpreterLanguage: 'Tolkespråk',
  preferredContactLanguage: 'Språk for kontakt',
  weddingCulturalSegmentDesired: 'Ønsker kulturelt innslag',
  weddingCulturalSegment: 'Kulturelt innslag',
  needsAccommodation: 'Trenger tilrettelegging',
  accommodationDetails: 'Tilrettelegging',
  extraInformation: 'Annet',
};

const e = (value: string | number | null | undefined) =>
  value === null || value === undefined || value === '' ? '–' : escapeHtml(String(value));
const instant = (iso: string | null) =>
  iso === null
    ? '–'
    : new Intl.DateTimeFormat('nb-NO', { timeZone: 'Europe/Oslo', dateStyle: 'short', timeStyle: 'short' }).format(new Date(iso));
const date = (value: string) => formatDateNorwegian(value);
const answerText = (value: unknown) => (value === true ? 'Ja' : value === false ? 'Nei' : value === null ? '' : String(value));

function list(rows: readonly [string, string][]): string {
  return `<dl>${rows.map(([term, value]) => `<dt>${escapeHtml(term)}</dt><dd>${value}</dd>`).join('')}</dl>`;
}

function section(title: string, body: string, empty: string, hasContent: boolean): string {
  return `<section><h2>${escapeHtml(title)}</h2>${hasContent ? body : `<p>${escapeHtml(empty)}</p>`}</section>`;
}

function bookingSection(b: MyDataBooking): string {
  const answers = Object.entries(b.formAnswers).map(([key, value]): [string, string] => [answerTexts[key] ?? key, e(answerText(value))]);
  const times = b.reservations.length
    ? `<table><caption>Tider</caption><thead><tr><th scope="col">Rom</th><th scope="col">Dato</th><th scope="col">Tid</th><th scope="col">Status</th></tr></thead><tbody>${b.reservations
        .map(
          (r) =>
            `<tr><td>${e(r.room)}</td><td>${date(r.date)}</td><td>${formatClock(r.startTime)} (${r.durationMinutes} min)</td><td>${reservationStatusTexts[r.status]}</td></tr>`,
        )
        .join('')}</tbody></table>`
    : '<p>Ingen tider.</p>';
  const changes = b.changes.length
    ? `<h4>Endringslogg</h4><ul>${b.changes
        .map(
          (c) =>
            `<li>${instant(c.loggedUtc)}: ${e(c.label ?? c.type)}${c.user ? ` av ${e(c.user)}` : ''}${c.comment ? ` – ${e(c.comment)}` : ''}</li>`,
        )
        .join('')}</ul>`
    : '';
  const messages = b.decisionMessages.length
    ? `<h4>Meldinger fra utleier</h4><ul>${b.decisionMessages.map((m) => `<li>${instant(m.createdUtc)}: ${e(m.message)}</li>`).join('')}</ul>`
    : '';
  const documents = b.documents.length
    ? `<h4>Dokumenter</h4><ul>${b.documents
        .map(
          (d) =>
            `<li>${d.kind === 'VEDTAK' ? 'Vedtak' : 'Kontrakt'} utstedt ${instant(d.issuedUtc)}${d.revokedUtc ? `, trukket tilbake ${instant(d.revokedUtc)}` : ''} (SHA-256 ${e(d.sha256)})</li>`,
        )
        .join('')}</ul>`
    : '';
  const signed = b.signedContract
    ? `<p>Kontrakten ble signert ${instant(b.signedContract.signedUtc)} av ${e(b.signedContract.signedByName)} (SHA-256 ${e(b.signedContract.sha256)}).</p>`
    : '';
  const wedding = b.wedding
    ? `<h4>Vigselsskjema</h4>${list([
        ['Sendt', instant(b.wedding.submittedUtc)],
        ['Fødselsnummer', b.wedding.identityNumber ? `${e(b.wedding.identityNumber)} (vist som fødselsdato)` : 'Ikke lagret'],
        [
          'Prøvingsattest',
          b.wedding.certificate
            ? `${e(b.wedding.certificate.filename)}, lastet opp ${instant(b.wedding.certificate.addedUtc)}`
            : 'Ikke lagret',
        ],
        ...Object.entries(b.wedding.answers ?? {}).map(([key, value]): [string, string] => [
          weddingAnswerTexts[key] ?? key,
          e(answerText(value)),
        ]),
      ])}`
    : '';
  return `<section class="booking"><h3>Sak ${e(b.caseNumber)}: ${e(b.locationName)}</h3>${list([
    ['Status', bookingStatusLabels[b.status]],
    ['Sendt', instant(b.createdUtc)],
    ['Organisasjon', b.organization ? `${e(b.organization.name)} (${e(b.organization.number)})` : 'Ingen (privatperson)'],
    ['Kostnadskategori', b.costCategory ? costCategoryTexts[b.costCategory] : '–'],
    ...(b.onBehalfOf
      ? [['Booket på vegne av', `${e(b.onBehalfOf.name)} ${b.onBehalfOf.email ? `(${e(b.onBehalfOf.email)})` : ''}`] as [string, string]]
      : []),
    ...answers,
  ])}${times}${changes}${messages}${documents}${signed}${wedding}</section>`;
}

export function renderSummary(data: MyDataExport): string {
  const { profile } = data;
  const body = [
    `<h1>Mine data i Lokaler</h1><p>Oversikt over alt Lokaler har lagret om deg, laget ${instant(data.generatedUtc)}. Den samme oversikten finnes som JSON-fil.</p>`,
    section(
      'Om deg',
      list([
        ['Navn', e(profile.name)],
        ['E-post', e(profile.email)],
        ['Første innlogging', instant(profile.createdUtc)],
        ['Siste innlogging', instant(profile.lastLoginUtc)],
      ]),
      '',
      true,
    ),
    section(
      'Organisasjoner du kan representere',
      `<ul>${data.organizations.map((o) => `<li>${e(o.name)} (${e(o.number)})</li>`).join('')}</ul>`,
      'Ingen.',
      data.organizations.length > 0,
    ),
    section('Bookinger og søknader', data.bookings.map(bookingSection).join(''), 'Du har ingen bookinger.', data.bookings.length > 0),
    section(
      'Varsler om ledige tider',
      `<ul>${data.freeSlotAlerts
        .map(
          (a) =>
            `<li>${e(a.locationName)}${a.roomName ? `, ${e(a.roomName)}` : ''}: ${date(a.fromDate)}–${date(a.toDate)}${a.weekdays.length ? `, ${a.weekdays.map((d) => weekdayTexts[d]).join(', ')}` : ''}${a.timeFrom && a.timeTo ? `, ${formatClock(a.timeFrom)}–${formatClock(a.timeTo)}` : ''}${a.endedUtc ? ` (avsluttet ${instant(a.endedUtc)})` : ''}</li>`,
        )
        .join('')}</ul>`,
      'Ingen varsler.',
      data.freeSlotAlerts.length > 0,
    ),
    section(
      'Kalenderabonnement',
      data.calendarFeed
        ? `<p>Laget ${instant(data.calendarFeed.createdUtc)}${data.calendarFeed.rotatedUtc ? `, lenken byttet ${instant(data.calendarFeed.rotatedUtc)}` : ''}. Selve lenken står ikke her, fordi den er hemmelig.</p>`
        : '',
      'Du har ikke noe kalenderabonnement.',
      data.calendarFeed !== null,
    ),
    section(
      'Meldinger via kontaktskjemaet',
      `<ul>${data.supportInquiries
        .map(
          (q) =>
            `<li>${instant(q.createdUtc)}, ${supportCategoryLabels[q.category]}${q.locationName ? ` (${e(q.locationName)})` : ''}: ${e(q.message)}</li>`,
        )
        .join('')}</ul>`,
      'Ingen meldinger.',
      data.supportInquiries.length > 0,
    ),
  ].join('');
  return `<!doctype html><html lang="nb"><head><meta charset="utf-8"><meta http-equiv="Content-Security-Policy" content="${POLICY}"><meta name="viewport" content="width=device-width, initial-scale=1"><title>Mine data i Lokaler</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
}

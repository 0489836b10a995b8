import { formatOsloDateTime } from '@lokaler/domain/user-booking-rules';
import { article, h, p, section, table } from '../../bookings';
import type { ArchiveCaseRecord } from './repository';

/**
 * The HTML of the journal posts that have no stored document of their own (decision 056): the
 * application as it came in (its times from the first change-log entry, so a time moved later does not
 * change what the citizen applied for), and a decision when the location issues no vedtak. Made with
 * the documents' own helpers, which escape every value, and rendered to PDF/A by the documents' renderer.
 */

function applicantRows(record: ArchiveCaseRecord): string[][] {
  return [
    ['Saksnummer', record.caseNumber],
    ['Søker', record.applicantName ?? 'Ukjent søker'],
    ...(record.organizationName
      ? [['Organisasjon', `${record.organizationName} (${record.organizationNumber ?? 'uten organisasjonsnummer'})`]]
      : []),
    ['Lokale', record.locationName],
  ];
}

const timesTable = (record: ArchiveCaseRecord) =>
  table(
    ['Rom', 'Tider'],
    record.appliedTimes.map((r) => [r.assetDescription, r.times.join(', ')]),
  );

export function applicationHtml(record: ArchiveCaseRecord, receivedAt: Date): string {
  const answers = record.formAnswers;
  const about: string[][] = [
    ...(answers.activity ? [['Aktivitet', answers.activity]] : []),
    ...(answers.purpose ? [['Formål', answers.purpose]] : []),
    ...(answers.participants !== undefined ? [['Antall deltakere', String(answers.participants)]] : []),
    ...(answers.ageGroup ? [['Aldersgruppe', answers.ageGroup]] : []),
    ...(answers.message ? [['Melding', answers.message]] : []),
  ];
  return article(
    h(1, `Søknad om lån av lokale – ${record.caseNumber}`),
    p(`Mottatt ${formatOsloDateTime(receivedAt.toISOString())} gjennom Lokaler.`),
    section(h(2, 'Søker'), table(['Felt', 'Verdi'], applicantRows(record))),
    section(h(2, 'Tider det er søkt om'), timesTable(record)),
    about.length ? section(h(2, 'Om arrangementet'), table(['Felt', 'Verdi'], about)) : '',
  );
}

export function decisionHtml(record: ArchiveCaseRecord): string {
  const approved = record.decision?.type === 'BookingApproval';
  const decidedAt = record.decision?.loggedAt ?? record.createdAt;
  return article(
    h(1, `${approved ? 'Søknaden er godkjent' : 'Søknaden er avslått'} – ${record.caseNumber}`),
    p(`Avgjort ${formatOsloDateTime(decidedAt.toISOString())}${record.decision?.userName ? ` av ${record.decision.userName}` : ''}.`),
    section(h(2, 'Søknaden'), table(['Felt', 'Verdi'], applicantRows(record)), timesTable(record)),
    record.decision?.comment ? section(h(2, 'Begrunnelse'), p(record.decision.comment)) : '',
  );
}

import type { VedtakType } from '@lokaler/domain/admin-approval';
import type { ChangeLogReservationTimes } from '@lokaler/domain/booking';
import type { DocumentData } from './document-data';
import type { DocumentTerms } from './document-terms';
import { article, h, p, section, ul } from './html';
import { address, applicantLine, conditionsNotes, dated, priceSection, timesSection } from './render-parts';

export interface VedtakInput {
  data: DocumentData;
  type: VedtakType;
  terms: DocumentTerms;
  /** The reason the applicant is given (rejection). */
  rejectionText?: string | null | undefined;
  /** Oslo date of the decision (YYYY-MM-DD). */
  today: string;
  /**
   * Times asked for and not granted, with the reason (an application of a semester round granted in
   * part): the applicant may appeal those too. Left out, or empty, the vedtak says nothing of them.
   */
  refused?: readonly { reason: string; times: ChangeLogReservationTimes }[] | undefined;
}

/**
 * The vedtak (administrative decision) as HTML. Deterministic: the same booking, terms and date give
 * the same bytes, so the hash the administrator approved can be checked again at approval.
 */
export function renderVedtak({ data, type, terms, rejectionText, today, refused = [] }: VedtakInput): string {
  const approved = type === 'APPROVAL';
  const where = [data.location.name, address(data)].filter(Boolean).join(', ');
  const parts = [
    h(1, approved ? 'Vedtak om lån av lokale' : 'Vedtak om avslag på søknad om lån av lokale'),
    p(`Saksnummer: ${data.caseNumber}`),
    dated(today),
    p(`Søker: ${applicantLine(data)}`),
    p(`Lokale: ${where}`),
    ...(data.formAnswers.activity ? [p(`Aktivitet: ${data.formAnswers.activity}`)] : []),
    section(
      h(2, 'Vedtak'),
      p(
        approved
          ? `${data.location.name} innvilger søknaden om lån av lokale for tidene nedenfor.`
          : `${data.location.name} avslår søknaden om lån av lokale.`,
      ),
    ),
  ];
  if (approved) {
    parts.push(timesSection(data));
    if (refused.length > 0) {
      parts.push(
        section(
          h(2, 'Ikke innvilget'),
          ...refused.map(
            (r) => `${r.times.map((room) => `${h(3, room.assetDescription)}${ul(room.times)}`).join('')}${p(`Begrunnelse: ${r.reason}`)}`,
          ),
        ),
      );
    }
    parts.push(priceSection(data, terms));
    const notes = conditionsNotes(terms);
    if (notes.length) parts.push(section(h(2, 'Vilkår'), ul(notes)));
  } else {
    parts.push(section(h(2, 'Begrunnelse'), p(rejectionText?.trim() || 'Ingen begrunnelse er gitt.')));
  }
  parts.push(
    section(
      h(2, 'Klageadgang'),
      p(
        'Du kan klage på vedtaket. Fristen for å klage er tre uker fra du mottok vedtaket, jf. forvaltningsloven §§ 28 og 29. ' +
          `Klagen sendes til ${data.location.name}${data.location.contactEmail ? ` (${data.location.contactEmail})` : ''}. ` +
          'Skriv hvilket vedtak du klager på, hvorfor, og hvilken endring du ønsker.',
      ),
    ),
  );
  return article(...parts);
}

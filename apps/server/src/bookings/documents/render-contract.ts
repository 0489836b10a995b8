import type { DocumentData } from './document-data';
import type { DocumentTerms } from './document-terms';
import { article, h, p, section, ul } from './html';
import { address, applicantLine, conditionsNotes, dated, priceSection, timesSection } from './render-parts';

/** The standard conditions of a loan or rental of municipal premises. */
const standardConditions = [
  'Leietaker er ansvarlig for at lokalet brukes til aktiviteten det er søkt om, og at antallet personer ikke overstiger det lokalet er godkjent for.',
  'Lokalet skal forlates ryddet og i samme stand som ved overtakelse. Skader og mangler skal meldes til utleier straks.',
  'Leietaker er erstatningsansvarlig for skader på lokalet og inventaret som oppstår under leieforholdet.',
  'Det er ikke tillatt å overnatte, servere alkohol eller bruke åpen flamme i lokalet uten særskilt avtale.',
  'Leietaker skal gjøre seg kjent med branninstruks og rømningsveier før bruk.',
  'Utleier kan i særlige tilfeller trekke tilbake enkelttider, for eksempel ved vannlekkasje eller andre uforutsette hendelser.',
  'Kontrakten kan ikke overdras til andre.',
];

/**
 * The contract the applicant signs, as HTML. Deterministic like the vedtak (see renderVedtak), so
 * the administrator's approved hash can be checked again at approval.
 */
export function renderContract({ data, terms, today }: { data: DocumentData; terms: DocumentTerms; today: string }): string {
  const notes = conditionsNotes(terms);
  return article(
    h(1, 'Kontrakt for lån og leie av lokale'),
    p(`Saksnummer: ${data.caseNumber}`),
    dated(today),
    section(
      h(2, 'Parter'),
      p(`Utleier: Oslo kommune ved ${data.location.name}${address(data) ? `, ${address(data)}` : ''}`),
      p(`Leietaker: ${applicantLine(data)}`),
    ),
    ...(data.formAnswers.activity ? [section(h(2, 'Formål'), p(data.formAnswers.activity))] : []),
    timesSection(data),
    priceSection(data, terms),
    section(h(2, 'Vilkår'), ul([...standardConditions, ...notes])),
    section(h(2, 'Signering'), p('Kontrakten signeres digitalt av leietaker i Lokaler. Lånet er bindende når kontrakten er signert.')),
  );
}

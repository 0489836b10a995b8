import type { BookingDurationType, CostCategory } from '@lokaler/domain/booking';
import { formatKroner } from '@lokaler/domain/admin-selvkost';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock } from '@lokaler/domain/scheduling/time-of-day';

/**
 * The rental contract as HTML, built from the booking, its location, its times and the cost terms.
 * Only the tags spec 02 §5 allows for printing (contractAllowedTags: headings, paragraphs, lists,
 * tables, div, section, article, br) and no attributes; every value is escaped. The same input
 * always gives the same HTML, so its SHA-256 identifies what the applicant read and signed.
 */
export interface ContractInput {
  caseNumber: string;
  location: {
    name: string;
    streetAddress: string | null;
    postCode: string | null;
    city: string | null;
    contactEmail: string | null;
    phoneNumber: string | null;
  };
  tenant: { name: string; email: string | null; organization: { name: string; number: string | null } | null };
  activity: string | null;
  participants: number | null;
  durationType: BookingDurationType;
  /** The times the contract covers (the booking's active times), in date order. */
  times: readonly { room: string; date: string; startTime: string; endTime: string }[];
  cost: { category: CostCategory | null; marketPriceOre: number | null; calculatedPriceOre: number | null };
  hasOslonokkelen: boolean;
  hasTilsynsvakt: boolean;
}

export function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

const p = (text: string) => `<p>${escapeHtml(text)}</p>`;
const lines = (values: readonly (string | null)[]) => values.filter((v): v is string => Boolean(v)).map(escapeHtml).join('<br>');

function priceText(cost: ContractInput['cost']): string {
  switch (cost.category) {
    case 'FREE':
      return 'Lånet er gratis. Leietaker betaler likevel for skader og for ekstra renhold når lokalet ikke er ryddet.';
    case 'MARKET':
      return cost.marketPriceOre === null
        ? 'Leien er markedspris etter utleiers gjeldende satser.'
        : `Leien er markedspris: ${formatKroner(cost.marketPriceOre)} for leieperioden. Faktura sendes etter leieperioden.`;
    case 'COST':
      return cost.calculatedPriceOre === null
        ? 'Leien beregnes etter selvkost etter utleiers gjeldende satser. Faktura sendes etter leieperioden.'
        : `Leien beregnes etter selvkost: ${formatKroner(cost.calculatedPriceOre)} for leieperioden. Faktura sendes etter leieperioden.`;
    default:
      return 'Leien fastsettes av utleier i vedtaket om utlån.';
  }
}

function timesTable(times: ContractInput['times']): string {
  const rows = times.map((t) => `<tr><td>${escapeHtml(t.room)}</td><td>${escapeHtml(formatDate(t.date, 'EEEE dd.MM.yyyy'))}</td><td>${escapeHtml(`${formatClock(t.startTime)}–${formatClock(t.endTime)}`)}</td></tr>`);
  return `<table><thead><tr><th>Rom</th><th>Dato</th><th>Tid</th></tr></thead><tbody>${rows.join('')}</tbody></table>`;
}

export function renderContractHtml(input: ContractInput): string {
  const { location, tenant } = input;
  const address = [location.streetAddress, [location.postCode, location.city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
  const tenantLines = tenant.organization
    ? [tenant.organization.number ? `${tenant.organization.name} (org.nr. ${tenant.organization.number})` : tenant.organization.name, `v/ ${tenant.name}`, tenant.email]
    : [tenant.name, tenant.email];
  const conditions = [
    'Lokalet skal bare brukes til formålet som står i kontrakten. Framleie er ikke tillatt.',
    'Leietaker er ansvarlig for at brann- og sikkerhetsregler følges, og for at rømningsveier holdes frie.',
    'Det er ikke tillatt å servere eller nyte alkohol i lokalet uten særskilt tillatelse.',
    'Lokalet skal forlates ryddig og i samme stand som ved ankomst. Skader meldes straks til utleier.',
    'Leietaker erstatter skader på lokale og utstyr som skyldes bruken.',
    ...(input.hasOslonokkelen ? ['Lokalet åpnes med Oslonøkkelen. Tilgangen gjelder bare for tidene i kontrakten og skal ikke deles med andre enn dem leietaker har lagt til.'] : []),
    ...(input.hasTilsynsvakt ? ['Utleier stiller med tilsynsvakt i leietiden. Tilsynsvaktens anvisninger skal følges.'] : []),
  ];
  return [
    '<article>',
    '<h1>Leiekontrakt</h1>',
    p(`Saksnummer: ${input.caseNumber}`),
    '<section><h2>1. Parter</h2><table><tbody>',
    `<tr><th>Utleier</th><td>${lines([`Oslo kommune v/ ${location.name}`, address || null, location.contactEmail, location.phoneNumber])}</td></tr>`,
    `<tr><th>Leietaker</th><td>${lines(tenantLines)}</td></tr>`,
    '</tbody></table></section>',
    '<section><h2>2. Leieobjekt og leietid</h2>',
    p(input.durationType === 'SEMESTERLOAN'
      ? `Kontrakten gjelder semesterlån av disse rommene og tidene ved ${location.name}:`
      : `Kontrakten gjelder leie av disse rommene og tidene ved ${location.name}:`),
    timesTable(input.times),
    '</section>',
    '<section><h2>3. Formål</h2>',
    p(input.activity ? `Lokalet leies til: ${input.activity}.` : 'Lokalet leies til aktiviteten beskrevet i søknaden.'),
    ...(input.participants ? [p(`Forventet antall deltakere: ${input.participants}.`)] : []),
    '</section>',
    '<section><h2>4. Leie</h2>', p(priceText(input.cost)), '</section>',
    '<section><h2>5. Vilkår</h2><ol>', ...conditions.map((c) => `<li>${escapeHtml(c)}</li>`), '</ol></section>',
    '<section><h2>6. Avbestilling og oppsigelse</h2>',
    p('Leietaker kan kansellere bookingen i Lokaler fram til fristen som står på bookingen. Etter fristen må leietaker kontakte utleier.'),
    p('Utleier kan i sjeldne tilfeller trekke tilbake et godkjent lån, for eksempel ved skolens egne arrangementer eller behov for vedlikehold. Leietaker får da beskjed så tidlig som mulig.'),
    '</section>',
    '<section><h2>7. Signering</h2>',
    p('Kontrakten signeres digitalt av leietaker i Lokaler. Ved å signere bekrefter leietaker å ha lest og forstått alle vilkårene i kontrakten.'),
    '</section>',
    '</article>',
  ].join('');
}

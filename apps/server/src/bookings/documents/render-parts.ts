import { assetDisplayName } from '@lokaler/domain/bookable-asset';
import { calculateSelvkost, formatKroner, type SelvkostCalculation } from '@lokaler/domain/admin-selvkost';
import { dayOfWeekLabels, daysOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { formatDateNorwegian } from '@lokaler/domain/scheduling/format-date';
import { describeTimes } from '../admin-booking-shared/reservation-rows';
import type { DocumentData } from './document-data';
import type { DocumentTerms } from './document-terms';
import { p, section, table, h, ul } from './html';

/** The parts the vedtak and the contract share: parties, times, price. */

export function address(data: DocumentData): string {
  const { streetAddress, postCode, city } = data.location;
  return [streetAddress, [postCode, city].filter(Boolean).join(' ')].filter(Boolean).join(', ');
}

export function applicantLine(data: DocumentData): string {
  return data.organizationName
    ? `${data.organizationName}${data.organizationNumber ? ` (org.nr. ${data.organizationNumber})` : ''}, ved ${data.applicantName}`
    : data.applicantName;
}

export function timesSection(data: DocumentData): string {
  const rooms = describeTimes(data.reservations);
  if (rooms.length === 0) return section(h(2, 'Rom og tider'), p('Bookingen har ingen aktive tider.'));
  return section(h(2, 'Rom og tider'), ...rooms.map((r) => `${h(3, r.assetDescription)}${ul(r.times)}`));
}

export function selvkostOf(data: DocumentData, terms: DocumentTerms): SelvkostCalculation | null {
  if (terms.costCategory !== 'COST' || !terms.costBasedPrices) return null;
  return calculateSelvkost({
    prices: terms.costBasedPrices,
    reservations: data.reservations.map((r) => ({
      bookableAssetId: r.bookableAssetId,
      roomName: assetDisplayName(r.roomName, r.roomNumber),
      squareMeters: r.squareMeters,
      date: r.date,
      durationMinutes: r.durationMinutes,
    })),
    durationType: data.durationType,
    hasTilsynsvakt: terms.hasTilsynsvakt,
    tilsynsvaktWeekdays: terms.tilsynsvaktWeekdays,
  });
}

export function priceSection(data: DocumentData, terms: DocumentTerms): string {
  switch (terms.costCategory) {
    case 'FREE':
      return section(h(2, 'Pris'), p('Lånet er gratis.'));
    case 'MARKET':
      return section(h(2, 'Pris'), p(`Leien er ${formatKroner(terms.marketPriceOre ?? 0)} (markedspris).`));
    case 'COST': {
      const calc = selvkostOf(data, terms);
      // A round's application priced at cost at a location without a price list (no wizard chose prices).
      if (!calc) return section(h(2, 'Pris'), p('Leien er beregnet etter selvkost. Prisen avtales med utleier.'));
      const rows = calc.lines.map((l) => [
        l.description,
        l.kind === 'ETABLERING' ? '1' : `${String(l.quantity).replace('.', ',')} t`,
        formatKroner(l.unitPriceOre),
        formatKroner(l.amountOre),
      ]);
      return section(
        h(2, 'Pris'),
        p('Leien er beregnet etter selvkost.'),
        table(['Post', 'Antall', 'Pris', 'Beløp'], [...rows, ['Sum', '', '', formatKroner(calc.totalOre)]]),
        p(`Ekstra renhold faktureres etter medgått tid med ${formatKroner(calc.ekstraRenholdPerHourOre)} per time.`),
      );
    }
    default:
      return section(h(2, 'Pris'), p('Priskategori er ikke valgt.'));
  }
}

export function conditionsNotes(terms: DocumentTerms): string[] {
  const notes: string[] = [];
  if (terms.hasTilsynsvakt && terms.tilsynsvaktWeekdays.length > 0) {
    const days = daysOfWeek.filter((d) => terms.tilsynsvaktWeekdays.includes(d)).map((d) => dayOfWeekLabels[d].toLowerCase());
    notes.push(`Det skal være tilsynsvakt til stede ${days.join(', ')}.`);
  }
  if (terms.retroactiveContract) notes.push('Kontrakten gjelder også for tider som allerede er gjennomført (tilbakevirkende kraft).');
  return notes;
}

export function dated(today: string): string {
  return p(`Dato: ${formatDateNorwegian(today)}`);
}

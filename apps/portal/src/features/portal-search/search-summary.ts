import { dayOfWeekLabels, daysOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { searchRepetitionLabels } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import type { SearchFormValues } from '@lokaler/domain/search-form';
import { durationLabel } from './search-form';

/** 'mandag, tirsdag og torsdag' */
function listOf(words: readonly string[]): string {
  return words.length <= 1 ? (words[0] ?? '') : `${words.slice(0, -1).join(', ')} og ${words.at(-1) ?? ''}`;
}

/**
 * One line for a complete search (the map view's folded search):
 * 'tirsdag 1. desember 2026, 2 timer' or 'Annenhver uke på tirsdag og torsdag, 01.12.2026–01.03.2027, 1 time'.
 */
export function searchSummary(values: SearchFormValues): string {
  const duration = durationLabel(values.duration);
  if (values.searchType === 'singleLoan') return `${formatDate(values.date, 'EEEE d. MMMM yyyy')}, ${duration}`;
  const days = listOf(daysOfWeek.filter((d) => values.daysOfWeek.includes(d)).map((d) => dayOfWeekLabels[d].toLowerCase()));
  const pattern = values.repetition ? searchRepetitionLabels[values.repetition] : '';
  return `${pattern} på ${days}, ${formatDate(values.from, 'dd.MM.yyyy')}–${formatDate(values.to, 'dd.MM.yyyy')}, ${duration}`;
}

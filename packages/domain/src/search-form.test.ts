import { describe, expect, it } from 'vitest';
import {
  dropAllTag,
  durationOptions,
  isSearchComplete,
  normalizeSearchDuration,
  roomsMissingTime,
  searchFormSchema,
  searchFormValues,
} from './search-form';

const today = '2025-03-28';
const single = searchFormValues.parse({ date: '2025-04-01', duration: 'PT1H' });
const recurring = searchFormValues.parse({
  searchType: 'recurringLoan',
  from: '2025-04-01',
  to: '2025-06-30',
  duration: 'PT1H',
  repetition: 'WEEKLYONWEEKDAY',
  daysOfWeek: ['MONDAY'],
});
const messages = (values: unknown) =>
  searchFormSchema(today)
    .safeParse(values)
    .error?.issues.map((i) => `${i.path.join('.')}: ${i.message}`) ?? [];

describe('search form', () => {
  it('accepts a complete single or recurring search', () => {
    expect(messages(single)).toEqual([]);
    expect(messages(recurring)).toEqual([]);
    expect(isSearchComplete(single)).toBe(true);
    expect(isSearchComplete(recurring)).toBe(true);
  });

  it('single date: required, not in the past, at most 1.5 years ahead (548 days)', () => {
    expect(messages({ ...single, date: '' })).toEqual(['date: Dato er påkrevd']);
    expect(messages({ ...single, date: '2025-02-30' })).toEqual(['date: Dato er påkrevd']);
    expect(messages({ ...single, date: '2025-03-27' })).toEqual(['date: Dato kan ikke være i fortiden']);
    expect(messages({ ...single, date: today })).toEqual([]);
    expect(messages({ ...single, date: '2026-09-27' })).toEqual([]);
    expect(messages({ ...single, date: '2026-09-28' })).toEqual(['date: Dato kan ikke være mer enn 1.5 år frem i tid']);
  });

  it('period: both required and in range, to not before from', () => {
    expect(messages({ ...recurring, from: '', to: '2025-03-01' })).toEqual(['from: Dato er påkrevd', 'to: Dato kan ikke være i fortiden']);
    expect(messages({ ...recurring, from: '2025-05-01', to: '2025-04-30' })).toEqual(['to: Til-dato kan ikke være før fra-dato']);
    expect(messages({ ...recurring, to: '2027-01-01' })).toEqual(['to: Dato kan ikke være mer enn 1.5 år frem i tid']);
  });

  it('recurring: pattern and a weekday are required; duration must be an ISO duration', () => {
    expect(messages({ ...recurring, repetition: '', daysOfWeek: [] })).toEqual([
      'repetition: Velg hvor ofte',
      'daysOfWeek: Velg minst én ukedag',
    ]);
    expect(messages({ ...single, duration: '' })).toEqual(['duration: Varighet er påkrevd']);
    expect(messages({ ...single, duration: 'PT0M' })).toEqual(['duration: Varighet er påkrevd']);
    expect(isSearchComplete({ ...recurring, daysOfWeek: [] })).toBe(false);
    expect(isSearchComplete({ ...single, duration: '' })).toBe(false);
  });

  it('duration options: 30 minutes to 15 hours in 30-minute steps, below the minimum hidden', () => {
    const all = durationOptions();
    expect(all).toHaveLength(30);
    expect(all[0]).toBe('PT30M');
    expect(all[1]).toBe('PT1H');
    expect(all[2]).toBe('PT1H30M');
    expect(all.at(-1)).toBe('PT15H');
    expect(durationOptions(90)[0]).toBe('PT1H30M');
    expect(durationOptions(75)[0]).toBe('PT1H30M');
  });

  it('a shorter or in-between duration is raised to the next option; missing starts from PT1H', () => {
    expect(normalizeSearchDuration('PT30M', 90)).toBe('PT1H30M');
    expect(normalizeSearchDuration('PT45M')).toBe('PT1H');
    expect(normalizeSearchDuration('PT2H', 90)).toBe('PT2H');
    expect(normalizeSearchDuration(undefined)).toBe('PT1H');
    expect(normalizeSearchDuration('garbage', 120)).toBe('PT2H');
    expect(normalizeSearchDuration('PT2H', 16 * 60)).toBe('PT1H');
  });

  it('drops the "alle" tag and finds rooms without a chosen time', () => {
    expect(dropAllTag(['alle', '3', 7, 'x'])).toEqual([3, 7]);
    const chosen = new Map([
      [1, 2],
      [2, 0],
    ]);
    expect(roomsMissingTime([1, 2, 3], (id) => chosen.get(id) ?? 0)).toEqual([2, 3]);
  });
});

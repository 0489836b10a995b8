import { describe, expect, it } from 'vitest';
import { searchSummary } from './search-summary';

describe('the folded search of the map view', () => {
  it('reads a single-date search', () => {
    expect(
      searchSummary({
        searchType: 'singleLoan',
        tagIds: [],
        date: '2026-12-01',
        from: '',
        to: '',
        duration: 'PT2H',
        repetition: '',
        daysOfWeek: [],
      }),
    ).toBe('tirsdag 1. desember 2026, 2 timer');
  });

  it('reads a recurring search with its pattern and weekdays in week order', () => {
    expect(
      searchSummary({
        searchType: 'recurringLoan',
        tagIds: [],
        date: '',
        from: '2026-12-01',
        to: '2027-03-01',
        duration: 'PT1H30M',
        repetition: 'BIWEEKLYONWEEKDAY',
        daysOfWeek: ['THURSDAY', 'MONDAY', 'TUESDAY'],
      }),
    ).toBe('Annenhver uke på mandag, tirsdag og torsdag, 01.12.2026–01.03.2027, 1 time og 30 minutter');
  });
});

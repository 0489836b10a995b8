import { describe, expect, it } from 'vitest';
import { ageText, deadlineMark } from './work-queue';

describe('the work queue in words (decision 065)', () => {
  // Wednesday 11 March 2026; the week runs Monday 9 to Sunday 15.
  const today = '2026-03-11';

  it('marks a deadline before today as passed, and one from today to Sunday as this week', () => {
    expect(deadlineMark('2026-03-10', today)).toBe('OVERDUE');
    expect(deadlineMark('2026-01-31', today)).toBe('OVERDUE');
    expect(deadlineMark('2026-03-11', today)).toBe('THIS_WEEK');
    expect(deadlineMark('2026-03-15', today)).toBe('THIS_WEEK');
    expect(deadlineMark('2026-03-16', today)).toBeNull();
    expect(deadlineMark(null, today)).toBeNull();
    // On a Sunday only that day is left of the week; across a year's end too.
    expect(deadlineMark('2027-01-01', '2026-12-27')).toBeNull();
    expect(deadlineMark('2027-01-03', '2027-01-01')).toBe('THIS_WEEK');
  });

  it('says the age in days', () => {
    expect(ageText('2026-03-11', today)).toBe('I dag');
    expect(ageText('2026-03-10', today)).toBe('1 dag');
    expect(ageText('2026-02-26', today)).toBe('13 dager');
  });
});

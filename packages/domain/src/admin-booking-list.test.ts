import { describe, expect, it } from 'vitest';
import { calendarDataQuery, MAX_CALENDAR_DAYS } from './admin-booking-list';

const issuesOf = (query: Record<string, unknown>) => {
  const result = calendarDataQuery.safeParse({ locationId: '1', ...query });
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('calendarDataQuery', () => {
  it('refuses an unreadable date as a field error, never by throwing (the API fuzzer found a 500 here)', () => {
    expect(() => issuesOf({ from: '2026-11-02', to: 'L5nP$' })).not.toThrow();
    expect(issuesOf({ from: '2026-11-02', to: 'L5nP$' }).map((i) => i.path)).toEqual(['to']);
    expect(issuesOf({ from: '2026-02-30', to: '2026-03-01' }).map((i) => i.path)).toEqual(['from']);
  });

  it("keeps the cross-field rules: to before from, and at most the calendar's days", () => {
    expect(issuesOf({ from: '2026-11-02', to: '2026-11-01' })).toEqual([{ path: 'to', message: 'Til-dato kan ikke være før fra-dato' }]);
    expect(issuesOf({ from: '2026-01-01', to: '2026-04-04' })).toEqual([
      { path: 'to', message: `Kalenderen kan vise høyst ${MAX_CALENDAR_DAYS} dager` },
    ]);
    expect(issuesOf({ from: '2026-01-01', to: '2026-04-03' })).toEqual([]);
  });
});

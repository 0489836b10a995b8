import { describe, expect, it } from 'vitest';
import { freeTimesRange, openDataFreeTimesQuery } from './open-data';

describe("the open free times' range (decision 061)", () => {
  const today = '2026-03-10';
  it('fills in today and two weeks', () => {
    expect(freeTimesRange({}, today)).toEqual({ from: '2026-03-10', to: '2026-03-23' });
    expect(freeTimesRange({ from: '2026-04-01' }, today)).toEqual({ from: '2026-04-01', to: '2026-04-14' });
    expect(freeTimesRange({ to: '2026-03-10' }, today)).toEqual({ from: '2026-03-10', to: '2026-03-10' });
  });

  it('allows 28 days and refuses 29, and a backwards range, also when `to` is measured from today', () => {
    expect(freeTimesRange({ from: '2026-03-30', to: '2026-04-26' }, today)).toEqual({ from: '2026-03-30', to: '2026-04-26' });
    expect(freeTimesRange({ from: '2026-03-30', to: '2026-04-27' }, today)).toEqual({ problem: 'Perioden kan være høyst 28 dager' });
    expect(freeTimesRange({ to: '2026-04-07' }, today)).toEqual({ problem: 'Perioden kan være høyst 28 dager' });
    expect(freeTimesRange({ to: '2026-03-09' }, today)).toEqual({ problem: 'Til-dato kan ikke være før fra-dato' });
  });

  it('names `to` in the query check when both dates are given', () => {
    const result = openDataFreeTimesQuery.safeParse({ from: '2026-03-30', to: '2026-04-27' });
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => [i.path.join('.'), i.message])).toEqual([['to', 'Perioden kan være høyst 28 dager']]);
    expect(openDataFreeTimesQuery.parse({ locationId: '12' })).toEqual({ locationId: 12 });
  });
});

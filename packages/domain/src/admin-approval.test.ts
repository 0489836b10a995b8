import { describe, expect, it } from 'vitest';
import { approvalMessages, approvalOptionsFor, approveBookingBody, tilsynsvaktProblem, weddingApprovalProblems } from './admin-approval';

const prices = {
  lokalkategori1: 1,
  lokalkategori2: 2,
  lokalkategori3: 3,
  etableringSemesterlan: 4,
  etableringEngangsutleie: 5,
  timeTilsynsvakt: 6,
  timeEkstraRenhold: 7,
};
const issues = (input: unknown) => {
  const result = approveBookingBody.safeParse(input);
  return result.success ? [] : result.error.issues.map((i) => [i.path.join('.'), i.message]);
};

describe('approveBookingBody', () => {
  it("asks for a cost category with the spec's words", () => {
    expect(issues({})).toEqual([['costCategory', approvalMessages.chooseCostCategory]]);
    expect(issues({ costCategory: '' })).toEqual([['costCategory', approvalMessages.chooseCostCategory]]);
    expect(issues({ costCategory: 'GRATIS' })).toEqual([['costCategory', approvalMessages.chooseCostCategory]]);
  });

  it('takes the market price only for MARKET and the cost-based prices only for COST', () => {
    expect(issues({ costCategory: 'MARKET', marketPrice: 100 })).toEqual([]);
    expect(issues({ costCategory: 'MARKET' })).toEqual([['marketPrice', approvalMessages.marketPriceRequired]]);
    expect(issues({ costCategory: 'FREE', marketPrice: 100 })).toEqual([['marketPrice', approvalMessages.onlyForMarket]]);
    expect(issues({ costCategory: 'COST', costBasedPrices: prices })).toEqual([]);
    expect(issues({ costCategory: 'COST' })).toEqual([['costBasedPrices', approvalMessages.costBasedRequired]]);
    expect(issues({ costCategory: 'MARKET', marketPrice: 1, costBasedPrices: prices })).toEqual([
      ['costBasedPrices', approvalMessages.onlyForCost],
    ]);
  });

  it('needs weekdays with tilsynsvakt, and well-formed hashes', () => {
    expect(issues({ costCategory: 'FREE', hasTilsynsvakt: true })).toEqual([
      ['tilsynsvaktWeekdays', approvalMessages.tilsynsvaktWeekdaysRequired],
    ]);
    expect(issues({ costCategory: 'FREE', hasTilsynsvakt: true, tilsynsvaktWeekdays: ['MONDAY'] })).toEqual([]);
    expect(issues({ costCategory: 'FREE', vedtakHash: 'abc' }).map(([path]) => path)).toEqual(['vedtakHash']);
  });
});

describe('what an approval offers (decision 044)', () => {
  it('offers a wedding no cost category, retroactive contract or tilsynsvakt; any other booking all three', () => {
    expect(approvalOptionsFor('wedding')).toEqual({ costCategory: false, retroactiveContract: false, tilsynsvakt: false });
    expect(approvalOptionsFor('default')).toEqual({ costCategory: true, retroactiveContract: true, tilsynsvakt: true });
  });

  it('names the fields of a wedding approval that do not apply, and none of any other booking', () => {
    const all = { costCategory: 'COST', retroactiveContract: true, hasTilsynsvakt: true };
    expect(weddingApprovalProblems('wedding', all).map((p) => p.path)).toEqual(['costCategory', 'retroactiveContract', 'hasTilsynsvakt']);
    expect(weddingApprovalProblems('wedding', { costCategory: 'FREE', retroactiveContract: false, hasTilsynsvakt: false })).toEqual([]);
    expect(weddingApprovalProblems('school', all)).toEqual([]);
  });

  it('needs at least one weekday for a tilsynsvakt', () => {
    expect(tilsynsvaktProblem({ hasTilsynsvakt: true })).toBe(approvalMessages.tilsynsvaktWeekdaysRequired);
    expect(tilsynsvaktProblem({ hasTilsynsvakt: true, tilsynsvaktWeekdays: [] })).toBe(approvalMessages.tilsynsvaktWeekdaysRequired);
    expect(tilsynsvaktProblem({ hasTilsynsvakt: true, tilsynsvaktWeekdays: ['FRIDAY'] })).toBeNull();
    expect(tilsynsvaktProblem({ hasTilsynsvakt: false })).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { approvalMessages } from '@lokaler/domain/admin-approval';
import {
  amountMessages,
  approvalFormSchema,
  defaultApprovalValues,
  documentTermsOf,
  kronerInput,
  parseKroner,
  toApproveBody,
  type ApprovalFormValues,
} from './approval-form';

const hash = (c: string) => c.repeat(64);
const prices = {
  lokalkategori1: '150',
  lokalkategori2: '250,50',
  lokalkategori3: '400',
  etableringSemesterlan: '1 000',
  etableringEngangsutleie: '500',
  timeTilsynsvakt: '450',
  timeEkstraRenhold: '390',
};
const values = (change: Partial<ApprovalFormValues>): ApprovalFormValues => ({ ...defaultApprovalValues, ...change });
const issues = (v: ApprovalFormValues) => {
  const result = approvalFormSchema.safeParse(v);
  return result.success ? [] : result.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
};

describe('approval form validation', () => {
  it("requires a cost category: 'Vennligst velg et alternativ'", () => {
    expect(issues(defaultApprovalValues)).toEqual([{ path: 'costCategory', message: 'Vennligst velg et alternativ' }]);
    expect(() => toApproveBody(defaultApprovalValues, {})).toThrow();
  });

  it('accepts FREE with nothing else', () => {
    expect(issues(values({ costCategory: 'FREE' }))).toEqual([]);
  });

  it('requires the market price for MARKET, and a real amount', () => {
    expect(issues(values({ costCategory: 'MARKET' }))).toEqual([{ path: 'marketPrice', message: approvalMessages.marketPriceRequired }]);
    expect(issues(values({ costCategory: 'MARKET', marketPrice: 'tre tusen' }))).toEqual([
      { path: 'marketPrice', message: amountMessages.invalid },
    ]);
    expect(issues(values({ costCategory: 'MARKET', marketPrice: '3500,505' }))).toEqual([
      { path: 'marketPrice', message: amountMessages.invalid },
    ]);
    expect(issues(values({ costCategory: 'MARKET', marketPrice: '2000000' }))).toEqual([
      { path: 'marketPrice', message: amountMessages.tooLarge },
    ]);
  });

  it('requires every cost-based price for COST, naming each missing field', () => {
    const found = issues(values({ costCategory: 'COST', costBasedPrices: { ...prices, lokalkategori2: '', timeTilsynsvakt: 'x' } }));
    expect(found).toEqual([
      { path: 'costBasedPrices.lokalkategori2', message: approvalMessages.costBasedRequired },
      { path: 'costBasedPrices.timeTilsynsvakt', message: amountMessages.invalid },
    ]);
  });

  it("checks only the chosen category's fields (a half-typed market price does not block COST)", () => {
    expect(issues(values({ costCategory: 'COST', marketPrice: 'abc', costBasedPrices: prices }))).toEqual([]);
    expect(issues(values({ costCategory: 'FREE', marketPrice: 'abc', costBasedPrices: { ...prices, lokalkategori1: '' } }))).toEqual([]);
  });

  it('requires a weekday when tilsynsvakt is chosen', () => {
    expect(issues(values({ costCategory: 'FREE', hasTilsynsvakt: true }))).toEqual([
      { path: 'tilsynsvaktWeekdays', message: approvalMessages.tilsynsvaktWeekdaysRequired },
    ]);
  });
});

describe('what the approval sends per category', () => {
  const hidden = { marketPrice: '999', costBasedPrices: prices };

  it('FREE sends neither market price nor cost-based prices, whatever the hidden fields hold', () => {
    expect(toApproveBody(values({ costCategory: 'FREE', ...hidden }), {})).toEqual({
      costCategory: 'FREE',
      retroactiveContract: false,
      hasTilsynsvakt: false,
      tilsynsvaktWeekdays: [],
    });
  });

  it('MARKET sends the market price in øre and no cost-based prices', () => {
    const body = toApproveBody(values({ costCategory: 'MARKET', ...hidden, marketPrice: '3 500,50' }), {});
    expect(body.marketPrice).toBe(350_050);
    expect(body).not.toHaveProperty('costBasedPrices');
  });

  it('COST sends every cost-based price in øre and no market price', () => {
    const body = toApproveBody(values({ costCategory: 'COST', ...hidden }), {});
    expect(body.costBasedPrices).toEqual({
      lokalkategori1: 15_000,
      lokalkategori2: 25_050,
      lokalkategori3: 40_000,
      etableringSemesterlan: 100_000,
      etableringEngangsutleie: 50_000,
      timeTilsynsvakt: 45_000,
      timeEkstraRenhold: 39_000,
    });
    expect(body).not.toHaveProperty('marketPrice');
  });

  it('sends the trimmed comment only when there is one', () => {
    expect(toApproveBody(values({ costCategory: 'FREE', comment: '  Velkommen!  ' }), {}).comment).toBe('Velkommen!');
    expect(toApproveBody(values({ costCategory: 'FREE', comment: '   ' }), {})).not.toHaveProperty('comment');
  });

  it('approves the documents by the hashes of the previews shown, and only those', () => {
    const both = toApproveBody(values({ costCategory: 'FREE' }), { vedtakHash: hash('a'), contractHash: hash('b') });
    expect(both).toMatchObject({ vedtakApproved: true, vedtakHash: hash('a'), contractApproved: true, contractHash: hash('b') });
    const vedtakOnly = toApproveBody(values({ costCategory: 'FREE' }), { vedtakHash: hash('a') });
    expect(vedtakOnly).not.toHaveProperty('contractApproved');
    expect(vedtakOnly).not.toHaveProperty('contractHash');
  });

  it('sends the tilsynsvakt weekdays in week order, and none without tilsynsvakt', () => {
    expect(
      toApproveBody(values({ costCategory: 'FREE', hasTilsynsvakt: true, tilsynsvaktWeekdays: ['FRIDAY', 'MONDAY'] }), {})
        .tilsynsvaktWeekdays,
    ).toEqual(['MONDAY', 'FRIDAY']);
    expect(
      toApproveBody(values({ costCategory: 'FREE', hasTilsynsvakt: false, tilsynsvaktWeekdays: ['FRIDAY'] }), {}).tilsynsvaktWeekdays,
    ).toEqual([]);
  });
});

describe('document terms (what the previews are fetched for)', () => {
  it('are unknown until the chosen category has its price', () => {
    expect(documentTermsOf(defaultApprovalValues)).toBeNull();
    expect(documentTermsOf(values({ costCategory: 'MARKET', marketPrice: '' }))).toBeNull();
    expect(documentTermsOf(values({ costCategory: 'COST', costBasedPrices: { ...prices, lokalkategori3: '' } }))).toBeNull();
  });

  it('carry the price in øre and the conditions', () => {
    expect(documentTermsOf(values({ costCategory: 'MARKET', marketPrice: '1200', retroactiveContract: true }))).toEqual({
      costCategory: 'MARKET',
      marketPrice: 120_000,
      retroactiveContract: true,
      hasTilsynsvakt: false,
      tilsynsvaktWeekdays: [],
    });
    expect(documentTermsOf(values({ costCategory: 'COST', costBasedPrices: prices }))).toMatchObject({
      costCategory: 'COST',
      lokalkategori2: 25_050,
    });
  });
});

describe('kroner amounts', () => {
  it.each([
    ['350', 35_000],
    ['350,5', 35_050],
    ['350.50', 35_050],
    ['3 500', 350_000],
    ['3\u00a0500 kr', 350_000],
    ['0', 0],
  ])('%s is %i øre', (typed, ore) => expect(parseKroner(typed)).toBe(ore));

  it.each(['', '-5', '1,234', 'abc', '1e3'])('%s is not an amount', (typed) => expect(parseKroner(typed)).toBeNull());

  it('shows øre back as typed kroner', () => {
    expect(kronerInput(35_000)).toBe('350');
    expect(kronerInput(35_005)).toBe('350,05');
  });
});

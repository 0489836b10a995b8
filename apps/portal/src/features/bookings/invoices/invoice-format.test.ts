import { describe, expect, it } from 'vitest';
import {
  accountNumberGroups,
  formatInvoiceAmount,
  formatInvoicePeriod,
  formatLineDates,
  formatLineQuantity,
  kidGroups,
  newestFirst,
} from './invoice-format';
import { buildUserInvoice } from '../testing/invoice-factories';

describe("the words and figures of a citizen's invoice", () => {
  it('writes the period as the month in words', () => {
    expect(formatInvoicePeriod('2026-11')).toBe('november 2026');
    expect(formatInvoicePeriod('2027-01')).toBe('januar 2027');
    // The month of a daylight-saving change stays itself.
    expect(formatInvoicePeriod('2026-03')).toBe('mars 2026');
  });

  it('writes amounts in kroner with øre, and a credit line with a hyphen in both amount and quantity', () => {
    expect(formatInvoiceAmount(123_450)).toBe('1 234,50 kr');
    expect(formatInvoiceAmount(5)).toBe('0,05 kr');
    expect(formatInvoiceAmount(-112_500)).toBe('-1 125,00 kr');
    expect(formatLineQuantity({ quantity: -2.5, unitCode: 'HUR' })).toBe('-2,5 timer');
    expect(formatLineQuantity({ quantity: 1, unitCode: 'HUR' })).toBe('1 time');
    expect(formatLineQuantity({ quantity: 1234.25, unitCode: 'HUR' })).toBe('1 234,25 timer');
    expect(formatLineQuantity({ quantity: 2, unitCode: 'C62' })).toBe('2 stk');
  });

  it("writes a line's dates as one date or a span", () => {
    expect(formatLineDates({ fromDate: '2026-11-03', toDate: '2026-11-03' })).toBe('03.11.2026');
    expect(formatLineDates({ fromDate: '2026-10-05', toDate: '2026-10-26' })).toBe('05.10.2026–26.10.2026');
  });

  it('groups a KID in fours and an account number as 4-2-5, leaving anything else as it came', () => {
    expect(kidGroups('0000010033')).toEqual(['0000', '0100', '33']);
    expect(kidGroups('12')).toEqual(['12']);
    expect(accountNumberGroups('15031234567')).toEqual(['1503', '12', '34567']);
    expect(accountNumberGroups('1503.12.34567')).toEqual(['1503', '12', '34567']);
    expect(accountNumberGroups('NO9386011117947')).toEqual(['NO9386011117947']);
  });

  it('orders invoices newest first, by date and then number', () => {
    const order = newestFirst([
      buildUserInvoice({ id: 1, number: 10, issueDate: '2026-11-01' }),
      buildUserInvoice({ id: 2, number: 12, issueDate: '2026-12-01' }),
      buildUserInvoice({ id: 3, number: 11, issueDate: '2026-12-01' }),
    ]).map((i) => i.number);
    expect(order).toEqual([12, 11, 10]);
  });
});

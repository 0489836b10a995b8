import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { isValidMod10Kid, kidForInvoiceNumber, mod10CheckDigit } from './invoices';

/** The KID a Norwegian bank reads back (decision 071): the invoice number, padded to 9 digits, with its MOD10 (Luhn) check digit. */
describe('the KID with a MOD10 check digit', () => {
  it('gives the check digits of published MOD10 examples', () => {
    // The Luhn algorithm's worked example, and the KID examples banks give for MOD10.
    expect(mod10CheckDigit('7992739871')).toBe('3');
    expect(mod10CheckDigit('234567')).toBe('6');
    expect(mod10CheckDigit('0')).toBe('0');
    expect(isValidMod10Kid('79927398713')).toBe(true);
    expect(isValidMod10Kid('2345676')).toBe(true);
  });

  it('makes a 10-digit KID of an invoice number, the number padded to 9 digits first', () => {
    expect(kidForInvoiceNumber(1)).toBe('0000000018');
    expect(kidForInvoiceNumber(1042)).toBe(`000001042${mod10CheckDigit('000001042')}`);
    expect(kidForInvoiceNumber(999_999_999)).toMatch(/^999999999\d$/);
  });

  it('refuses what is not an invoice number, and what is not digits', () => {
    for (const bad of [0, -1, 1.5, 1_000_000_000, Number.NaN]) expect(() => kidForInvoiceNumber(bad), String(bad)).toThrow();
    expect(() => mod10CheckDigit('12a')).toThrow();
    expect(() => mod10CheckDigit('')).toThrow();
    for (const bad of ['', '5', '12345678a', ' 0000000018', '00000000180000000018000000']) expect(isValidMod10Kid(bad), bad).toBe(false);
  });

  it('is valid for every invoice number, keeps the number readable, and is refused after any one digit is changed', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.nat(9), fc.integer({ min: 1, max: 9 }), (n, position, delta) => {
        const kid = kidForInvoiceNumber(n);
        expect(kid).toHaveLength(10);
        expect(Number(kid.slice(0, 9))).toBe(n);
        expect(isValidMod10Kid(kid)).toBe(true);
        // MOD10 catches every single-digit error.
        const changed = kid.slice(0, position) + String((Number(kid[position]) + delta) % 10) + kid.slice(position + 1);
        expect(isValidMod10Kid(changed)).toBe(false);
      }),
    );
  });

  it('catches a swap of two neighbouring digits, except 0 and 9 (the one swap Luhn misses)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1, max: 999_999_999 }), fc.nat(8), (n, position) => {
        const kid = kidForInvoiceNumber(n);
        const [a, b] = [kid[position]!, kid[position + 1]!];
        fc.pre(a !== b && !(new Set([a, b]).has('0') && new Set([a, b]).has('9')));
        const swapped = kid.slice(0, position) + b + a + kid.slice(position + 2);
        expect(isValidMod10Kid(swapped)).toBe(false);
      }),
    );
  });
});

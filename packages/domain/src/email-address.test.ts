import { describe, expect, it } from 'vitest';
import { internationalEmail, isInternationalEmail } from './email-address';

describe('isInternationalEmail (æøå in the local part and the domain)', () => {
  it.each([
    'ola@example.no',
    'kåre.ødegård@example.no',
    'ola@blåbær.no',
    'ÆSE@ØRSTA.NO',
    'per+lokaler@sub.domene.kommune.no',
    "o'brien@example.ie",
    'ola@xn--blbr-roah.no',
  ])('takes %s', (address) => expect(isInternationalEmail(address)).toBe(true));

  it.each([
    'ola',
    'ola@',
    '@example.no',
    'ola@example',
    'ola@blåbær',
    'ola nordmann@example.no',
    'ola..nordmann@example.no',
    '.ola@example.no',
    'ola@-example.no',
    'ola@example-.no',
    'ola@exa_mple.no',
    'ola@example.n',
    'ola@example.no.',
    '"ola"@example.no',
    `${'ø'.repeat(33)}@example.no`,
    `ola@${'a'.repeat(64)}.no`,
  ])('refuses %s', (address) => expect(isInternationalEmail(address)).toBe(false));
});

describe('internationalEmail()', () => {
  const schema = internationalEmail('Vennligst skriv inn en gyldig e-postadresse');

  it('trims and writes æøå in one form (NFC), so the same address is always the same text', () => {
    expect(schema.parse('  kåre@blåbær.no ')).toBe('kåre@blåbær.no');
    expect(schema.parse('ka\u030are@example.no')).toBe('kåre@example.no');
  });

  it("refuses with the form's message", () => {
    const result = schema.safeParse('ola@blåbær');
    expect(result.success).toBe(false);
    expect(result.error?.issues.map((i) => i.message)).toEqual(['Vennligst skriv inn en gyldig e-postadresse']);
  });
});

import { describe, expect, it } from 'vitest';
import { findPersonalData, isValidFodselsnummer, personalDataQuestion } from './personal-data-in-text';

// Made-up numbers with valid check digits: a fødselsnummer, a d-number, a synthetic test number (month + 80).
const valid = '15057523414';
const dNumber = '55057523408';
const synthetic = '12888012387';

describe('isValidFodselsnummer', () => {
  it('accepts 11 digits with both mod-11 check digits, also a d-number', () => {
    expect(isValidFodselsnummer(valid)).toBe(true);
    expect(isValidFodselsnummer(dNumber)).toBe(true);
    expect(isValidFodselsnummer(synthetic)).toBe(true);
  });

  it('refuses a wrong check digit, a date that is none, and anything but 11 digits', () => {
    expect(isValidFodselsnummer('15057523415')).toBe(false);
    expect(isValidFodselsnummer('15057523404')).toBe(false);
    // Valid check digits, but month 13.
    expect(isValidFodselsnummer('15137523482')).toBe(false);
    expect(isValidFodselsnummer('00000000000')).toBe(false);
    expect(isValidFodselsnummer('1208801233')).toBe(false);
    expect(isValidFodselsnummer('1208801233a')).toBe(false);
  });
});

describe('findPersonalData', () => {
  it('finds a valid fødselsnummer, also written 6 + 5', () => {
    expect(findPersonalData(`Søker har fnr ${valid}.`)).toEqual(['FODSELSNUMMER']);
    expect(findPersonalData(`fnr ${valid.slice(0, 6)} ${valid.slice(6)}`)).toEqual(['FODSELSNUMMER']);
  });

  it('leaves 11 digits without valid check digits alone (no phone number either)', () => {
    expect(findPersonalData('Faktura 15057523415 er betalt')).toEqual([]);
  });

  it('finds a phone number of 8 digits, with +47 / 0047 or in groups', () => {
    expect(findPersonalData('Ring 41234567 før kl. 12')).toEqual(['PHONE']);
    expect(findPersonalData('Ring +47 412 34 567')).toEqual(['PHONE']);
    expect(findPersonalData('Ring 0047 41 23 45 67')).toEqual(['PHONE']);
    expect(findPersonalData(`tlf 92345678, fnr ${valid}`)).toEqual(['FODSELSNUMMER', 'PHONE']);
  });

  it('does not take a case number, a date, an amount or a short number for personal data', () => {
    expect(findPersonalData('Se LOK-2026-00013, møte 2026-03-02 kl. 18:00, 8 100 kr, rom 214, 1234567, 123456789')).toEqual([]);
    expect(findPersonalData('Tidligere saksnr 01234567')).toEqual([]);
    expect(findPersonalData('')).toEqual([]);
  });

  it('asks in Norwegian, naming what it found', () => {
    expect(personalDataQuestion(['FODSELSNUMMER', 'PHONE'])).toBe(
      'Notatet ser ut til å inneholde et fødselsnummer og et telefonnummer. Internnotater skal ikke inneholde personopplysninger. Vil du lagre likevel?',
    );
  });
});

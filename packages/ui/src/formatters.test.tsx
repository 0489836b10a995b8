import { describe, expect, it } from 'vitest';
import { formatCapacity, formatInterval, formatPhoneNumber, groupPhoneNumbersInText, phoneHref } from './formatters';

describe('formatPhoneNumber (spec 01 §5: groups of two digits)', () => {
  it.each([
    ['23456789', '23 45 67 89'],
    ['234 56 789', '23 45 67 89'],
    ['+4723456789', '+47 23 45 67 89'],
    ['004723456789', '+47 23 45 67 89'],
    ['2345678', '23 45 67 8'],
  ])('%s → %s', (input, output) => expect(formatPhoneNumber(input)).toBe(output));

  it('shows what is not a number as written', () => {
    expect(formatPhoneNumber(' ring resepsjonen ')).toBe('ring resepsjonen');
  });

  it('links with digits only', () => {
    expect(phoneHref('+47 23 45 67 89')).toBe('tel:+4723456789');
  });
});

describe("groupPhoneNumbersInText (a venue's practical information)", () => {
  it.each([
    ['Ring vaktmester på 22334455.', 'Ring vaktmester på 22 33 44 55.'],
    ['Vakttelefon +4791234567 eller 0047 912 34 567', 'Vakttelefon +47 91 23 45 67 eller +47 91 23 45 67'],
    ['Tlf: 2233 4455, kveld: 912-34-567', 'Tlf: 22 33 44 55, kveld: 91 23 45 67'],
    ['Resepsjon (+47 22334455)\nHuset åpner 17:00', 'Resepsjon (+47 22 33 44 55)\nHuset åpner 17:00'],
  ])('%s → %s', (input, output) => expect(groupPhoneNumbersInText(input)).toBe(output));

  it('leaves other numbers alone: organisation and account numbers, postcodes, dates and times', () => {
    const text = 'Org.nr. 974 760 673, konto 1234 56 78903, 0463 Oslo, 01.02.2026 kl. 18:00-20:00, 123456789, bestilling 20260101-15';
    expect(groupPhoneNumbersInText(text)).toBe(text);
  });
});

describe("formatCapacity (spec 01 §9: 'Plass til N person(er)')", () => {
  it.each([
    [1, 'Plass til 1 person'],
    [30, 'Plass til 30 personer'],
    [0, 'Plass til 0 personer'],
  ])('%i → %s', (n, text) => expect(formatCapacity(n)).toBe(text));
});

describe('time formats', () => {
  it('writes an interval with the Norwegian weekday and month, an end at midnight as 00:00', () => {
    expect(formatInterval('2026-03-03', '18:00:00', '20:00:00')).toBe('tirsdag 3. mars 2026 kl. 18:00–20:00');
    expect(formatInterval('2026-03-03', '22:00:00', '00:00:00')).toBe('tirsdag 3. mars 2026 kl. 22:00–00:00');
    expect(formatInterval('2026-03-03', '22:00:00', '24:00:00')).toBe('tirsdag 3. mars 2026 kl. 22:00–00:00');
  });
});

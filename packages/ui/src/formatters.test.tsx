import { describe, expect, it } from 'vitest';
import { formatInterval, formatPhoneNumber, phoneHref } from './formatters';

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

describe('time formats', () => {
  it('writes an interval with the Norwegian weekday and month, an end at midnight as 00:00', () => {
    expect(formatInterval('2026-03-03', '18:00:00', '20:00:00')).toBe('tirsdag 3. mars 2026 kl. 18:00–20:00');
    expect(formatInterval('2026-03-03', '22:00:00', '00:00:00')).toBe('tirsdag 3. mars 2026 kl. 22:00–00:00');
    expect(formatInterval('2026-03-03', '22:00:00', '24:00:00')).toBe('tirsdag 3. mars 2026 kl. 22:00–00:00');
  });
});

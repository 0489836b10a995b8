import { describe, expect, it } from 'vitest';
import { idParam } from './id-param';

describe('idParam', () => {
  it.each([
    ['1', 1],
    ['42', 42],
    ['2147483647', 2_147_483_647],
    [7, 7],
  ])('accepts %j as %d', (input, expected) => {
    expect(idParam.parse(input)).toBe(expected);
  });

  it.each(['', '0', '-1', '01', '1.5', '1e3', ' 12', '12abc', 'abc', '2147483648', '99999999999', 0, -3, 1.5])('refuses %j', (input) => {
    expect(idParam.safeParse(input).success).toBe(false);
  });
});

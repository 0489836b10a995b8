import { describe, expect, it } from 'vitest';
import { compareNorwegian, sortByNorwegianName } from './norwegian-order';

describe('Norwegian order', () => {
  it('puts æ, ø and å after z, in that order', () => {
    const names = ['Årvoll', 'Østensjø', 'Zoo', 'Ærfugl', 'Alna'];
    expect([...names].sort(compareNorwegian)).toEqual(['Alna', 'Zoo', 'Ærfugl', 'Østensjø', 'Årvoll']);
  });

  it('sorts Søndre Nordstrand after Stovner and ignores case', () => {
    expect(sortByNorwegianName([{ name: 'Søndre Nordstrand' }, { name: 'stovner' }, { name: 'Sagene' }]).map((a) => a.name)).toEqual([
      'Sagene',
      'stovner',
      'Søndre Nordstrand',
    ]);
  });

  it('orders room numbers numerically', () => {
    expect(['Klasserom 10', 'Klasserom 9', 'Klasserom 101'].sort(compareNorwegian)).toEqual([
      'Klasserom 9',
      'Klasserom 10',
      'Klasserom 101',
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { foldText, matchesCapacity, passesFilters, roomHaystack, searchWords } from './search-filters';

describe('capacity buckets', () => {
  it('puts each capacity in one bucket, at the edges too', () => {
    expect(matchesCapacity(10, ['1-10'])).toBe(true);
    expect(matchesCapacity(11, ['1-10'])).toBe(false);
    expect(matchesCapacity(11, ['11-20'])).toBe(true);
    expect(matchesCapacity(50, ['21-50'])).toBe(true);
    expect(matchesCapacity(100, ['51-100'])).toBe(true);
    expect(matchesCapacity(101, ['51-100', 'over-100'])).toBe(true);
    expect(matchesCapacity(101, ['51-100'])).toBe(false);
  });

  it('lets every room through when no bucket is chosen, and an unknown capacity into none', () => {
    expect(matchesCapacity(null, [])).toBe(true);
    expect(matchesCapacity(null, ['1-10', '11-20', '21-50', '51-100', 'over-100'])).toBe(false);
  });
});

describe('the free-text filter (decision 019: folded on both sides)', () => {
  it('drops case and accents and writes æ, ø, å as ae, o, a', () => {
    expect(foldText('Café RÉNÉ Müller')).toBe('cafe rene muller');
    expect(foldText('TÅSEN Bjørnholt Ærøy')).toBe('tasen bjornholt aeroy');
    expect(foldText('Grünerløkka')).toBe(foldText('grunerlokka'));
    expect(foldText('Bjølsen')).toBe('bjolsen');
    // Å written as A + combining ring folds the same.
    expect(foldText('A\u030Asen')).toBe('asen');
  });

  const room = (
    displayName: string,
    locationName: string,
    geographicAreaName: string,
    capacity: number | null = 20,
    geographicAreaId = '1',
  ) => ({ capacity, geographicAreaId, haystack: roomHaystack({ displayName, name: displayName, locationName, geographicAreaName }) });
  const rooms = [
    room('Gymsal 101', 'Tåsen skole', 'Nordre Aker'),
    room('Kafé', 'Deichman Grünerløkka', 'Grünerløkka', 8, '2'),
    room('Aula', 'Bjølsen skole', 'Sagene', 150, '3'),
  ];
  const find = (text: string, capacity: ('1-10' | 'over-100')[] = [], areas: string[] = []) =>
    rooms
      .filter((r) => passesFilters(r, r.haystack, { capacity, words: searchWords(text), areas: new Set(areas) }))
      .map((r) => r.haystack.split(' ')[0]);

  it('finds Grünerløkka by grunerlokka, Bjølsen by bjolsen, Tåsen by tasen, and the typed letters too', () => {
    expect(find('grunerlokka')).toEqual(['kafe']);
    expect(find('Grünerløkka')).toEqual(['kafe']);
    expect(find('bjolsen')).toEqual(['aula']);
    expect(find('bjølsen')).toEqual(['aula']);
    expect(find('tasen')).toEqual(['gymsal']);
    expect(find('KAFE')).toEqual(['kafe']);
  });

  it('matches every word, and combines text, capacity and area', () => {
    expect(find('nordre gym')).toEqual(['gymsal']);
    expect(find('gymsal sagene')).toEqual([]);
    expect(find('  ')).toEqual(['gymsal', 'kafe', 'aula']);
    expect(find('', ['over-100'])).toEqual(['aula']);
    expect(find('skole', [], ['1'])).toEqual(['gymsal']);
  });
});

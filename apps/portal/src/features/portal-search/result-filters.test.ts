import { describe, expect, it } from 'vitest';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import {
  areaOptions,
  availabilityText,
  filterHits,
  matchesCapacity,
  noFilters,
  normalizeText,
  prepareHits,
  readResultFilters,
  sortHits,
  writeResultFilters,
} from './result-filters';

let nextId = 1;
function hit(overrides: Partial<SearchAssetHit> = {}): SearchAssetHit {
  const id = nextId++;
  return {
    bookableAssetId: id, locationId: 1, datesCount: 1, unavailableDates: [], name: `Rom ${id}`, displayName: `Rom ${id}`, capacity: 20, assetTypeId: null,
    locationName: 'Tøyen skole', geographicAreaId: '1', geographicAreaName: 'Gamle Oslo', latLng: null, tagIds: [], behandlingstid: 0, ...overrides,
  };
}

const names = (hits: readonly SearchAssetHit[]) => hits.map((h) => h.displayName);

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

describe('the free-text filter', () => {
  it('ignores case and accents but keeps æ, ø and å as letters', () => {
    expect(normalizeText('Café RÉNÉ Müller')).toBe('cafe rene muller');
    expect(normalizeText('TÅSEN Bjørnholt Ærøy')).toBe('tåsen bjørnholt ærøy');
    expect(normalizeText('Tåsen')).not.toBe(normalizeText('Tasen'));
  });

  it('matches room name, location and area, word by word', () => {
    const hits = prepareHits([
      hit({ displayName: 'Gymsal 101', locationName: 'Tåsen skole', geographicAreaName: 'Nordre Aker' }),
      hit({ displayName: 'Kafé', locationName: 'Deichman Grünerløkka', geographicAreaName: 'Grünerløkka' }),
      hit({ displayName: 'Aula', locationName: 'Tasta skole', geographicAreaName: 'Stovner' }),
    ]);
    const search = (text: string) => names(filterHits(hits, { ...noFilters, text }));
    expect(search('gymsal')).toEqual(['Gymsal 101']);
    expect(search('KAFE')).toEqual(['Kafé']);
    expect(search('grunerløkka')).toEqual(['Kafé']);
    expect(search('nordre gym')).toEqual(['Gymsal 101']);
    expect(search('tås')).toEqual(['Gymsal 101']);
    expect(search('tas')).toEqual(['Aula']);
    expect(search('  ')).toEqual(['Gymsal 101', 'Kafé', 'Aula']);
    expect(search('gymsal stovner')).toEqual([]);
  });

  it('combines text, capacity and area', () => {
    const hits = prepareHits([
      hit({ displayName: 'Møterom A', capacity: 8, geographicAreaId: '1' }),
      hit({ displayName: 'Møterom B', capacity: 30, geographicAreaId: '1' }),
      hit({ displayName: 'Møterom C', capacity: 30, geographicAreaId: '2' }),
      hit({ displayName: 'Møterom D', capacity: null, geographicAreaId: '2' }),
    ]);
    expect(names(filterHits(hits, { text: 'møterom', capacity: ['21-50'], areas: [] }))).toEqual(['Møterom B', 'Møterom C']);
    expect(names(filterHits(hits, { text: '', capacity: ['21-50'], areas: ['2'] }))).toEqual(['Møterom C']);
    expect(names(filterHits(hits, { text: '', capacity: [], areas: ['2'] }))).toEqual(['Møterom C', 'Møterom D']);
  });

  it('filters six thousand rooms quickly', () => {
    const many = prepareHits(Array.from({ length: 6000 }, (_, i) => hit({ displayName: `Rom ${i}`, capacity: i % 150 })));
    const started = performance.now();
    const found = filterHits(many, { text: 'rom 59', capacity: ['51-100'], areas: [] });
    expect(performance.now() - started).toBeLessThan(100);
    expect(found.length).toBeGreaterThan(0);
  });
});

describe('the order and the availability text', () => {
  it('sorts by share of available dates, then by Norwegian name', () => {
    const hits = [
      hit({ displayName: 'Øvingsrom', datesCount: 4, unavailableDates: [] }),
      hit({ displayName: 'Aula', datesCount: 4, unavailableDates: ['2027-01-05', '2027-01-12'] }),
      hit({ displayName: 'Ærfuglrom', datesCount: 4, unavailableDates: [] }),
      hit({ displayName: 'Zebra', datesCount: 4, unavailableDates: [] }),
      hit({ displayName: 'Basseng', datesCount: 4, unavailableDates: ['2027-01-05'] }),
    ];
    expect(names(sortHits(hits))).toEqual(['Zebra', 'Ærfuglrom', 'Øvingsrom', 'Basseng', 'Aula']);
  });

  it('says on how many of the dates the room is free', () => {
    expect(availabilityText(hit({ datesCount: 1 }))).toBe('Ledig på valgt dato');
    expect(availabilityText(hit({ datesCount: 1, unavailableDates: ['2027-01-05'] }))).toBe('Ikke ledig på valgt dato');
    expect(availabilityText(hit({ datesCount: 10 }))).toBe('Ledig alle datoer');
    expect(availabilityText(hit({ datesCount: 10, unavailableDates: ['2027-01-05', '2027-01-12'] }))).toBe('Ledig 8 av 10 datoer');
  });

  it('lists the areas of the rooms by name with counts', () => {
    const hits = [hit({ geographicAreaId: '3', geographicAreaName: 'Østensjø' }), hit({ geographicAreaId: '1', geographicAreaName: 'Alna' }), hit({ geographicAreaId: '3', geographicAreaName: 'Østensjø' })];
    expect(areaOptions(hits)).toEqual([{ id: '1', name: 'Alna', count: 1 }, { id: '3', name: 'Østensjø', count: 2 }]);
  });
});

describe('filters in the URL', () => {
  it('reads and writes kapasitet, tekst and bydel, keeping the search', () => {
    const base = new URLSearchParams('searchType=list&date=2027-01-05&kapasitet=1-10&tekst=gammel');
    const written = writeResultFilters({ capacity: ['21-50', 'over-100'], text: ' tøyen ', areas: ['4'] }, base);
    expect(written.toString()).toBe('searchType=list&date=2027-01-05&kapasitet=21-50&kapasitet=over-100&tekst=t%C3%B8yen&bydel=4');
    expect(readResultFilters(written)).toEqual({ capacity: ['21-50', 'over-100'], text: 'tøyen', areas: ['4'] });
    expect(readResultFilters(new URLSearchParams('kapasitet=1000&kapasitet=1-10'))).toEqual({ capacity: ['1-10'], text: '', areas: [] });
  });
});

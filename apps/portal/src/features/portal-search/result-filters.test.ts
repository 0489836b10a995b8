import { describe, expect, it } from 'vitest';
import type { SearchAssetHit } from '@lokaler/domain/search-request';
import { availabilityText, readResultFilters, writeResultFilters } from './result-filters';

let nextId = 1;
function hit(overrides: Partial<SearchAssetHit> = {}): SearchAssetHit {
  const id = nextId++;
  return {
    bookableAssetId: id,
    locationId: 1,
    datesCount: 1,
    unavailableDates: [],
    name: `Rom ${id}`,
    displayName: `Rom ${id}`,
    capacity: 20,
    assetTypeId: null,
    locationName: 'Tøyen skole',
    geographicAreaId: '1',
    geographicAreaName: 'Gamle Oslo',
    latLng: null,
    tagIds: [],
    behandlingstid: 0,
    ...overrides,
  };
}

describe('the availability text', () => {
  it('says on how many of the dates the room is free', () => {
    expect(availabilityText(hit({ datesCount: 1 }))).toBe('Ledig på valgt dato');
    expect(availabilityText(hit({ datesCount: 1, unavailableDates: ['2027-01-05'] }))).toBe('Ikke ledig på valgt dato');
    expect(availabilityText(hit({ datesCount: 10 }))).toBe('Ledig alle datoer');
    expect(availabilityText(hit({ datesCount: 10, unavailableDates: ['2027-01-05', '2027-01-12'] }))).toBe('Ledig 8 av 10 datoer');
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

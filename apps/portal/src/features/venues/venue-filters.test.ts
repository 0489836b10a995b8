import { describe, expect, it } from 'vitest';
import { buildLocation } from '../../testing/factories';
import { filterVenues, groupVenues, normalizeSearchText, parseVenueFilters, venueCountLabel, venueFiltersToSearch } from './venue-filters';

const venues = [
  buildLocation({
    id: 1,
    name: 'Østensjø bydelshus',
    publicLocationType: 'DISTRICT_VENUES',
    geographicAreaId: 'ostensjo',
    geographicAreaName: 'Østensjø',
  }),
  buildLocation({
    id: 2,
    name: 'Tøyen skole',
    publicLocationType: 'SCHOOLS',
    geographicAreaId: 'gamle-oslo',
    geographicAreaName: 'Gamle Oslo',
  }),
  buildLocation({
    id: 3,
    name: 'Deichman Grünerløkka',
    publicLocationType: 'LIBRARIES',
    geographicAreaId: 'grunerlokka',
    geographicAreaName: 'Grünerløkka',
  }),
  buildLocation({ id: 4, name: 'Oslo rådhus', publicLocationType: 'WEDDINGS', geographicAreaId: 'sentrum', geographicAreaName: 'Sentrum' }),
  buildLocation({ id: 5, name: 'Åsen skole', publicLocationType: 'SCHOOLS', geographicAreaId: 'ostensjo', geographicAreaName: 'Østensjø' }),
  buildLocation({
    id: 6,
    name: 'Vålerenga skole',
    publicLocationType: 'SCHOOLS',
    geographicAreaId: 'gamle-oslo',
    geographicAreaName: 'Gamle Oslo',
  }),
];
const names = (list: { name: string }[]) => list.map((l) => l.name);
const filters = (search: string) => parseVenueFilters(new URLSearchParams(search));

describe('venue filters in the URL (tekst, kategorier, geo)', () => {
  it('reads the three parameters; unknown categories are ignored, known ones in the filter order', () => {
    expect(filters('?tekst=t%C3%B8yen&kategorier=biblioteker,SKOLER,badeland&geo=gamle-oslo,ostensjo')).toEqual({
      text: 'tøyen',
      categories: ['skoler', 'biblioteker'],
      districts: ['gamle-oslo', 'ostensjo'],
    });
    expect(filters('')).toEqual({ text: '', categories: [], districts: [] });
  });

  it('writes them back with readable commas, leaving out what is empty', () => {
    expect(venueFiltersToSearch({ text: ' Tøyen ', categories: ['skoler', 'biblioteker'], districts: ['gamle-oslo'] })).toBe(
      '?tekst=T%C3%B8yen&kategorier=skoler,biblioteker&geo=gamle-oslo',
    );
    expect(venueFiltersToSearch({ text: '  ', categories: [], districts: [] })).toBe('');
  });

  it('round-trips', () => {
    const search = '?tekst=skole&kategorier=skoler,barnehager&geo=alna';
    expect(venueFiltersToSearch(filters(search))).toBe(search);
  });
});

describe('filterVenues', () => {
  it('sorts in Norwegian order (Å and Ø last) and always keeps the town hall', () => {
    expect(names(filterVenues(venues, filters('')))).toEqual([
      'Deichman Grünerløkka',
      'Oslo rådhus',
      'Tøyen skole',
      'Vålerenga skole',
      'Østensjø bydelshus',
      'Åsen skole',
    ]);
    expect(names(filterVenues(venues, filters('?kategorier=skoler')))).toEqual([
      'Oslo rådhus',
      'Tøyen skole',
      'Vålerenga skole',
      'Åsen skole',
    ]);
    expect(names(filterVenues(venues, filters('?geo=ostensjo&kategorier=skoler')))).toEqual(['Oslo rådhus', 'Åsen skole']);
  });

  it('searches name and district, ignoring case and accents', () => {
    expect(names(filterVenues(venues, filters('?tekst=GAMLE%20oslo')))).toEqual(['Tøyen skole', 'Vålerenga skole']);
    expect(names(filterVenues(venues, filters('?tekst=grunerl')))).toEqual(['Deichman Grünerløkka']);
    expect(names(filterVenues(venues, filters('?tekst=valerenga')))).toEqual(['Vålerenga skole']);
    expect(normalizeSearchText(' Ås ')).toBe('as');
  });

  it('lets a search text that does not match it hide the town hall too', () => {
    expect(names(filterVenues(venues, filters('?tekst=finnes-ikke')))).toEqual([]);
  });
});

describe('groupVenues and counts', () => {
  it('groups per category in a fixed order with counts', () => {
    const groups = groupVenues(filterVenues(venues, filters('')));
    expect(groups.map((g) => [g.label, g.venues.length])).toEqual([
      ['Skoler', 3],
      ['Biblioteker', 1],
      ['Bydelslokaler', 1],
      ['Vielser', 1],
    ]);
  });

  it("says 'Ett lokale' or '{n} lokaler'", () => {
    expect(venueCountLabel(1)).toBe('Ett lokale');
    expect(venueCountLabel(3)).toBe('3 lokaler');
    expect(venueCountLabel(0)).toBe('0 lokaler');
  });
});

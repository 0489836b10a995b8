/** Oslo's 15 districts (bydeler) and Sentrum, with a centre, a post code and some streets each. */
export interface District {
  id: string;
  name: string;
  lat: number;
  lng: number;
  postCode: string;
  streets: readonly string[];
}

export const districts: readonly District[] = [
  {
    id: 'gamle-oslo',
    name: 'Gamle Oslo',
    lat: 59.9105,
    lng: 10.779,
    postCode: '0655',
    streets: ['Tøyengata', 'Schweigaards gate', 'Vålerenggata', 'Kampengata'],
  },
  {
    id: 'grunerlokka',
    name: 'Grünerløkka',
    lat: 59.9245,
    lng: 10.76,
    postCode: '0552',
    streets: ['Thorvald Meyers gate', 'Markveien', 'Trondheimsveien', 'Grüners gate'],
  },
  {
    id: 'sagene',
    name: 'Sagene',
    lat: 59.938,
    lng: 10.754,
    postCode: '0461',
    streets: ['Sandakerveien', 'Kierschows gate', 'Bjølsengata', 'Vogts gate'],
  },
  {
    id: 'st-hanshaugen',
    name: 'St. Hanshaugen',
    lat: 59.927,
    lng: 10.738,
    postCode: '0171',
    streets: ['Ullevålsveien', 'Waldemar Thranes gate', 'Pilestredet', 'Geitmyrsveien'],
  },
  {
    id: 'frogner',
    name: 'Frogner',
    lat: 59.92,
    lng: 10.705,
    postCode: '0263',
    streets: ['Bygdøy allé', 'Kirkeveien', 'Niels Juels gate', 'Gyldenløves gate'],
  },
  {
    id: 'ullern',
    name: 'Ullern',
    lat: 59.925,
    lng: 10.655,
    postCode: '0283',
    streets: ['Hoffsveien', 'Ullernchausseen', 'Lilleakerveien', 'Bestumveien'],
  },
  {
    id: 'vestre-aker',
    name: 'Vestre Aker',
    lat: 59.955,
    lng: 10.68,
    postCode: '0752',
    streets: ['Sørkedalsveien', 'Holmenkollveien', 'Slemdalsveien', 'Vinderveien'],
  },
  {
    id: 'nordre-aker',
    name: 'Nordre Aker',
    lat: 59.955,
    lng: 10.76,
    postCode: '0863',
    streets: ['Maridalsveien', 'Tåsenveien', 'Kringsjåveien', 'Nydalsveien'],
  },
  {
    id: 'bjerke',
    name: 'Bjerke',
    lat: 59.94,
    lng: 10.815,
    postCode: '0590',
    streets: ['Veitvetveien', 'Linderudsletta', 'Årvollveien', 'Tonsenveien'],
  },
  {
    id: 'grorud',
    name: 'Grorud',
    lat: 59.96,
    lng: 10.88,
    postCode: '0956',
    streets: ['Grorudveien', 'Ammerudveien', 'Kalbakkveien', 'Romsåsveien'],
  },
  {
    id: 'stovner',
    name: 'Stovner',
    lat: 59.962,
    lng: 10.925,
    postCode: '0985',
    streets: ['Stovnerveien', 'Vestlisvingen', 'Rommensvingen', 'Fossumveien'],
  },
  {
    id: 'alna',
    name: 'Alna',
    lat: 59.93,
    lng: 10.87,
    postCode: '1055',
    streets: ['Furusetveien', 'Haugerudveien', 'Tvetenveien', 'Lindebergveien'],
  },
  {
    id: 'ostensjo',
    name: 'Østensjø',
    lat: 59.89,
    lng: 10.835,
    postCode: '0687',
    streets: ['Bølerlia', 'Manglerudveien', 'Oppsalstubben', 'Østensjøveien'],
  },
  {
    id: 'nordstrand',
    name: 'Nordstrand',
    lat: 59.865,
    lng: 10.79,
    postCode: '1170',
    streets: ['Nordstrandveien', 'Ljabruveien', 'Lambertseterveien', 'Ekebergveien'],
  },
  {
    id: 'sondre-nordstrand',
    name: 'Søndre Nordstrand',
    lat: 59.835,
    lng: 10.81,
    postCode: '1277',
    streets: ['Holmliaveien', 'Mortensrudveien', 'Hauketoveien', 'Prinsdalsveien'],
  },
  {
    id: 'sentrum',
    name: 'Sentrum',
    lat: 59.912,
    lng: 10.737,
    postCode: '0150',
    streets: ['Karl Johans gate', 'Rådhusgata', 'Kirkegata', 'Fridtjof Nansens plass'],
  },
];

/**
 * Locations without a known district keep the id 'unknown'; it exists in the table (foreign key) but
 * is never listed (spec 01 §3 Geographic area).
 */
export const unknownArea = { id: 'unknown', name: 'Ukjent' } as const;

export function districtById(id: string): District {
  const district = districts.find((d) => d.id === id);
  if (!district) throw new Error(`unknown district ${id}`);
  return district;
}

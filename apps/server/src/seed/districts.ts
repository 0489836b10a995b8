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
  { id: 'gamle-oslo', name: 'Gamle Oslo', lat: 59.9105, lng: 10.7790, postCode: '0655', streets: ['Tøyengata', 'Schweigaards gate', 'Vålerenggata', 'Kampengata'] },
  { id: 'grunerlokka', name: 'Grünerløkka', lat: 59.9245, lng: 10.7600, postCode: '0552', streets: ['Thorvald Meyers gate', 'Markveien', 'Trondheimsveien', 'Grüners gate'] },
  { id: 'sagene', name: 'Sagene', lat: 59.9380, lng: 10.7540, postCode: '0461', streets: ['Sandakerveien', 'Kierschows gate', 'Bjølsengata', 'Vogts gate'] },
  { id: 'st-hanshaugen', name: 'St. Hanshaugen', lat: 59.9270, lng: 10.7380, postCode: '0171', streets: ['Ullevålsveien', 'Waldemar Thranes gate', 'Pilestredet', 'Geitmyrsveien'] },
  { id: 'frogner', name: 'Frogner', lat: 59.9200, lng: 10.7050, postCode: '0263', streets: ['Bygdøy allé', 'Kirkeveien', 'Niels Juels gate', 'Gyldenløves gate'] },
  { id: 'ullern', name: 'Ullern', lat: 59.9250, lng: 10.6550, postCode: '0283', streets: ['Hoffsveien', 'Ullernchausseen', 'Lilleakerveien', 'Bestumveien'] },
  { id: 'vestre-aker', name: 'Vestre Aker', lat: 59.9550, lng: 10.6800, postCode: '0752', streets: ['Sørkedalsveien', 'Holmenkollveien', 'Slemdalsveien', 'Vinderveien'] },
  { id: 'nordre-aker', name: 'Nordre Aker', lat: 59.9550, lng: 10.7600, postCode: '0863', streets: ['Maridalsveien', 'Tåsenveien', 'Kringsjåveien', 'Nydalsveien'] },
  { id: 'bjerke', name: 'Bjerke', lat: 59.9400, lng: 10.8150, postCode: '0590', streets: ['Veitvetveien', 'Linderudsletta', 'Årvollveien', 'Tonsenveien'] },
  { id: 'grorud', name: 'Grorud', lat: 59.9600, lng: 10.8800, postCode: '0956', streets: ['Grorudveien', 'Ammerudveien', 'Kalbakkveien', 'Romsåsveien'] },
  { id: 'stovner', name: 'Stovner', lat: 59.9620, lng: 10.9250, postCode: '0985', streets: ['Stovnerveien', 'Vestlisvingen', 'Rommensvingen', 'Fossumveien'] },
  { id: 'alna', name: 'Alna', lat: 59.9300, lng: 10.8700, postCode: '1055', streets: ['Furusetveien', 'Haugerudveien', 'Tvetenveien', 'Lindebergveien'] },
  { id: 'ostensjo', name: 'Østensjø', lat: 59.8900, lng: 10.8350, postCode: '0687', streets: ['Bølerlia', 'Manglerudveien', 'Oppsalstubben', 'Østensjøveien'] },
  { id: 'nordstrand', name: 'Nordstrand', lat: 59.8650, lng: 10.7900, postCode: '1170', streets: ['Nordstrandveien', 'Ljabruveien', 'Lambertseterveien', 'Ekebergveien'] },
  { id: 'sondre-nordstrand', name: 'Søndre Nordstrand', lat: 59.8350, lng: 10.8100, postCode: '1277', streets: ['Holmliaveien', 'Mortensrudveien', 'Hauketoveien', 'Prinsdalsveien'] },
  { id: 'sentrum', name: 'Sentrum', lat: 59.9120, lng: 10.7370, postCode: '0150', streets: ['Karl Johans gate', 'Rådhusgata', 'Kirkegata', 'Fridtjof Nansens plass'] },
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

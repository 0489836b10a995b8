import type { LocationStatus, PublicLocationType } from '@lokaler/domain/location';

/** The demo's locations: real Oslo place names, grouped per district. */
interface DistrictVenues {
  district: string;
  schools: readonly string[];
  kindergartens: readonly string[];
  libraries: readonly string[];
  venues: readonly string[];
}

const byDistrict: readonly DistrictVenues[] = [
  {
    district: 'gamle-oslo',
    schools: ['Kampen skole', 'Vålerenga skole', 'Tøyen skole', 'Gamlebyen skole'],
    kindergartens: ['Kampen barnehage'],
    libraries: ['Deichman Tøyen'],
    venues: ['Vålerenga frivilligsentral', 'BUA Tøyen'],
  },
  {
    district: 'grunerlokka',
    schools: ['Grünerløkka skole', 'Rosenhoff skole', 'Hasle skole'],
    kindergartens: ['Birkelunden barnehage'],
    libraries: ['Deichman Grünerløkka'],
    venues: ['Grünerløkka bydelshus'],
  },
  {
    district: 'sagene',
    schools: ['Sagene skole', 'Bjølsen skole', 'Lilleborg skole'],
    kindergartens: ['Bjølsen barnehage'],
    libraries: ['Deichman Torshov'],
    venues: ['Sagene samfunnshus', 'Bydel Sagene administrasjonsbygg'],
  },
  {
    district: 'st-hanshaugen',
    schools: ['Bolteløkka skole', 'Ila skole', 'Fagerborg skole'],
    kindergartens: ['Stensparken barnehage'],
    libraries: [],
    venues: ['St. Hanshaugen bydelshus'],
  },
  {
    district: 'frogner',
    schools: ['Uranienborg skole', 'Majorstuen skole', 'Bygdøy skole'],
    kindergartens: ['Frognerparken barnehage'],
    libraries: ['Deichman Majorstuen'],
    venues: ['Frogner seniorsenter'],
  },
  {
    district: 'ullern',
    schools: ['Lilleaker skole', 'Skøyen skole', 'Bestum skole', 'Montebello skole'],
    kindergartens: ['Lilleaker barnehage'],
    libraries: [],
    venues: ['Ullern kulturhus'],
  },
  {
    district: 'vestre-aker',
    schools: ['Røa skole', 'Vinderen skole', 'Slemdal skole'],
    kindergartens: ['Røa barnehage'],
    libraries: ['Deichman Røa'],
    venues: ['Vestre Aker bydelshus'],
  },
  {
    district: 'nordre-aker',
    schools: ['Kringsjå skole', 'Tåsen skole', 'Berg skole', 'Korsvoll skole'],
    kindergartens: ['Kringsjå barnehage'],
    libraries: ['Deichman Nydalen'],
    venues: ['Nordre Aker aktivitetshus'],
  },
  {
    district: 'bjerke',
    schools: ['Veitvet skole', 'Linderud skole', 'Tonsenhagen skole', 'Årvoll skole'],
    kindergartens: ['Veitvet barnehage'],
    libraries: ['Deichman Bjerke'],
    venues: ['Veitvet kulturhus'],
  },
  {
    district: 'grorud',
    schools: ['Grorud skole', 'Romsås skole', 'Ammerud skole'],
    kindergartens: ['Romsås barnehage'],
    libraries: ['Deichman Grorud', 'Deichman Romsås'],
    venues: ['Grorud samfunnshus'],
  },
  {
    district: 'stovner',
    schools: ['Stovner skole', 'Haugenstua skole', 'Vestli skole', 'Rommen skole'],
    kindergartens: ['Haugenstua barnehage'],
    libraries: ['Deichman Stovner'],
    venues: ['Stovner bydelshus'],
  },
  {
    district: 'alna',
    schools: ['Furuset skole', 'Lindeberg skole', 'Haugerud skole', 'Tveita skole'],
    kindergartens: ['Furuset barnehage'],
    libraries: ['Deichman Furuset'],
    venues: ['Furuset forum', 'Haugerud frivilligsentral'],
  },
  {
    district: 'ostensjo',
    schools: ['Bøler skole', 'Manglerud skole', 'Oppsal skole'],
    kindergartens: ['Bøler barnehage'],
    libraries: ['Deichman Oppsal', 'Deichman Bøler'],
    venues: ['Østensjø bydelshus'],
  },
  {
    district: 'nordstrand',
    schools: ['Nordstrand skole', 'Ljan skole', 'Lambertseter skole', 'Bekkelaget skole'],
    kindergartens: ['Ljan barnehage'],
    libraries: ['Deichman Lambertseter'],
    venues: ['Nordstrand bydelshus'],
  },
  {
    district: 'sondre-nordstrand',
    schools: ['Holmlia skole', 'Mortensrud skole', 'Bjørnholt skole', 'Hauketo skole'],
    kindergartens: ['Holmlia barnehage'],
    libraries: ['Deichman Holmlia'],
    venues: ['Holmlia bydelshus'],
  },
  { district: 'sentrum', schools: [], kindergartens: [], libraries: ['Deichman Bjørvika'], venues: [] },
];

export interface VenueSeed {
  name: string;
  type: PublicLocationType;
  district: string;
  status: LocationStatus;
  displayInPortal: boolean;
}

function venue(
  name: string,
  type: PublicLocationType,
  district: string,
  status: LocationStatus = 'PUBLISHED',
  displayInPortal = true,
): VenueSeed {
  return { name, type, district, status, displayInPortal };
}

/** The town hall, the one WEDDINGS venue the portal always lists. */
export const townHallName = 'Oslo rådhus';

/** Every demo location in a stable order (the order decides their ids). */
export const venueSeeds: readonly VenueSeed[] = [
  venue(townHallName, 'WEDDINGS', 'sentrum'),
  ...byDistrict.flatMap((d) => [
    ...d.schools.map((n) => venue(n, 'SCHOOLS', d.district)),
    ...d.kindergartens.map((n) => venue(n, 'KINDERGARTEN', d.district)),
    ...d.libraries.map((n) => venue(n, 'LIBRARIES', d.district)),
    // The administration building is published for admins' internal bookings but not shown in the portal.
    ...d.venues.map((n) => venue(n, 'DISTRICT_VENUES', d.district, 'PUBLISHED', !n.startsWith('Bydel '))),
  ]),
  venue('Nye Tøyen skole', 'SCHOOLS', 'gamle-oslo', 'UNPUBLISHED'),
  venue('Hovseter skole', 'SCHOOLS', 'vestre-aker', 'UNPUBLISHED'),
  venue('Kaja barnehage', 'KINDERGARTEN', 'alna', 'UNPUBLISHED'),
  venue('Gamle Holmlia bydelshus', 'DISTRICT_VENUES', 'sondre-nordstrand', 'DELETED'),
  venue('Deichman Nordtvet', 'LIBRARIES', 'grorud', 'DELETED'),
  venue('Midlertidig paviljong', 'DISTRICT_VENUES', 'unknown', 'DELETED'),
];

/** Booking rules and special fields of particular demo locations (everything else uses the defaults). */
export interface VenueRules {
  behandlingstid?: number;
  minBookingDurationMinutes?: number;
  maxOneTimeslotPerBookingForPublicUser?: boolean;
  allowSingleBookingsForPublicUser?: boolean;
  allowRepeatedBookingsForPublicUser?: boolean;
  requireContract?: boolean;
  requireCostCategory?: boolean;
  enableVedtak?: boolean;
  adminCanBookPastDates?: boolean;
  externalUrl?: string;
  informationMessage?: string;
}

export const rulesByType: Record<PublicLocationType, VenueRules> = {
  SCHOOLS: { enableVedtak: true, minBookingDurationMinutes: 60 },
  KINDERGARTEN: { behandlingstid: 7, allowRepeatedBookingsForPublicUser: false },
  LIBRARIES: { maxOneTimeslotPerBookingForPublicUser: true, minBookingDurationMinutes: 30, behandlingstid: 2 },
  DISTRICT_VENUES: { requireContract: true, requireCostCategory: true, behandlingstid: 14, minBookingDurationMinutes: 120 },
  WEDDINGS: {
    maxOneTimeslotPerBookingForPublicUser: true,
    allowRepeatedBookingsForPublicUser: false,
    behandlingstid: 28,
    informationMessage:
      '<p>Vielser i Oslo rådhus holdes tirsdag til lørdag. Dere kan ha med inntil 20 gjester.</p><p>Prøvingsattesten må sendes inn senest <b>4 uker</b> før vielsen.</p>',
  },
};

export const rulesByName: Record<string, VenueRules> = {
  'Kampen skole': {
    allowSingleBookingsForPublicUser: false,
    requireContract: true,
    informationMessage: '<p>Kampen skole leies bare ut for hele semestre. Søknadsfrist 1. juni for høsten og 1. november for våren.</p>',
  },
  'Sagene skole': { behandlingstid: 5, adminCanBookPastDates: true },
  'Bjølsen skole': { requireContract: true },
  'Sagene samfunnshus': {
    adminCanBookPastDates: true,
    informationMessage: '<p>Storsalen har scene, lydanlegg og flygel. Nøkkel hentes i resepsjonen.</p>',
  },
  'Furuset forum': { externalUrl: 'https://www.furusetforum.no' },
  'Deichman Bjørvika': { externalUrl: 'https://deichman.no/bibliotekene/bjørvika' },
  'BUA Tøyen': {
    allowRepeatedBookingsForPublicUser: false,
    requireContract: false,
    requireCostCategory: false,
    behandlingstid: 1,
    minBookingDurationMinutes: 60,
    informationMessage: '<p>Utstyret lånes ut gratis. Sykler må lånes for hele perioden og hentes i åpningstiden.</p>',
  },
  'Deichman Torshov': { maxOneTimeslotPerBookingForPublicUser: false },
};

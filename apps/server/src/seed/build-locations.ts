import type { PublicLocationType } from '@lokaler/domain/location';
import type { locationAbout, locations } from '../db/schema/locations';
import { districtById, districts, unknownArea } from './districts';
import type { Random } from './prng';
import { rulesByName, rulesByType, townHallName, venueSeeds, type VenueSeed } from './venues';

type LocationRow = typeof locations.$inferInsert;
type AboutRow = Omit<typeof locationAbout.$inferInsert, 'locationId'>;

export function slugify(name: string): string {
  return name
    .toLowerCase()
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/å/g, 'a')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

const companyCodeByType: Record<PublicLocationType, string> = {
  SCHOOLS: 'UDE',
  KINDERGARTEN: 'BHG',
  LIBRARIES: 'KUL',
  DISTRICT_VENUES: 'BYD',
  WEDDINGS: 'RHS',
};

function contactFor(seed: VenueSeed): { homepage: string; contactEmail: string } {
  const slug = slugify(seed.name);
  switch (seed.type) {
    case 'SCHOOLS': {
      const school = slugify(seed.name.replace(/ skole$/, ''));
      return { homepage: `https://${school}.osloskolen.no`, contactEmail: `utleie.${school}@osloskolen.no` };
    }
    case 'LIBRARIES': {
      const branch = slugify(seed.name.replace(/^Deichman /, ''));
      return { homepage: `https://deichman.no/bibliotekene/${branch}`, contactEmail: `${branch}@deichman.no` };
    }
    case 'WEDDINGS':
      return { homepage: 'https://www.oslo.kommune.no/vielse', contactEmail: 'vielse@oslo.kommune.no' };
    default:
      return {
        homepage: `https://www.oslo.kommune.no/bydeler/bydel-${seed.district}/`,
        contactEmail: `${slug}@bydel-${seed.district}.oslo.kommune.no`,
      };
  }
}

function phone(random: Random): string {
  return `2${random.int(1000000, 9999999)}`;
}

/** The location rows of the demo, in venueSeeds order, with their about texts. */
export function buildLocations(random: Random): Array<{ seed: VenueSeed; row: LocationRow; about: AboutRow }> {
  return venueSeeds.map((seed) => {
    const rules = { ...rulesByType[seed.type], ...rulesByName[seed.name] };
    const district = seed.district === unknownArea.id ? districts[0]! : districtById(seed.district);
    const townHall = seed.name === townHallName;
    const row: LocationRow = {
      name: seed.name,
      status: seed.status,
      publicLocationType: seed.type,
      filterCategory: seed.type,
      geographicAreaId: seed.district,
      displayInPortal: seed.displayInPortal,
      companyCode: companyCodeByType[seed.type],
      streetAddress: townHall ? 'Rådhusplassen 1' : `${random.pick(district.streets)} ${random.int(1, 120)}`,
      postCode: townHall ? '0037' : district.postCode,
      city: 'Oslo',
      phoneNumber: townHall ? '21802180' : phone(random),
      ...contactFor(seed),
      informationUrl: townHall ? 'https://www.oslo.kommune.no/vielse/vielse-i-oslo-radhus/' : null,
      lat: townHall ? 59.9119 : district.lat + (random.next() - 0.5) * 0.02,
      lng: townHall ? 10.7338 : district.lng + (random.next() - 0.5) * 0.04,
      behandlingstid: rules.behandlingstid ?? 0,
      minBookingDurationMinutes: rules.minBookingDurationMinutes ?? null,
      maxOneTimeslotPerBookingForPublicUser: rules.maxOneTimeslotPerBookingForPublicUser ?? false,
      allowSingleBookingsForPublicUser: rules.allowSingleBookingsForPublicUser ?? true,
      allowRepeatedBookingsForPublicUser: rules.allowRepeatedBookingsForPublicUser ?? true,
      requireContract: rules.requireContract ?? false,
      requireCostCategory: rules.requireCostCategory ?? false,
      enableVedtak: rules.enableVedtak ?? false,
      adminCanBookPastDates: rules.adminCanBookPastDates ?? false,
      externalUrl: rules.externalUrl ?? null,
      informationMessage: rules.informationMessage ?? null,
    };
    return { seed, row, about: aboutFor(seed.type, rules.behandlingstid ?? 0) };
  });
}

function aboutFor(type: PublicLocationType, behandlingstid: number): AboutRow {
  const deadline = behandlingstid > 0 ? ` Søknaden må sendes minst ${behandlingstid} dager før ønsket dato.` : '';
  switch (type) {
    case 'SCHOOLS':
      return {
        whoCanApply:
          '<p>Frivillige lag og foreninger, borettslag og privatpersoner over 18 år kan låne skolens lokaler utenom skoletiden.</p>',
        locationCosts:
          '<p>Lån er gratis for frivillige organisasjoner med aktivitet for barn og unge. Andre betaler selvkost etter kommunens satser.</p>',
        loanCriteria: `<p>Søknadsfrist for semesterlån er 1. juni for høsten og 1. november for våren. Enkeltarrangementer har ingen frist.${deadline}</p><ul><li>Låntaker rydder og låser etter seg.</li><li>Alkohol er ikke tillatt.</li></ul>`,
      };
    case 'KINDERGARTEN':
      return {
        whoCanApply: '<p>Foreldre med barn i barnehagen og frivillige organisasjoner i nærmiljøet.</p>',
        locationCosts: '<p>Gratis.</p>',
        loanCriteria: `<p>Lokalene lånes ut kvelder og helger. Barnehagens utstyr skal ikke brukes.${deadline}</p>`,
      };
    case 'LIBRARIES':
      return {
        whoCanApply: '<p>Alle kan booke møterom. Arrangementsrommet er for åpne, gratis arrangementer.</p>',
        locationCosts: '<p>Gratis.</p>',
        loanCriteria: `<p>Du kan booke ett tidspunkt om gangen.${deadline}</p>`,
      };
    case 'DISTRICT_VENUES':
      return {
        whoCanApply: '<p>Lag, foreninger og privatpersoner som bor i bydelen.</p>',
        locationCosts: '<p>Frivillige organisasjoner låner gratis. Private selskaper betaler markedspris, se bydelens prisliste.</p>',
        loanCriteria: `<p>Det inngås en kontrakt for hvert lån.${deadline}</p>`,
      };
    case 'WEDDINGS':
      return {
        whoCanApply: '<p>Par der minst én av dere er over 18 år og har gyldig prøvingsattest fra Skatteetaten.</p>',
        locationCosts: '<p>Vielsen er gratis.</p>',
        loanCriteria:
          '<p>Prøvingsattesten er gyldig i 4 måneder og må sendes inn senest 4 uker før vielsen. Dere får et informasjonsbrev innen 2 uker.</p>',
      };
  }
}

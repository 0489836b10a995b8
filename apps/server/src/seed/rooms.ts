import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import type { PublicLocationType } from '@lokaler/domain/location';
import type { AssetTypeName } from './catalogue';
import type { Random } from './prng';

/** What a kind of room looks like; concrete rooms draw capacity and size from the ranges. */
interface RoomTemplate {
  name: string;
  number?: string;
  type: AssetTypeName;
  capacity: [number, number];
  squareMeters: [number, number];
  purposes: readonly string[];
  facilities: readonly string[];
  /** Chance that the room is in every generated location (1 = always). */
  share?: number;
  flow?: BookingFlowTheme;
  hasOslonokkelen?: boolean;
  info?: string;
  maxOneTimeslot?: boolean;
  allowRepeated?: boolean;
}

const templatesByType: Record<PublicLocationType, readonly RoomTemplate[]> = {
  SCHOOLS: [
    {
      name: 'Gymsal',
      number: 'G1',
      type: 'Gymsal',
      capacity: [60, 150],
      squareMeters: [280, 600],
      purposes: ['Idrett og trening', 'Øving (musikk, dans, teater)'],
      facilities: ['Garderobe', 'Dusj', 'Ballutstyr', 'Høyttaleranlegg'],
      hasOslonokkelen: true,
    },
    {
      name: 'Aula',
      number: 'A1',
      type: 'Aula',
      capacity: [120, 350],
      squareMeters: [200, 450],
      purposes: ['Konsert og forestilling', 'Kurs og foredrag', 'Møte'],
      facilities: ['Scene', 'Høyttaleranlegg', 'Projektor', 'Flygel'],
      share: 0.8,
    },
    {
      name: 'Kantine',
      number: 'K1',
      type: 'Kantine',
      capacity: [40, 120],
      squareMeters: [90, 220],
      purposes: ['Selskap og fest', 'Møte', 'Barneselskap'],
      facilities: ['Kjøkken', 'Bord og stoler', 'Kaffemaskin'],
      share: 0.8,
    },
    {
      name: 'Klasserom',
      number: '101',
      type: 'Klasserom',
      capacity: [24, 30],
      squareMeters: [55, 70],
      purposes: ['Møte', 'Kurs og foredrag', 'Leksehjelp og undervisning'],
      facilities: ['Tavle', 'Projektor', 'Trådløst nett', 'Bord og stoler'],
    },
    {
      name: 'Klasserom',
      number: '102',
      type: 'Klasserom',
      capacity: [24, 30],
      squareMeters: [55, 70],
      purposes: ['Møte', 'Kurs og foredrag', 'Leksehjelp og undervisning'],
      facilities: ['Tavle', 'Trådløst nett', 'Bord og stoler'],
      share: 0.7,
    },
    {
      name: 'Musikkrom',
      number: '214',
      type: 'Musikkrom',
      capacity: [12, 30],
      squareMeters: [40, 80],
      purposes: ['Øving (musikk, dans, teater)', 'Kurs og foredrag'],
      facilities: ['Piano', 'Høyttaleranlegg', 'Speil'],
      share: 0.6,
    },
  ],
  KINDERGARTEN: [
    {
      name: 'Fellesrom',
      type: 'Fellesrom',
      capacity: [20, 40],
      squareMeters: [50, 90],
      purposes: ['Barneselskap', 'Møte', 'Selskap og fest'],
      facilities: ['Kjøkken', 'Bord og stoler'],
    },
    {
      name: 'Personalrom',
      type: 'Møterom',
      capacity: [8, 14],
      squareMeters: [20, 35],
      purposes: ['Møte', 'Kurs og foredrag'],
      facilities: ['Kaffemaskin', 'Trådløst nett'],
      share: 0.6,
    },
  ],
  LIBRARIES: [
    {
      name: 'Møterom',
      number: '1',
      type: 'Møterom',
      capacity: [6, 16],
      squareMeters: [15, 35],
      purposes: ['Møte', 'Leksehjelp og undervisning'],
      facilities: ['Projektor', 'Tavle', 'Trådløst nett'],
    },
    {
      name: 'Møterom',
      number: '2',
      type: 'Møterom',
      capacity: [4, 8],
      squareMeters: [10, 18],
      purposes: ['Møte', 'Leksehjelp og undervisning'],
      facilities: ['Tavle', 'Trådløst nett'],
      share: 0.5,
    },
    {
      name: 'Arrangementsrom',
      type: 'Arrangementsrom',
      capacity: [40, 120],
      squareMeters: [80, 200],
      purposes: ['Kurs og foredrag', 'Konsert og forestilling', 'Møte'],
      facilities: ['Scene', 'Høyttaleranlegg', 'Projektor', 'Bord og stoler'],
      share: 0.7,
      info: 'Arrangementer i biblioteket skal være åpne for alle og gratis.',
    },
  ],
  DISTRICT_VENUES: [
    {
      name: 'Storsalen',
      type: 'Storsal',
      capacity: [100, 250],
      squareMeters: [180, 400],
      purposes: ['Konsert og forestilling', 'Selskap og fest', 'Kurs og foredrag'],
      facilities: ['Scene', 'Høyttaleranlegg', 'Flygel', 'Garderobe'],
      hasOslonokkelen: true,
    },
    {
      name: 'Selskapslokalet',
      type: 'Selskapslokale',
      capacity: [40, 80],
      squareMeters: [80, 140],
      purposes: ['Selskap og fest', 'Barneselskap', 'Møte'],
      facilities: ['Kjøkken', 'Bord og stoler', 'Høyttaleranlegg'],
      hasOslonokkelen: true,
      share: 0.8,
    },
    {
      name: 'Møterom',
      number: 'M1',
      type: 'Møterom',
      capacity: [10, 20],
      squareMeters: [20, 40],
      purposes: ['Møte', 'Kurs og foredrag'],
      facilities: ['Projektor', 'Trådløst nett', 'Kaffemaskin'],
    },
    {
      name: 'Møterom',
      number: 'M2',
      type: 'Møterom',
      capacity: [6, 12],
      squareMeters: [15, 25],
      purposes: ['Møte'],
      facilities: ['Tavle', 'Trådløst nett'],
      share: 0.8,
    },
    {
      name: 'Kjøkkenet',
      type: 'Kjøkken',
      capacity: [10, 16],
      squareMeters: [25, 45],
      purposes: ['Kurs og foredrag', 'Selskap og fest'],
      facilities: ['Kjøkken', 'Bord og stoler'],
      share: 0.5,
    },
  ],
  WEDDINGS: [
    {
      name: 'Seremonirommet',
      type: 'Vielsesrom',
      capacity: [22, 22],
      squareMeters: [70, 70],
      purposes: ['Vielse'],
      facilities: ['Høyttaleranlegg', 'Piano'],
      flow: 'wedding',
      maxOneTimeslot: true,
      allowRepeated: false,
      info: 'Plass til brudeparet, to vitner og inntil 18 gjester.',
    },
    {
      name: 'Vielsesrommet',
      type: 'Vielsesrom',
      capacity: [12, 12],
      squareMeters: [40, 40],
      purposes: ['Vielse'],
      facilities: ['Høyttaleranlegg'],
      flow: 'wedding',
      maxOneTimeslot: true,
      allowRepeated: false,
      info: 'Det minste rommet, for brudeparet, to vitner og inntil 8 gjester.',
    },
  ],
};

/** BUA lends out bicycles and equipment for whole periods. */
const bicycleTemplates: readonly RoomTemplate[] = [
  {
    name: 'Lastesykkel',
    number: 'S1',
    type: 'Sykkel og utstyr',
    capacity: [1, 1],
    squareMeters: [2, 2],
    purposes: ['Utlån av utstyr'],
    facilities: [],
    flow: 'bicycle',
  },
  {
    name: 'Lastesykkel',
    number: 'S2',
    type: 'Sykkel og utstyr',
    capacity: [1, 1],
    squareMeters: [2, 2],
    purposes: ['Utlån av utstyr'],
    facilities: [],
    flow: 'bicycle',
  },
  {
    name: 'Sykkelvogn for barn',
    number: 'S3',
    type: 'Sykkel og utstyr',
    capacity: [2, 2],
    squareMeters: [1, 1],
    purposes: ['Utlån av utstyr'],
    facilities: [],
    flow: 'bicycle',
  },
  {
    name: 'Møterom',
    number: 'M1',
    type: 'Møterom',
    capacity: [8, 12],
    squareMeters: [18, 24],
    purposes: ['Møte'],
    facilities: ['Trådløst nett'],
  },
];

const uuChoices = ['Rullestoltilgang', 'HC-toalett', 'Teleslynge', 'Heis', 'Trinnfri adkomst', 'Ledelinjer'] as const;

export interface RoomSeed {
  name: string;
  externalAssetNumber: string | null;
  assetType: AssetTypeName;
  capacity: number;
  squareMeters: number;
  flow: BookingFlowTheme;
  hasOslonokkelen: boolean;
  assetInfoMessage: string | null;
  maxOneTimeslot: boolean;
  allowRepeated: boolean;
  tagNames: string[];
}

const defaultFlow: Record<PublicLocationType, BookingFlowTheme> = {
  SCHOOLS: 'school',
  KINDERGARTEN: 'default',
  LIBRARIES: 'default',
  DISTRICT_VENUES: 'default',
  WEDDINGS: 'wedding',
};

/** The rooms of one location; the first template of a type is always included so no location is empty. */
export function roomsFor(type: PublicLocationType, locationName: string, random: Random): RoomSeed[] {
  const templates = locationName.startsWith('BUA ') ? bicycleTemplates : templatesByType[type];
  return templates
    .filter((t, i) => i === 0 || random.chance(t.share ?? 1))
    .map((t) => {
      const accessible = random.chance(0.85);
      const uu = accessible
        ? ['Rullestoltilgang', ...random.sample(uuChoices.slice(1), random.int(1, 3))]
        : random.sample(['Teleslynge', 'Ledelinjer'], 1);
      return {
        name: t.name,
        externalAssetNumber: t.number ?? null,
        assetType: t.type,
        capacity: random.int(t.capacity[0], t.capacity[1]),
        squareMeters: random.int(t.squareMeters[0], t.squareMeters[1]),
        flow: t.flow ?? defaultFlow[type],
        hasOslonokkelen: t.hasOslonokkelen ?? false,
        assetInfoMessage: t.info ?? null,
        maxOneTimeslot: t.maxOneTimeslot ?? false,
        allowRepeated: t.allowRepeated ?? true,
        tagNames: [...t.purposes, ...t.facilities, ...uu],
      };
    });
}

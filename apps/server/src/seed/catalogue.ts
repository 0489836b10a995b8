import type { BookingFlowTheme } from '@lokaler/domain/booking-flow';
import type { TagType } from '@lokaler/domain/tag';

/** Tags by type; rooms refer to them by name. */
export const tagSeeds: ReadonlyArray<{ name: string; tagType: TagType }> = [
  ...[
    'Projektor',
    'Høyttaleranlegg',
    'Piano',
    'Flygel',
    'Scene',
    'Kjøkken',
    'Trådløst nett',
    'Garderobe',
    'Dusj',
    'Tavle',
    'Bord og stoler',
    'Speil',
    'Ballutstyr',
    'Kaffemaskin',
  ].map((name) => ({ name, tagType: 'facility' as const })),
  ...['Rullestoltilgang', 'HC-toalett', 'Teleslynge', 'Heis', 'Trinnfri adkomst', 'Ledelinjer'].map((name) => ({
    name,
    tagType: 'uu' as const,
  })),
  ...[
    'Møte',
    'Kurs og foredrag',
    'Idrett og trening',
    'Konsert og forestilling',
    'Selskap og fest',
    'Øving (musikk, dans, teater)',
    'Leksehjelp og undervisning',
    'Barneselskap',
    'Vielse',
    'Utlån av utstyr',
  ].map((name) => ({ name, tagType: 'purpose' as const })),
];

export const assetTypeNames = [
  'Gymsal',
  'Idrettshall',
  'Aula',
  'Kantine',
  'Klasserom',
  'Musikkrom',
  'Møterom',
  'Storsal',
  'Selskapslokale',
  'Kjøkken',
  'Fellesrom',
  'Arrangementsrom',
  'Vielsesrom',
  'Sykkel og utstyr',
] as const;
export type AssetTypeName = (typeof assetTypeNames)[number];

/**
 * Booking flows. publicFormLink is where the registration page sends a citizen after the booking is
 * created (spec 01 "Booking registration page", nextLink); adminFormLink the same for admins.
 */
export const bookingFlowSeeds: ReadonlyArray<{
  key: BookingFlowTheme;
  name: string;
  theme: BookingFlowTheme;
  publicFormLink: string;
  adminFormLink: string;
}> = [
  {
    key: 'default',
    name: 'Standard søknad',
    theme: 'default',
    publicFormLink: '/bookinger',
    adminFormLink: '/ny-booking/intern-aktivitet',
  },
  {
    key: 'school',
    name: 'Lån av skolelokaler',
    theme: 'school',
    publicFormLink: '/bookinger',
    adminFormLink: '/ny-booking/intern-aktivitet',
  },
  {
    key: 'wedding',
    name: 'Vielse i Oslo rådhus',
    theme: 'wedding',
    publicFormLink: '/ny-booking/vielse',
    adminFormLink: '/ny-booking/vielse',
  },
  {
    key: 'bicycle',
    name: 'Utlån av sykler og utstyr',
    theme: 'bicycle',
    publicFormLink: '/bookinger',
    adminFormLink: '/ny-booking/intern-aktivitet',
  },
];

import type { PublicLocationType } from '@lokaler/domain/location';
import type { VenueCategorySlug } from '../../config/paths';

/** The slugs of the kategorier filter (spec 01 §2 venue list) and the location types they select. */
export const categoryTypes: Record<VenueCategorySlug, PublicLocationType> = {
  skoler: 'SCHOOLS',
  barnehager: 'KINDERGARTEN',
  biblioteker: 'LIBRARIES',
  bydelslokaler: 'DISTRICT_VENUES',
};

/** The type filter's options, in the spec's order. */
export const categoryOptions: readonly { slug: VenueCategorySlug; label: string }[] = [
  { slug: 'skoler', label: 'Skoler' },
  { slug: 'barnehager', label: 'Barnehager' },
  { slug: 'biblioteker', label: 'Biblioteker' },
  { slug: 'bydelslokaler', label: 'Bydelslokaler' },
];

/** Headings of the result groups, in the order the groups are shown. */
export const groupLabels: Record<PublicLocationType, string> = {
  SCHOOLS: 'Skoler',
  KINDERGARTEN: 'Barnehager',
  LIBRARIES: 'Biblioteker',
  DISTRICT_VENUES: 'Bydelslokaler',
  WEDDINGS: 'Vielser',
};
export const groupOrder: readonly PublicLocationType[] = ['SCHOOLS', 'KINDERGARTEN', 'LIBRARIES', 'DISTRICT_VENUES', 'WEDDINGS'];

/** Spec 01 §2: the title and intro follow the chosen category; none or several give the general one. */
const general = {
  title: 'Lokaler til lån og leie',
  intro: 'Både privatpersoner og organisasjoner kan låne eller leie kommunens lokaler. Mange lokaler kan du søke om digitalt her, andre må du kontakte direkte.',
};
const byCategory: Record<VenueCategorySlug, { title: string; intro: string }> = {
  skoler: {
    title: 'Lån av skolelokaler',
    intro: 'Skolene låner ut gymsaler, aulaer, kantiner og klasserom på kveldstid og i helgene, til lag, foreninger og privatpersoner.',
  },
  barnehager: {
    title: 'Lån av lokaler i barnehager',
    intro: 'Kommunale barnehager låner ut fellesrom og møterom utenom åpningstiden, for eksempel til barneselskap og møter.',
  },
  biblioteker: {
    title: 'Lån av rom på bibliotekene',
    intro: 'Bibliotekene har møterom og arrangementsrom til møter, kurs og arrangementer som er åpne for alle.',
  },
  bydelslokaler: {
    title: 'Lån og leie av bydelslokaler',
    intro: 'Bydelene har storsaler, selskapslokaler og møterom til arrangementer, kurs og selskap.',
  },
};

export function categoryTexts(categories: readonly VenueCategorySlug[]): { title: string; intro: string } {
  return categories.length === 1 ? byCategory[categories[0]!] : general;
}

export function isCategorySlug(value: string): value is VenueCategorySlug {
  return Object.hasOwn(categoryTypes, value);
}

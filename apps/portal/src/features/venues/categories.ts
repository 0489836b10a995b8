import type { PublicLocationType } from '@lokaler/domain/location';
import { venueListIntros } from '@lokaler/domain/portal-intro-texts';
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

/** Spec 01 §2: the title and intro follow the chosen category; none or several give the general one (texts shared with the server's starting shell). */
const general = venueListIntros.general;
const byCategory: Record<VenueCategorySlug, { title: string; intro: string }> = venueListIntros.byCategory;

export function categoryTexts(categories: readonly VenueCategorySlug[]): { title: string; intro: string } {
  return categories.length === 1 ? byCategory[categories[0]!] : general;
}

export function isCategorySlug(value: string): value is VenueCategorySlug {
  return Object.hasOwn(categoryTypes, value);
}

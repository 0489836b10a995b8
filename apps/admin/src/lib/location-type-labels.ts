import type { PublicLocationType } from '@lokaler/domain/location';

/** A location's type (and filter category) as the administrator chooses it. */
export const locationTypeLabels: Record<PublicLocationType, string> = {
  SCHOOLS: 'Skole',
  KINDERGARTEN: 'Barnehage',
  LIBRARIES: 'Bibliotek',
  DISTRICT_VENUES: 'Bydelslokale',
  WEDDINGS: 'Vielser',
};

import type { Location } from '@lokaler/domain/location';
import { LocationContact } from '@lokaler/ui/location-details';

/** The location's address and how to reach it (shared with the new portal's location page). */
export function VenueContact({ location }: { location: Location }) {
  return <LocationContact location={location} />;
}

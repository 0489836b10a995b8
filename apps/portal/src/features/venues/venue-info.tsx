import { useQuery } from '@tanstack/react-query';
import type { Location } from '@lokaler/domain/location';
import { locationAboutQuery } from '@lokaler/api-client/location-about';
import { LocationAboutSections } from '@lokaler/ui/location-details';

/** The location's information message and the "about" accordion (texts are administrator HTML, sanitised). */
export function VenueInfo({ location }: { location: Location }) {
  const about = useQuery(locationAboutQuery(location.id));
  return <LocationAboutSections informationMessage={location.informationMessage} about={about.data} />;
}

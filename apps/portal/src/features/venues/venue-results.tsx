import { Heading, Link, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import type { LocationListItem as Location } from '@lokaler/domain/location';
import { paths } from '../../config/paths';
import { groupVenues, venueCountLabel } from './venue-filters';

/** The matching venues, grouped per category with counts (spec 01 §2). */
export function VenueResults({ venues }: { venues: readonly Location[] }) {
  const groups = groupVenues(venues);
  return (
    <section aria-labelledby="lk-venue-results" className="lk-stack">
      <Heading level={2} data-size="xs" id="lk-venue-results">
        <span role="status">{venues.length} resultater</span>
      </Heading>
      {venues.length === 0 && <Paragraph>Vi finner dessverre ingen lokaler som passer søket ditt.</Paragraph>}
      {groups.map((group) => (
        <section key={group.type} aria-labelledby={`lk-group-${group.type}`} className="lk-venue-group">
          <Heading level={3} data-size="sm" id={`lk-group-${group.type}`}>
            {group.label} <span className="lk-venue-group__count">({venueCountLabel(group.venues.length)})</span>
          </Heading>
          <ul className="lk-location-list" aria-labelledby={`lk-group-${group.type}`}>
            {group.venues.map((venue) => (
              <li key={venue.id}>
                <VenueLink venue={venue} />
                {venue.geographicAreaName && <span className="lk-location-list__district">{venue.geographicAreaName}</span>}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </section>
  );
}

/** A venue with an external site opens it in a new tab, and says so; the rest open their own page. */
function VenueLink({ venue }: { venue: Location }) {
  if (venue.externalUrl) {
    return (
      <Link href={venue.externalUrl} target="_blank" rel="noopener noreferrer">
        {venue.name} (åpnes i ny fane)
      </Link>
    );
  }
  return (
    <Link asChild>
      <RouterLink to={paths.venue.getHref(venue.id)}>{venue.name}</RouterLink>
    </Link>
  );
}

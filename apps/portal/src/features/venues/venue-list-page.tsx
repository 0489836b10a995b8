import { useMemo } from 'react';
import { Alert, Heading, Paragraph } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { locationsQuery } from '@lokaler/api-client/locations';
import { loadFailureMessage } from '@lokaler/api-client/user-message';
import { Loading } from '@lokaler/ui/loading';
import { PageHead } from '@lokaler/ui/page-head';
import { categoryTexts } from './categories';
import { filterVenues } from './venue-filters';
import { VenueFilterPanel } from './venue-filter-panel';
import { VenueResults } from './venue-results';
import { useVenueFilters } from './use-venue-filters';
import './venues.css';

/** /oversikt: every venue, with search, type and district filters kept in the URL (spec 01 §2 venue list). */
export function VenueListPage() {
  const { filters, setFilters } = useVenueFilters();
  const { title, intro } = categoryTexts(filters.categories);
  const { data, error, isPending } = useQuery(locationsQuery());
  // Filtered and sorted once per answer and filter, not on every render of the page (decision 025).
  const venues = useMemo(() => (data ? filterVenues(data, filters) : undefined), [data, filters]);

  return (
    <div className="lk-stack">
      <PageHead title={title} description={intro} />
      <Heading level={1} data-size="lg">
        {title}
      </Heading>
      <Paragraph>{intro}</Paragraph>
      <div className="lk-venue-list">
        <VenueFilterPanel filters={filters} onChange={setFilters} />
        <div>
          {isPending && <Loading label="Henter lokaler" />}
          {error && (
            <Alert data-color="danger">
              <Paragraph>{loadFailureMessage(error).title}</Paragraph>
              <Paragraph>{loadFailureMessage(error).detail}</Paragraph>
            </Alert>
          )}
          {venues && <VenueResults venues={venues} />}
        </div>
      </div>
    </div>
  );
}

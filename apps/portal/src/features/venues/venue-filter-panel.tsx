import { useCallback, useState } from 'react';
import { Button, Checkbox, Fieldset } from '@digdir/designsystemet-react';
import { useQuery } from '@tanstack/react-query';
import { geographicAreasQuery } from '@lokaler/api-client/reference-data';
import type { VenueCategorySlug } from '../../config/paths';
import { categoryOptions } from './categories';
import type { VenueFilters } from './venue-filters';
import { VenueSearchField } from './venue-search-field';

/** Spec 01 §9: the district filter shows 3 options before 'Vis alle'. */
export const VISIBLE_DISTRICTS = 3;

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));

export function VenueFilterPanel({ filters, onChange }: { filters: VenueFilters; onChange: (next: VenueFilters) => void }) {
  const areas = useQuery(geographicAreasQuery());
  const [showAllDistricts, setShowAllDistricts] = useState(false);
  const onSearch = useCallback((text: string) => onChange({ ...filters, text }), [filters, onChange]);

  const allAreas = areas.data ?? [];
  // A chosen district stays visible when the list is folded: a filter in use is never hidden.
  const shownAreas = showAllDistricts ? allAreas : allAreas.filter((a, i) => i < VISIBLE_DISTRICTS || filters.districts.includes(a.id));

  return (
    <div className="lk-venue-filters">
      <VenueSearchField value={filters.text} onSearch={onSearch} />
      <Fieldset>
        <Fieldset.Legend>Type lokale</Fieldset.Legend>
        {categoryOptions.map((option) => (
          <Checkbox
            key={option.slug}
            label={option.label}
            value={option.slug}
            checked={filters.categories.includes(option.slug)}
            onChange={(event) => onChange({ ...filters, categories: toggled<VenueCategorySlug>(filters.categories, option.slug, event.target.checked) })}
          />
        ))}
      </Fieldset>
      {allAreas.length > 0 && (
        <Fieldset id="lk-district-filter">
          <Fieldset.Legend>Bydel</Fieldset.Legend>
          {shownAreas.map((area) => (
            <Checkbox
              key={area.id}
              label={area.name}
              value={area.id}
              checked={filters.districts.includes(area.id)}
              onChange={(event) => onChange({ ...filters, districts: toggled(filters.districts, area.id, event.target.checked) })}
            />
          ))}
          {allAreas.length > VISIBLE_DISTRICTS && (
            <Button variant="tertiary" data-size="sm" aria-expanded={showAllDistricts} aria-controls="lk-district-filter" onClick={() => setShowAllDistricts((v) => !v)}>
              {showAllDistricts ? 'Vis færre' : 'Vis alle'}
            </Button>
          )}
        </Fieldset>
      )}
    </div>
  );
}

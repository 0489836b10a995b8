import { useCallback } from 'react';
import { useQuery } from '@tanstack/react-query';
import { geographicAreasQuery } from '@lokaler/api-client/reference-data';
import { CheckboxFilter } from '@lokaler/ui/checkbox-filter';
import { categoryOptions } from './categories';
import type { VenueFilters } from './venue-filters';
import { VenueSearchField } from './venue-search-field';

/** Spec 01 §9: the district filter shows 3 options before 'Vis alle'. */
export const VISIBLE_DISTRICTS = 3;

const categoryFilterOptions = categoryOptions.map((option) => ({ value: option.slug, label: option.label }));

export function VenueFilterPanel({ filters, onChange }: { filters: VenueFilters; onChange: (next: VenueFilters) => void }) {
  const areas = useQuery(geographicAreasQuery());
  const onSearch = useCallback((text: string) => onChange({ ...filters, text }), [filters, onChange]);
  const allAreas = areas.data ?? [];

  return (
    <div className="lk-venue-filters">
      <VenueSearchField value={filters.text} onSearch={onSearch} />
      <CheckboxFilter
        legend="Type lokale"
        options={categoryFilterOptions}
        chosen={filters.categories}
        onChange={(categories) => onChange({ ...filters, categories })}
      />
      {allAreas.length > 0 && (
        <CheckboxFilter
          legend="Bydel"
          options={allAreas.map((area) => ({ value: area.id, label: area.name }))}
          chosen={filters.districts}
          onChange={(districts) => onChange({ ...filters, districts })}
          folded={VISIBLE_DISTRICTS}
        />
      )}
    </div>
  );
}

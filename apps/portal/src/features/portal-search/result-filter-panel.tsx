import { useCallback } from 'react';
import { Button } from '@digdir/designsystemet-react';
import { CheckboxFilter } from '@lokaler/ui/checkbox-filter';
import { FilterTextField } from './filter-text-field';
import { capacityBuckets, hasFilters, noFilters, type AreaOption, type ResultFilters } from './result-filters';

/** The area filter shows this many areas before 'Vis alle' (as the venue list's district filter). */
export const VISIBLE_AREAS = 3;

const capacityOptions = capacityBuckets.map((bucket) => ({ value: bucket.id, label: bucket.label }));

interface ResultFilterPanelProps {
  filters: ResultFilters;
  onChange: (next: ResultFilters) => void;
  /** The areas of the rooms found. */
  areas: readonly AreaOption[];
}

/** Free text, capacity buckets and area (bydel) for the rooms found (spec 01 §5). */
export function ResultFilterPanel({ filters, onChange, areas }: ResultFilterPanelProps) {
  const onText = useCallback((text: string) => onChange({ ...filters, text }), [filters, onChange]);

  return (
    <div className="lk-result-filters" role="group" aria-label="Filtrer resultatene">
      <FilterTextField value={filters.text} onChange={onText} />
      <CheckboxFilter
        legend="Antall personer"
        options={capacityOptions}
        chosen={filters.capacity}
        onChange={(capacity) => onChange({ ...filters, capacity })}
      />
      {areas.length > 1 && (
        <CheckboxFilter
          legend="Bydel"
          options={areas.map((area) => ({ value: area.id, label: `${area.name} (${area.count})` }))}
          chosen={filters.areas}
          onChange={(chosen) => onChange({ ...filters, areas: chosen })}
          folded={VISIBLE_AREAS}
        />
      )}
      {hasFilters(filters) && (
        <div>
          <Button variant="secondary" data-size="sm" onClick={() => onChange(noFilters)}>
            Nullstill filtre
          </Button>
        </div>
      )}
    </div>
  );
}

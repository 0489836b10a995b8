import { useCallback, useId, useState } from 'react';
import { Button, Checkbox, Fieldset } from '@digdir/designsystemet-react';
import { FilterTextField } from './filter-text-field';
import { capacityBuckets, hasFilters, noFilters, type AreaOption, type CapacityBucketId, type ResultFilters } from './result-filters';

/** The area filter shows this many areas before 'Vis alle' (as the venue list's district filter). */
export const VISIBLE_AREAS = 3;

const toggled = <T,>(list: readonly T[], value: T, on: boolean): T[] => (on ? [...list, value] : list.filter((v) => v !== value));

interface ResultFilterPanelProps {
  filters: ResultFilters;
  onChange: (next: ResultFilters) => void;
  /** The areas of the rooms found. */
  areas: readonly AreaOption[];
}

/** Free text, capacity buckets and area (bydel) for the rooms found (spec 01 §5). */
export function ResultFilterPanel({ filters, onChange, areas }: ResultFilterPanelProps) {
  const id = useId();
  const [showAllAreas, setShowAllAreas] = useState(false);
  const onText = useCallback((text: string) => onChange({ ...filters, text }), [filters, onChange]);
  // A chosen area stays visible when the list is folded: a filter in use is never hidden.
  const shownAreas = showAllAreas ? areas : areas.filter((a, i) => i < VISIBLE_AREAS || filters.areas.includes(a.id));
  const areaListId = `${id}-areas`;

  return (
    <div className="lk-result-filters" role="group" aria-label="Filtrer resultatene">
      <FilterTextField value={filters.text} onChange={onText} />
      <Fieldset>
        <Fieldset.Legend>Antall personer</Fieldset.Legend>
        {capacityBuckets.map((bucket) => (
          <Checkbox
            key={bucket.id}
            label={bucket.label}
            value={bucket.id}
            checked={filters.capacity.includes(bucket.id)}
            onChange={(event) => onChange({ ...filters, capacity: toggled<CapacityBucketId>(filters.capacity, bucket.id, event.target.checked) })}
          />
        ))}
      </Fieldset>
      {areas.length > 1 && (
        <Fieldset id={areaListId}>
          <Fieldset.Legend>Bydel</Fieldset.Legend>
          {shownAreas.map((area) => (
            <Checkbox
              key={area.id}
              label={`${area.name} (${area.count})`}
              value={area.id}
              checked={filters.areas.includes(area.id)}
              onChange={(event) => onChange({ ...filters, areas: toggled(filters.areas, area.id, event.target.checked) })}
            />
          ))}
          {areas.length > VISIBLE_AREAS && (
            <Button variant="tertiary" data-size="sm" aria-expanded={showAllAreas} aria-controls={areaListId} onClick={() => setShowAllAreas((v) => !v)}>
              {showAllAreas ? 'Vis færre' : 'Vis alle'}
            </Button>
          )}
        </Fieldset>
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

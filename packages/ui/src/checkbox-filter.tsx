import { useId, useState } from 'react';
import { Button, Checkbox, Fieldset } from '@digdir/designsystemet-react';

export interface CheckboxFilterOption<T extends string | number> {
  value: T;
  label: string;
}

interface CheckboxFilterProps<T extends string | number> {
  legend: string;
  options: readonly CheckboxFilterOption<T>[];
  /** The values checked, in the order they were checked. */
  chosen: readonly T[];
  onChange: (chosen: T[]) => void;
  /** Shows this many options until 'Vis alle' (spec 01 §9: three districts); every option when not given. */
  folded?: number;
}

/** One filter of a search panel: a fieldset of checkboxes, as the venue list and the search results use it. */
export function CheckboxFilter<T extends string | number>({ legend, options, chosen, onChange, folded }: CheckboxFilterProps<T>) {
  const id = useId();
  const [showAll, setShowAll] = useState(false);
  const foldable = folded !== undefined && options.length > folded;
  // A chosen option stays visible when the list is folded: a filter in use is never hidden.
  const shown = foldable && !showAll ? options.filter((option, i) => i < folded || chosen.includes(option.value)) : options;

  return (
    <Fieldset id={id}>
      <Fieldset.Legend>{legend}</Fieldset.Legend>
      {shown.map((option) => (
        <Checkbox
          key={option.value}
          label={option.label}
          value={option.value}
          checked={chosen.includes(option.value)}
          onChange={(event) => onChange(event.target.checked ? [...chosen, option.value] : chosen.filter((v) => v !== option.value))}
        />
      ))}
      {foldable && (
        <Button variant="tertiary" data-size="sm" aria-expanded={showAll} aria-controls={id} onClick={() => setShowAll((v) => !v)}>
          {showAll ? 'Vis færre' : 'Vis alle'}
        </Button>
      )}
    </Fieldset>
  );
}

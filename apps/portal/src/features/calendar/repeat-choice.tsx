import { Fieldset, Paragraph, Radio } from '@digdir/designsystemet-react';
import type { RepeatPattern } from '@lokaler/domain/scheduling/expand-repetition';
import { DateField } from '@lokaler/ui/date-field';
import { repeatLabels } from './calendar-rules';

interface RepeatChoiceProps {
  patterns: readonly RepeatPattern[];
  value: RepeatPattern;
  onChange: (pattern: RepeatPattern) => void;
  lastDate: string | null;
  onLastDateChange: (date: string | null) => void;
  endDateError: string | null;
  /** The end date's bounds for the date picker: today and the last bookable date. */
  minDate: string;
  maxDate: string;
}

export const END_DATE_FIELD_ID = 'lk-end-date';

/**
 * How often the chosen times repeat (spec 01 §2, §4) and, for a series, its end date. Only the modes
 * the rooms allow are offered; when single bookings are not allowed the person is told why.
 */
export function RepeatChoice({ patterns, value, onChange, lastDate, onLastDateChange, endDateError, minDate, maxDate }: RepeatChoiceProps) {
  return (
    <div className="lk-stack">
      <Fieldset>
        <Fieldset.Legend>Hvor ofte vil du låne lokalet?</Fieldset.Legend>
        {!patterns.includes('SINGLE_DAY') && (
          <Fieldset.Description>Lokalet kan bare lånes med gjentakelse, hver uke eller annenhver uke.</Fieldset.Description>
        )}
        {patterns.map((pattern) => (
          <Radio
            key={pattern}
            name="lk-repetition"
            label={repeatLabels[pattern]}
            value={pattern}
            checked={value === pattern}
            onChange={() => onChange(pattern)}
          />
        ))}
      </Fieldset>
      {value !== 'SINGLE_DAY' && (
        <DateField
          id={END_DATE_FIELD_ID}
          label="Sluttdato"
          description="Siste dato tidspunktene gjentas. Tidspunktene gjentas fra datoen du velger i kalenderen."
          value={lastDate ?? ''}
          min={minDate}
          max={maxDate}
          // Only a real date is an end date; unreadable text keeps its own message in the field.
          onChange={(value) => onLastDateChange(/^\d{4}-\d{2}-\d{2}$/.test(value) ? value : null)}
          error={endDateError ?? undefined}
        />
      )}
      {patterns.length === 0 && <Paragraph>Rommene du har valgt kan ikke bookes sammen. Velg rom med like regler for booking.</Paragraph>}
    </div>
  );
}

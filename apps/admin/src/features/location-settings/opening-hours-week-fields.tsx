import { useRef, type ReactNode } from 'react';
import { Button, Field, Fieldset, Label, Paragraph, Select, ValidationMessage } from '@digdir/designsystemet-react';
import { useFieldArray, useFormContext } from 'react-hook-form';
import { dayOfWeekLabels, isoToDayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { OpeningHoursFormValues } from './opening-hours-values';
import { errorAt, fieldId } from './field-paths';

const pad = (n: number) => String(n).padStart(2, '0');
/** Every quarter of the day: opening times 00:00–23:45, closing times 00:15–24:00 (midnight). */
const quarters = Array.from({ length: 97 }, (_, i) => `${pad(Math.floor(i / 4))}:${pad((i % 4) * 15)}`);
const openingTimes = quarters.slice(0, 96);
const closingTimes = quarters.slice(1);

export const weekdays = [1, 2, 3, 4, 5, 6, 7] as const;
export const weekdayName = (weekday: number) => dayOfWeekLabels[isoToDayOfWeek(weekday)];

/** The field arrays of weekly hours: the standard week, or one seasonal period's week. */
export type WeekFieldName = 'standard' | `periods.${number}.hours`;

/**
 * One week of opening intervals: per weekday (Mandag…Søndag) its intervals, each a from and a to on
 * the quarter grid, 'Legg til tidsrom' and 'Fjern'; a weekday without intervals reads 'Stengt'. All
 * intervals of the week live in one flat field array (the schema's shape), shown grouped by weekday,
 * so the schema's message paths (standard.3.opens) point straight at the field.
 */
export function WeekFields({ name, prefix, context }: { name: WeekFieldName; prefix: string; context: string }) {
  const { control, register, formState } = useFormContext<OpeningHoursFormValues>();
  const { fields, append, remove } = useFieldArray({ control, name: name as 'standard' });
  const addButtons = useRef(new Map<number, HTMLButtonElement>());
  const listError = errorAt(formState.errors, name);

  return (
    <div id={fieldId(prefix, name)} className="lk-opening-week" tabIndex={-1}>
      {listError && <ValidationMessage>{listError}</ValidationMessage>}
      {weekdays.map((weekday) => {
        const day = weekdayName(weekday);
        const ofDay = fields.map((field, index) => ({ field, index })).filter(({ field }) => field.weekday === weekday);
        return (
          <Fieldset key={weekday} className="lk-opening-day">
            <Fieldset.Legend>
              {day}
              <span className="lk-visually-hidden">, {context}</span>
            </Fieldset.Legend>
            {ofDay.length === 0 && (
              <Paragraph data-size="sm" className="lk-subtle">
                Stengt
              </Paragraph>
            )}
            {ofDay.map(({ field, index }, n) => {
              const path = `${name}.${index}`;
              const what = `${day} tidsrom ${n + 1}`;
              return (
                <div key={field.id} className="lk-opening-interval">
                  <QuarterSelect
                    id={fieldId(prefix, `${path}.opens`)}
                    label="Fra"
                    hiddenContext={what}
                    options={openingTimes}
                    error={errorAt(formState.errors, `${path}.opens`)}
                    {...register(`${path}.opens` as 'standard.0.opens')}
                  />
                  <QuarterSelect
                    id={fieldId(prefix, `${path}.closes`)}
                    label="Til"
                    hiddenContext={what}
                    options={closingTimes}
                    error={errorAt(formState.errors, `${path}.closes`)}
                    {...register(`${path}.closes` as 'standard.0.closes')}
                  />
                  <Button
                    variant="tertiary"
                    data-size="sm"
                    onClick={() => {
                      remove(index);
                      // The removed row's button is gone; the day's add button keeps the keyboard in place.
                      addButtons.current.get(weekday)?.focus();
                    }}
                  >
                    Fjern <span className="lk-visually-hidden">{what.toLowerCase()}</span>
                  </Button>
                </div>
              );
            })}
            <div>
              <Button
                variant="secondary"
                data-size="sm"
                ref={(el) => {
                  if (el) addButtons.current.set(weekday, el);
                }}
                onClick={() => append({ weekday, opens: '08:00', closes: '16:00' })}
              >
                Legg til tidsrom <span className="lk-visually-hidden">{day.toLowerCase()}</span>
              </Button>
            </div>
          </Fieldset>
        );
      })}
    </div>
  );
}

interface QuarterSelectProps extends React.SelectHTMLAttributes<HTMLSelectElement> {
  id: string;
  label: string;
  /** Said before the label to screen readers only ('Mandag tidsrom 1'), since 'Fra' alone is ambiguous. */
  hiddenContext: ReactNode;
  options: readonly string[];
  error: unknown;
  ref?: React.Ref<HTMLSelectElement>;
}

function QuarterSelect({ id, label, hiddenContext, options, error, ...select }: QuarterSelectProps) {
  const message = typeof error === 'string' ? error : undefined;
  return (
    <Field className="lk-opening-time">
      <Label htmlFor={id}>
        <span className="lk-visually-hidden">{hiddenContext}</span> {label}
      </Label>
      <Select id={id} aria-invalid={message ? true : undefined} aria-describedby={message ? `${id}-error` : undefined} {...select}>
        {options.map((time) => (
          <Select.Option key={time} value={time}>
            {time === '24:00' ? '24:00 (midnatt)' : time}
          </Select.Option>
        ))}
      </Select>
      {message && <ValidationMessage id={`${id}-error`}>{message}</ValidationMessage>}
    </Field>
  );
}

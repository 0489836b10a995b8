import { useEffect, useId, useMemo, useRef } from 'react';
import type { JSX } from 'react';
import { Button, Checkbox, Field, Fieldset, Heading, Label, Radio, Select, ValidationMessage } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery } from '@tanstack/react-query';
import { useController, useForm, useWatch, type Control } from 'react-hook-form';
import type { z } from 'zod';
import { tagsQuery } from '@lokaler/api-client/reference-data';
import { addDays } from '@lokaler/domain/scheduling/calendar-date';
import { SEARCH_DAYS_AHEAD } from '@lokaler/domain/scheduling/booking-window';
import { dayOfWeekLabels, daysOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import { searchRepetitionLabels, searchRepetitions } from '@lokaler/domain/scheduling/expand-weekday-pattern';
import { parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { todayInOslo } from '@lokaler/domain/scheduling/oslo-clock';
import type { Tag } from '@lokaler/domain/tag';
import {
  durationOptions,
  ENTRY_PAGE_MIN_DURATION_MINUTES,
  normalizeSearchDuration,
  searchFormSchema,
  type searchFormValues,
  type SearchFormValues,
} from '@lokaler/domain/search-form';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import './portal-search.css';

export interface SearchFormProps {
  /** What the URL holds now. */
  values: SearchFormValues;
  /** Called with valid values on submit. */
  onSearch: (values: SearchFormValues) => void;
  /** The location's minimum; default 30 (entry page). */
  minDurationMinutes?: number;
  /** Legend/heading text, e.g. 'Finn rom til lån eller leie'. */
  title?: string;
  /** The activity (tag) choice; default true. */
  showActivity?: boolean;
}

/** The 'alle' choice of the activity select: no tag in the query (spec 01 §5). */
export const ALL_ACTIVITIES = 'alle';

export const loanTypeLabels = { singleLoan: 'Enkeltlån', recurringLoan: 'Gjentakende lån' } as const;

/** '30 minutter', '1 time', '1 time og 30 minutter', '2 timer'. */
export function durationLabel(duration: string): string {
  const minutes = parseDuration(duration) ?? 0;
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const hourText = hours === 1 ? '1 time' : `${hours} timer`;
  if (hours === 0) return `${rest} minutter`;
  return rest === 0 ? hourText : `${hourText} og ${rest} minutter`;
}

/** Only the chosen loan type's fields are kept (the URL holds only those). */
function forLoanType(values: SearchFormValues): SearchFormValues {
  if (values.searchType === 'singleLoan') return { ...values, from: '', to: '', repetition: '', daysOfWeek: [] };
  return { ...values, date: '', daysOfWeek: daysOfWeek.filter((d) => values.daysOfWeek.includes(d)) };
}

function startValues(values: SearchFormValues, minMinutes: number): SearchFormValues {
  return { ...values, duration: normalizeSearchDuration(values.duration, minMinutes) };
}

/**
 * The new portal's search form (spec 01 §5): single loan or recurring loan, the dates, the duration
 * (options below the location's minimum hidden), and for a recurring loan the pattern and the
 * weekdays; the activity is one of the purpose tags or 'alle'. Judged by searchFormSchema with today
 * in Oslo; a refused search lists its errors at the top (focused, each a link to its field) and on the fields.
 */
export function SearchForm({
  values,
  onSearch,
  minDurationMinutes = ENTRY_PAGE_MIN_DURATION_MINUTES,
  title,
  showActivity = true,
}: SearchFormProps): JSX.Element {
  const id = useId();
  const today = todayInOslo(new Date());
  const latest = addDays(today, SEARCH_DAYS_AHEAD);
  const schema = useMemo(() => searchFormSchema(today), [today]);
  const { register, handleSubmit, control, reset, getValues, setValue, formState } = useForm<
    z.input<typeof searchFormValues>,
    unknown,
    SearchFormValues
  >({ resolver: zodResolver(schema), defaultValues: startValues(values, minDurationMinutes), shouldFocusError: false });
  const { errors } = formState;
  const searchType = useWatch({ control, name: 'searchType' });

  // The URL changed from elsewhere (Back, a link, another form on the page): show what it holds now.
  const shown = useRef(JSON.stringify(values));
  useEffect(() => {
    const next = JSON.stringify(values);
    if (next === shown.current) return;
    shown.current = next;
    reset(startValues(values, minDurationMinutes));
  }, [values, minDurationMinutes, reset]);

  // The location's minimum arrived or changed: a shorter duration is raised to the next option.
  useEffect(() => {
    const current = getValues('duration');
    const normalized = normalizeSearchDuration(current, minDurationMinutes);
    if (normalized !== current) setValue('duration', normalized);
  }, [minDurationMinutes, getValues, setValue]);

  const { data: tags } = useQuery({ ...tagsQuery(), enabled: showActivity });

  const submit = handleSubmit((valid) => onSearch(forLoanType(valid)));

  const headingId = `${id}-heading`;
  return (
    <form
      noValidate
      onSubmit={(event) => void submit(event)}
      className="lk-search-form"
      aria-labelledby={title ? headingId : undefined}
      aria-label={title ? undefined : 'Søk etter ledige rom'}
    >
      {title && (
        <Heading level={2} data-size="sm" id={headingId}>
          {title}
        </Heading>
      )}
      <FormErrorSummary errors={errors} submitCount={formState.submitCount} heading="For å søke må du rette opp følgende:" />
      <Fieldset className="lk-search-form__loan-type">
        <Fieldset.Legend>Hvordan vil du låne?</Fieldset.Legend>
        <div className="lk-search-form__inline">
          <Radio label={loanTypeLabels.singleLoan} value="singleLoan" {...register('searchType')} />
          <Radio label={loanTypeLabels.recurringLoan} value="recurringLoan" {...register('searchType')} />
        </div>
      </Fieldset>

      <div className="lk-search-form__fields">
        {showActivity && <ActivitySelect control={control} tags={tags} />}

        {searchType === 'singleLoan' ? (
          <DateFieldControl control={control} name="date" label="Dato" min={today} max={latest} />
        ) : (
          <>
            <DateFieldControl control={control} name="from" label="Fra dato" min={today} max={latest} />
            <DateFieldControl control={control} name="to" label="Til dato" min={today} max={latest} />
          </>
        )}

        <Field>
          <Label>Varighet</Label>
          <Select aria-invalid={errors.duration ? true : undefined} {...register('duration')}>
            {durationOptions(minDurationMinutes).map((option) => (
              <Select.Option key={option} value={option}>
                {durationLabel(option)}
              </Select.Option>
            ))}
          </Select>
          {errors.duration?.message && <ValidationMessage>{errors.duration.message}</ValidationMessage>}
        </Field>
      </div>

      {searchType === 'recurringLoan' && (
        <div className="lk-search-form__recurring">
          <Fieldset>
            <Fieldset.Legend>Hvor ofte?</Fieldset.Legend>
            <div className="lk-search-form__inline">
              {searchRepetitions.map((repetition) => (
                <Radio
                  key={repetition}
                  label={searchRepetitionLabels[repetition]}
                  value={repetition}
                  aria-invalid={errors.repetition ? true : undefined}
                  {...register('repetition')}
                />
              ))}
            </div>
            {errors.repetition?.message && <ValidationMessage>{errors.repetition.message}</ValidationMessage>}
          </Fieldset>
          <Fieldset>
            <Fieldset.Legend>Ukedager</Fieldset.Legend>
            <div className="lk-search-form__inline">
              {daysOfWeek.map((day) => (
                <Checkbox
                  key={day}
                  label={dayOfWeekLabels[day]}
                  value={day}
                  aria-invalid={errors.daysOfWeek ? true : undefined}
                  {...register('daysOfWeek')}
                />
              ))}
            </div>
            {errors.daysOfWeek?.message && <ValidationMessage>{errors.daysOfWeek.message}</ValidationMessage>}
          </Fieldset>
        </div>
      )}

      <div>
        <Button type="submit">Søk</Button>
      </div>
    </form>
  );
}

interface ActivitySelectProps {
  control: Control<z.input<typeof searchFormValues>, unknown, SearchFormValues>;
  tags: readonly Tag[] | undefined;
}

/** One activity (a purpose tag) or 'Alle aktiviteter', which puts no tag in the query. */
function ActivitySelect({ control, tags }: ActivitySelectProps) {
  const {
    field: { ref, name, onBlur, onChange, value },
  } = useController({ control, name: 'tagIds' });
  const activities = useMemo(() => (tags ?? []).filter((t) => t.tagType === 'purpose'), [tags]);
  const chosen = value?.[0];
  return (
    <Field>
      <Label>Aktivitet</Label>
      <Select
        ref={ref}
        name={name}
        onBlur={onBlur}
        value={chosen !== undefined ? String(chosen) : ALL_ACTIVITIES}
        onChange={(event) => onChange(event.target.value === ALL_ACTIVITIES ? [] : [Number(event.target.value)])}
      >
        <Select.Option value={ALL_ACTIVITIES}>Alle aktiviteter</Select.Option>
        {activities.map((tag) => (
          <Select.Option key={tag.id} value={String(tag.id)}>
            {tag.name}
          </Select.Option>
        ))}
        {/* A tag from a shared link that is not (yet) among the options still shows as chosen. */}
        {chosen !== undefined && !activities.some((t) => t.id === chosen) && (
          <Select.Option value={String(chosen)}>{tags ? 'Annen aktivitet' : 'Henter aktiviteter …'}</Select.Option>
        )}
      </Select>
    </Field>
  );
}

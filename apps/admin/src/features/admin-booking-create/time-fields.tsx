import { useId } from 'react';
import { Checkbox, Field, Label, Select, Textfield, ValidationMessage } from '@digdir/designsystemet-react';
import { useFormContext, useWatch } from 'react-hook-form';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import type { TimeChoiceValues } from './time-choice';
import { DateFieldControl } from '@lokaler/ui/date-field-control';

const MAX_MINUTES = 12 * 60;
const durations = Array.from({ length: MAX_MINUTES / SLOT_MINUTES }, (_, i) => (i + 1) * SLOT_MINUTES);

/** '1 t 30 min' */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} t` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

/**
 * Room, date, start, duration (15-minute steps), weekly repetition and the admin's two exemptions,
 * as fields of the surrounding form (react-hook-form's FormProvider; its values extend TimeChoiceValues).
 */
export function TimeFields({ rooms }: { rooms: readonly { id: number; name: string }[] }) {
  const id = useId();
  const { register, control, formState } = useFormContext<TimeChoiceValues>();
  const { errors } = formState;
  const repeatWeekly = useWatch({ control, name: 'repeatWeekly' });
  const roomError = errors.roomId?.message;
  return (
    <>
      <Field>
        <Label htmlFor={`${id}-room`}>Rom</Label>
        <Select
          id={`${id}-room`}
          {...register('roomId')}
          aria-invalid={roomError ? true : undefined}
          aria-describedby={roomError ? `${id}-room-error` : undefined}
        >
          <Select.Option value="">Velg rom</Select.Option>
          {rooms.map((r) => (
            <Select.Option key={r.id} value={String(r.id)}>
              {r.name}
            </Select.Option>
          ))}
        </Select>
        {roomError && <ValidationMessage id={`${id}-room-error`}>{roomError}</ValidationMessage>}
      </Field>
      <DateFieldControl control={control} name="date" label="Dato" required />
      <Textfield
        label="Starttid"
        type="time"
        step={SLOT_MINUTES * 60}
        {...register('startTime')}
        error={errors.startTime?.message}
        required
      />
      <Field>
        <Label htmlFor={`${id}-duration`}>Varighet</Label>
        <Select id={`${id}-duration`} {...register('minutes')}>
          {durations.map((m) => (
            <Select.Option key={m} value={String(m)}>
              {durationText(m)}
            </Select.Option>
          ))}
        </Select>
      </Field>
      <Checkbox label="Gjenta hver uke" {...register('repeatWeekly')} />
      {repeatWeekly && <DateFieldControl control={control} name="lastDate" label="Gjenta til og med" required />}
      <Checkbox label="Ta med blokkerte tider" {...register('includeBlockedSlots')} />
      <Checkbox label="Gjør stengte datoer tilgjengelig for denne bookingen" {...register('includeClosedDates')} />
    </>
  );
}

import { useId } from 'react';
import { Checkbox, Field, Label, Select, Textfield, ValidationMessage } from '@digdir/designsystemet-react';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import type { TimeChoice, TimeChoiceErrors } from './time-choice';

const MAX_MINUTES = 12 * 60;
const durations = Array.from({ length: MAX_MINUTES / SLOT_MINUTES }, (_, i) => (i + 1) * SLOT_MINUTES);

/** '1 t 30 min' */
export function durationText(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} t` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

interface Props {
  rooms: readonly { id: number; name: string }[];
  value: TimeChoice;
  errors: TimeChoiceErrors;
  onChange: (change: Partial<TimeChoice>) => void;
}

/** Room, date, start, duration (15-minute steps), weekly repetition and the admin's two exemptions. */
export function TimeFields({ rooms, value, errors, onChange }: Props) {
  const id = useId();
  return (
    <>
      <Field>
        <Label htmlFor={`${id}-room`}>Rom</Label>
        <Select id={`${id}-room`} value={value.roomId ?? ''} onChange={(e) => onChange({ roomId: e.target.value ? Number(e.target.value) : null })} aria-invalid={errors.roomId ? true : undefined} aria-describedby={errors.roomId ? `${id}-room-error` : undefined}>
          <Select.Option value="">Velg rom</Select.Option>
          {rooms.map((r) => (
            <Select.Option key={r.id} value={r.id}>
              {r.name}
            </Select.Option>
          ))}
        </Select>
        {errors.roomId && <ValidationMessage id={`${id}-room-error`}>{errors.roomId}</ValidationMessage>}
      </Field>
      <Textfield label="Dato" type="date" value={value.date} onChange={(e) => onChange({ date: e.target.value })} error={errors.date} required />
      <Textfield label="Starttid" type="time" step={SLOT_MINUTES * 60} value={value.startTime} onChange={(e) => onChange({ startTime: e.target.value })} error={errors.startTime} required />
      <Field>
        <Label htmlFor={`${id}-duration`}>Varighet</Label>
        <Select id={`${id}-duration`} value={value.minutes} onChange={(e) => onChange({ minutes: Number(e.target.value) })}>
          {durations.map((m) => (
            <Select.Option key={m} value={m}>
              {durationText(m)}
            </Select.Option>
          ))}
        </Select>
      </Field>
      <Checkbox label="Gjenta hver uke" checked={value.repeatWeekly} onChange={(e) => onChange({ repeatWeekly: e.target.checked })} />
      {value.repeatWeekly && (
        <Textfield label="Gjenta til og med" type="date" value={value.lastDate} onChange={(e) => onChange({ lastDate: e.target.value })} error={errors.lastDate} required />
      )}
      <Checkbox label="Ta med blokkerte tider" checked={value.includeBlockedSlots} onChange={(e) => onChange({ includeBlockedSlots: e.target.checked })} />
      <Checkbox label="Gjør stengte datoer tilgjengelig for denne bookingen" checked={value.includeClosedDates} onChange={(e) => onChange({ includeClosedDates: e.target.checked })} />
    </>
  );
}

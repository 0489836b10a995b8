import { useId } from 'react';
import { Checkbox, Fieldset, ValidationMessage } from '@digdir/designsystemet-react';
import { useController, useWatch, type UseFormReturn } from 'react-hook-form';
import type { BookingReservation } from '@lokaler/domain/booking-reservation';
import { activeReservationStatuses, type ReservationStatus } from '@lokaler/domain/reservation';
import { isoWeekday } from '@lokaler/domain/scheduling/calendar-date';
import { dayOfWeekLabels, daysOfWeek, type DayOfWeek } from '@lokaler/domain/scheduling/day-of-week';
import type { ApprovalFormValues } from './approval-form';

/** The weekdays the booking has active times on: the likely days a tilsynsvakt is needed. */
export function bookingWeekdays(reservations: readonly BookingReservation[]): DayOfWeek[] {
  const active = reservations.filter((r) => (activeReservationStatuses as readonly ReservationStatus[]).includes(r.status));
  const isoDays = new Set(active.map((r) => isoWeekday(r.date)));
  return daysOfWeek.filter((_, i) => isoDays.has((i + 1) as 1 | 2 | 3 | 4 | 5 | 6 | 7));
}

/** Retroactive contract, and tilsynsvakt with the weekdays it is needed. */
export function TilsynsvaktFields({
  form,
  reservations,
}: {
  form: UseFormReturn<ApprovalFormValues>;
  reservations: readonly BookingReservation[];
}) {
  const errorId = useId();
  const weekdays = useController({ control: form.control, name: 'tilsynsvaktWeekdays' });
  const hasTilsynsvakt = useWatch({ control: form.control, name: 'hasTilsynsvakt' });
  const error = form.formState.errors.tilsynsvaktWeekdays?.message;
  const { onChange: onHasChange, ...hasField } = form.register('hasTilsynsvakt');

  return (
    <Fieldset>
      <Fieldset.Legend>Vilkår</Fieldset.Legend>
      <Checkbox
        label="Tilbakevirkende kontrakt"
        description="Kontrakten gjelder også tider som allerede er brukt. Søkeren får et endringsnotat."
        {...form.register('retroactiveContract')}
      />
      <Checkbox
        label="Tilsynsvakt"
        description="Det skal være tilsynsvakt til stede når lokalet brukes."
        {...hasField}
        onChange={(event) => {
          void onHasChange(event);
          // The booking's own weekdays are the likely answer; the administrator can change them.
          if (event.target.checked && weekdays.field.value.length === 0) weekdays.field.onChange(bookingWeekdays(reservations));
        }}
      />
      {hasTilsynsvakt && (
        <Fieldset className="lk-weekdays">
          <Fieldset.Legend>Ukedager med tilsynsvakt</Fieldset.Legend>
          {daysOfWeek.map((day) => (
            <Checkbox
              key={day}
              label={dayOfWeekLabels[day]}
              value={day}
              checked={weekdays.field.value.includes(day)}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? errorId : undefined}
              onChange={(event) =>
                weekdays.field.onChange(
                  event.target.checked ? [...weekdays.field.value, day] : weekdays.field.value.filter((d) => d !== day),
                )
              }
            />
          ))}
          {error && <ValidationMessage id={errorId}>{error}</ValidationMessage>}
        </Fieldset>
      )}
    </Fieldset>
  );
}

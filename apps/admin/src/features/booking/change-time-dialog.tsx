import { useId } from 'react';
import { Button, Dialog, Field, Heading, Label, Paragraph, Select, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import type { BookingReservation } from '@lokaler/domain/booking-reservation';
import { changeReservationBody, type ChangeReservationBody } from '@lokaler/domain/admin-reservation-change';
import { parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import { dateInput, minutesInput, slotStartInput } from '../../lib/time-inputs';
import { ChangeFailure } from '../../components/booking-change/change-failure';
import { describeRow } from './time-rows';
import { moveTimeBody, useMoveTime } from '../../components/booking-change/move-time';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';

const MAX_OFFERED_MINUTES = 12 * 60;

/** '1 t 30 min' */
export function durationLabel(minutes: number): string {
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return [h ? `${h} t` : '', m ? `${m} min` : ''].filter(Boolean).join(' ');
}

/** The durations offered: every 15 minutes up to 12 hours, and the current one when it is longer. */
function durationOptions(current: number): number[] {
  const options = Array.from({ length: MAX_OFFERED_MINUTES / SLOT_MINUTES }, (_, i) => (i + 1) * SLOT_MINUTES);
  return current > MAX_OFFERED_MINUTES ? [...options, current] : options;
}

/**
 * The dialog's fields, made into the body PUT /api/reservation/{id} takes (changeReservationBody:
 * the comment is its field, trimmed and with its length).
 */
const changeTimeSchema = z
  .object({ newDate: dateInput, newStartTime: slotStartInput, minutes: minutesInput, comment: changeReservationBody.shape.comment })
  .transform(({ newDate, newStartTime, minutes, comment }) => moveTimeBody({ date: newDate, startTime: newStartTime, minutes, comment }));

/**
 * Moves one time: new date, start and duration, with a comment to the applicant. The server checks
 * the new time against the no-double-booking rule; taken times are listed here.
 */
export function ChangeTimeDialog({
  reservation,
  roomName,
  onClose,
}: {
  reservation: BookingReservation;
  roomName: string;
  onClose: () => void;
}) {
  const titleId = useId();
  const currentMinutes = parseDuration(reservation.duration) ?? 60;
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof changeTimeSchema>, unknown, ChangeReservationBody>({
    resolver: zodResolver(changeTimeSchema),
    // The error summary takes the focus on a refused submit (decision 020).
    shouldFocusError: false,
    defaultValues: {
      newDate: reservation.date,
      newStartTime: reservation.startTime.slice(0, 5),
      minutes: String(currentMinutes),
      comment: '',
    },
  });
  const change = useMoveTime(reservation.reservationId, onClose);
  const submit = handleSubmit((body) => change.mutate(body));

  return (
    <Dialog open onClose={() => !change.isPending && onClose()} aria-labelledby={titleId} closeButton="Lukk">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <Dialog.Block className="lk-stack">
          <Heading level={2} data-size="sm" id={titleId}>
            Endre tid
          </Heading>
          <Paragraph>
            {roomName}, {describeRow(reservation)}
          </Paragraph>
          <FormErrorSummary errors={errors} submitCount={submitCount} heading="For å endre tiden må du rette opp følgende feil:" />
          <DateFieldControl control={control} name="newDate" label="Ny dato" required />
          <Textfield
            label="Ny starttid"
            type="time"
            step={SLOT_MINUTES * 60}
            {...register('newStartTime')}
            error={errors.newStartTime?.message}
            required
          />
          <Field>
            <Label htmlFor={`${titleId}-duration`}>Varighet</Label>
            <Select id={`${titleId}-duration`} {...register('minutes')}>
              {durationOptions(currentMinutes).map((m) => (
                <Select.Option key={m} value={String(m)}>
                  {durationLabel(m)}
                </Select.Option>
              ))}
            </Select>
          </Field>
          <Textfield
            label="Kommentar til søkeren"
            description="Sendes til søkeren sammen med endringen."
            multiline
            rows={3}
            {...register('comment')}
            error={errors.comment?.message}
          />
          {change.error && (
            <ChangeFailure error={change.error} roomName={(id) => (id === reservation.bookableAssetId ? roomName : undefined)} />
          )}
        </Dialog.Block>
        <Dialog.Block className="lk-dialog-actions">
          <Button type="submit" loading={change.isPending} disabled={change.isPending}>
            Lagre endringen
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={change.isPending}>
            Avbryt
          </Button>
        </Dialog.Block>
      </form>
    </Dialog>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { Button, Dialog, Field, Heading, Label, Paragraph, Select, Textfield } from '@digdir/designsystemet-react';
import { changeReservation } from '@lokaler/api-client/admin-reservations';
import type { BookingReservation } from '@lokaler/domain/booking-reservation';
import { isValidDate } from '@lokaler/domain/scheduling/calendar-date';
import { formatDuration, parseDuration } from '@lokaler/domain/scheduling/iso-duration';
import { parseTime, SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import { ChangeFailure } from './change-failure';
import { describeRow } from './time-rows';
import { useBookingChange } from './use-booking-change';

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

export const changeTimeMessages = {
  date: 'Velg en gyldig dato',
  startTime: 'Velg et starttidspunkt på hele kvarter (for eksempel 18:15)',
} as const;

/**
 * Moves one time: new date, start and duration, with a comment to the applicant. The server checks
 * the new time against the no-double-booking rule; taken times are listed here.
 */
export function ChangeTimeDialog({ reservation, roomName, onClose }: { reservation: BookingReservation; roomName: string; onClose: () => void }) {
  const titleId = useId();
  const currentMinutes = parseDuration(reservation.duration) ?? 60;
  const [date, setDate] = useState(reservation.date);
  const [startTime, setStartTime] = useState(reservation.startTime.slice(0, 5));
  const [minutes, setMinutes] = useState(currentMinutes);
  const [comment, setComment] = useState('');
  const [errors, setErrors] = useState<{ date?: string; startTime?: string }>({});
  const change = useBookingChange(() => changeReservation(reservation.reservationId, {
    updateReservations: [{ newDate: date, newStartTime: `${startTime}:00`, newDuration: formatDuration(minutes) }],
    ...(comment.trim() ? { comment: comment.trim() } : {}),
  }), { onSuccess: onClose });

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const start = parseTime(`${startTime}:00`);
    const found = {
      ...(isValidDate(date) ? {} : { date: changeTimeMessages.date }),
      ...(start !== null && start % SLOT_MINUTES === 0 ? {} : { startTime: changeTimeMessages.startTime }),
    };
    setErrors(found);
    if (Object.keys(found).length === 0) change.mutate(undefined);
  };

  return (
    <Dialog open onClose={() => !change.isPending && onClose()} aria-labelledby={titleId} closeButton="Lukk">
      <form onSubmit={submit} noValidate>
        <Dialog.Block className="lk-stack">
          <Heading level={2} data-size="sm" id={titleId}>
            Endre tid
          </Heading>
          <Paragraph>
            {roomName}, {describeRow(reservation)}
          </Paragraph>
          <Textfield label="Ny dato" type="date" value={date} onChange={(e) => setDate(e.target.value)} error={errors.date} required />
          <Textfield label="Ny starttid" type="time" step={SLOT_MINUTES * 60} value={startTime} onChange={(e) => setStartTime(e.target.value)} error={errors.startTime} required />
          <Field>
            <Label htmlFor={`${titleId}-duration`}>Varighet</Label>
            <Select id={`${titleId}-duration`} value={minutes} onChange={(e) => setMinutes(Number(e.target.value))}>
              {durationOptions(currentMinutes).map((m) => (
                <Select.Option key={m} value={m}>
                  {durationLabel(m)}
                </Select.Option>
              ))}
            </Select>
          </Field>
          <Textfield label="Kommentar til søkeren" description="Sendes til søkeren sammen med endringen." multiline rows={3} value={comment} onChange={(e) => setComment(e.target.value)} />
          {change.error && <ChangeFailure error={change.error} roomName={(id) => (id === reservation.bookableAssetId ? roomName : undefined)} />}
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

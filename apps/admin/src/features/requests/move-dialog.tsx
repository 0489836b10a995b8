import { useId } from 'react';
import { Button, Dialog, Field, Heading, Label, Paragraph, Select, Textfield } from '@digdir/designsystemet-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { useForm } from 'react-hook-form';
import { z } from 'zod';
import { changeReservationBody, type ChangeReservationBody } from '@lokaler/domain/admin-reservation-change';
import { formatDate } from '@lokaler/domain/scheduling/format-date';
import { formatClock, parseTime, SLOT_MINUTES } from '@lokaler/domain/scheduling/time-of-day';
import { DateFieldControl } from '@lokaler/ui/date-field-control';
import { FormErrorSummary } from '@lokaler/ui/form-error-summary';
import { ChangeFailure } from '../../components/booking-change/change-failure';
import { moveTimeBody, useMoveTime } from '../../components/booking-change/move-time';
import { dateInput, slotStartInput } from '../../lib/time-inputs';
import { itemMinutes, type CalendarItem } from './calendar-items';
import type { CalendarRoom } from './month-model';

export const moveMessages = {
  endTime: 'Velg et sluttidspunkt på hele kvarter (for eksempel 20:00)',
  endAfterStart: 'Sluttiden må være etter starttiden',
} as const;

/** An end time 'HH:mm' in minutes; '00:00' is midnight at the end of the day. */
const endMinutes = (time: string) => {
  const minutes = parseTime(`${time}:00`);
  return minutes === 0 ? 1440 : minutes;
};

/** The dialog's fields as the body of PUT /api/reservation/{id}, the room only when it changes. */
const moveSchema = (fromRoom: number) =>
  z
    .object({
      newDate: dateInput,
      newStartTime: slotStartInput,
      newEndTime: z.string().refine((t) => {
        const m = endMinutes(t);
        return m !== null && m % SLOT_MINUTES === 0;
      }, moveMessages.endTime),
      room: z.string().regex(/^\d+$/),
      comment: changeReservationBody.shape.comment,
    })
    .refine((v) => (endMinutes(v.newEndTime) ?? 0) > (parseTime(`${v.newStartTime}:00`) ?? 0), {
      path: ['newEndTime'],
      message: moveMessages.endAfterStart,
    })
    .transform((v) =>
      moveTimeBody({
        date: v.newDate,
        startTime: v.newStartTime,
        minutes: endMinutes(v.newEndTime)! - parseTime(`${v.newStartTime}:00`)!,
        bookableAssetId: Number(v.room) === fromRoom ? undefined : Number(v.room),
        comment: v.comment,
      }),
    );

/** 'Gymsal, fredag 18.12.2026 18:00–19:00' */
export function describeItem(item: Pick<CalendarItem, 'date' | 'startTime' | 'endTime'>, roomName: string): string {
  return `${roomName}, ${formatDate(item.date, 'EEEE dd.MM.yyyy')} ${formatClock(item.startTime)}–${formatClock(item.endTime)}`;
}

/**
 * The calendar's keyboard way to move a time (decision 067): date, start, end and room, sent
 * through the booking page's move (useMoveTime) with its refusals shown as there (ChangeFailure).
 */
export function MoveDialog({
  item,
  rooms,
  onClose,
}: {
  item: CalendarItem & { movable: number };
  rooms: readonly CalendarRoom[];
  onClose: () => void;
}) {
  const titleId = useId();
  const schema = moveSchema(item.bookableAssetId);
  const {
    register,
    handleSubmit,
    control,
    formState: { errors, submitCount },
  } = useForm<z.input<typeof schema>, unknown, ChangeReservationBody>({
    resolver: zodResolver(schema),
    shouldFocusError: false,
    defaultValues: {
      newDate: item.date,
      newStartTime: formatClock(item.startTime),
      newEndTime: formatClock(item.endTime),
      room: String(item.bookableAssetId),
      comment: '',
    },
  });
  const move = useMoveTime(item.movable, onClose);
  const submit = handleSubmit((body) => move.mutate(body));
  const roomName = (id: number) => rooms.find((r) => r.id === id)?.name;

  return (
    <Dialog open onClose={() => !move.isPending && onClose()} aria-labelledby={titleId} closeButton="Lukk">
      <form onSubmit={(event) => void submit(event)} noValidate className="lk-move-form">
        <Dialog.Block className="lk-stack">
          <Heading level={2} data-size="sm" id={titleId}>
            Flytt tid
          </Heading>
          <Paragraph>
            {item.title}: {describeItem(item, roomName(item.bookableAssetId) ?? `Rom ${item.bookableAssetId}`)}
          </Paragraph>
          <FormErrorSummary errors={errors} submitCount={submitCount} heading="For å flytte tiden må du rette opp følgende feil:" />
          <DateFieldControl control={control} name="newDate" label="Ny dato" required />
          <Textfield
            label="Ny starttid"
            type="time"
            step={SLOT_MINUTES * 60}
            {...register('newStartTime')}
            error={errors.newStartTime?.message}
            required
          />
          <Textfield
            label="Ny sluttid"
            type="time"
            step={SLOT_MINUTES * 60}
            {...register('newEndTime')}
            error={errors.newEndTime?.message}
            required
          />
          <Field>
            <Label htmlFor={`${titleId}-room`}>Rom</Label>
            <Select id={`${titleId}-room`} {...register('room')}>
              {rooms.map((r) => (
                <Select.Option key={r.id} value={String(r.id)}>
                  {r.name}
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
          {move.error && <ChangeFailure error={move.error} roomName={roomName} />}
        </Dialog.Block>
        <Dialog.Block className="lk-dialog-actions">
          <Button type="submit" loading={move.isPending} disabled={move.isPending}>
            Flytt tiden
          </Button>
          <Button type="button" variant="secondary" onClick={onClose} disabled={move.isPending}>
            Avbryt
          </Button>
        </Dialog.Block>
      </form>
    </Dialog>
  );
}

/**
 * A dragged time's confirmation (decision 067): 'Flytt tiden til …?' before anything is sent; a
 * refusal stays in the dialog and the calendar shows the time where it was.
 */
export function MoveConfirmDialog({
  item,
  to,
  rooms,
  onClose,
}: {
  item: CalendarItem & { movable: number };
  to: { bookableAssetId: number; date: string };
  rooms: readonly CalendarRoom[];
  onClose: () => void;
}) {
  const titleId = useId();
  const move = useMoveTime(item.movable, onClose);
  const roomName = (id: number) => rooms.find((r) => r.id === id)?.name;
  const minutes = itemMinutes(item);
  const target = { date: to.date, startTime: item.startTime, endTime: item.endTime };
  return (
    <Dialog open onClose={() => !move.isPending && onClose()} aria-labelledby={titleId} closeButton="Lukk">
      <Dialog.Block className="lk-stack">
        <Heading level={2} data-size="sm" id={titleId}>
          Flytt tiden til {describeItem(target, roomName(to.bookableAssetId) ?? `Rom ${to.bookableAssetId}`)}?
        </Heading>
        <Paragraph>
          {item.title}, nå: {describeItem(item, roomName(item.bookableAssetId) ?? `Rom ${item.bookableAssetId}`)}.
        </Paragraph>
        {move.error && <ChangeFailure error={move.error} roomName={roomName} />}
      </Dialog.Block>
      <Dialog.Block className="lk-dialog-actions">
        <Button
          type="button"
          loading={move.isPending}
          disabled={move.isPending}
          onClick={() =>
            move.mutate(
              moveTimeBody({
                date: to.date,
                startTime: formatClock(item.startTime),
                minutes,
                bookableAssetId: to.bookableAssetId === item.bookableAssetId ? undefined : to.bookableAssetId,
              }),
            )
          }
        >
          Flytt
        </Button>
        <Button type="button" variant="secondary" onClick={onClose} disabled={move.isPending}>
          Avbryt
        </Button>
      </Dialog.Block>
    </Dialog>
  );
}

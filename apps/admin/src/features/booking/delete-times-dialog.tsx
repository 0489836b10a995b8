import { useState } from 'react';
import { Paragraph, Textfield } from '@digdir/designsystemet-react';
import { deleteReservationsMutation } from '@lokaler/api-client/admin-reservations';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { describeRow, type TimeRow } from './time-rows';
import { notFoundMessages, useBookingChange } from '../../components/booking-change/use-booking-change';

/** Deletes the reservations of one row (a merged interval may hold several), with a comment to the applicant. */
export function DeleteTimesDialog({ row, roomName, onClose }: { row: TimeRow; roomName: string; onClose: () => void }) {
  const [comment, setComment] = useState('');
  const remove = useBookingChange(deleteReservationsMutation(), {
    onSuccess: onClose,
    notFound: { message: notFoundMessages.changedTimes, then: onClose },
  });
  return (
    <ConfirmDialog
      open
      title="Slette tiden?"
      confirmLabel="Slett tiden"
      tone="danger"
      busy={remove.isPending}
      error={remove.error ? userMessageOf(remove.error) : null}
      onConfirm={() =>
        remove.mutate({ reservationIds: row.reservations.map((r) => r.reservationId), comment: comment.trim() || undefined })
      }
      onCancel={onClose}
    >
      <Paragraph>
        {roomName}, {describeRow(row)} slettes fra søknaden. Søkeren får beskjed.
      </Paragraph>
      <Textfield
        label="Kommentar til søkeren (valgfritt)"
        multiline
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
    </ConfirmDialog>
  );
}

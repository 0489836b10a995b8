import { useState } from 'react';
import { Paragraph, Textfield } from '@digdir/designsystemet-react';
import { rejectAssetMutation } from '@lokaler/api-client/admin-rejection';
import { userMessageOf } from '@lokaler/api-client/user-message';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import type { RoomTimes } from './time-rows';
import { useBookingChange } from '../../components/booking-change/use-booking-change';

/** Rejects every time of one room; the rest of the booking stays as it is. */
export function RejectRoomDialog({ bookingId, room, onClose }: { bookingId: number; room: RoomTimes; onClose: () => void }) {
  const [comment, setComment] = useState('');
  const reject = useBookingChange(rejectAssetMutation(bookingId), { onSuccess: onClose });
  const count = room.active.reduce((sum, row) => sum + row.reservations.length, 0);
  return (
    <ConfirmDialog
      open
      title={`Avslå ${room.name}?`}
      confirmLabel="Avslå rommet"
      tone="danger"
      busy={reject.isPending}
      error={reject.error ? userMessageOf(reject.error) : null}
      onConfirm={() => reject.mutate({ bookableAssetId: room.bookableAssetId, comment: comment.trim() || undefined })}
      onCancel={onClose}
    >
      <Paragraph>
        {count === 1 ? 'Tiden' : `Alle ${count} tidene`} i {room.name} avslås. De andre rommene i søknaden berøres ikke.
      </Paragraph>
      <Textfield
        label="Begrunnelse til søkeren (valgfritt)"
        multiline
        rows={3}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
      />
    </ConfirmDialog>
  );
}

import { useState } from 'react';
import { Button, Paragraph } from '@digdir/designsystemet-react';
import { Link as RouterLink } from 'react-router';
import { undoApprovalMutation } from '@lokaler/api-client/admin-approval';
import { userMessageOf } from '@lokaler/api-client/user-message';
import type { AdminBookingView } from '@lokaler/domain/admin-booking-view';
import { ConfirmDialog } from '@lokaler/ui/confirm-dialog';
import { paths } from '../../config/paths';
import { useListSearch, withList } from '../../lib/list-context';
import { RejectDialog, withdrawTexts } from './reject-dialog';
import { useBookingChange } from '../../components/booking-change/use-booking-change';

/** What can be done with the booking in its status: approve or reject it, or take an approval back. */
export function BookingActions({ booking }: { booking: AdminBookingView }) {
  const [dialog, setDialog] = useState<'reject' | 'undo' | null>(null);
  const listSearch = useListSearch();
  const close = () => setDialog(null);
  const undo = useBookingChange(undoApprovalMutation(booking.bookingId), { successMessage: 'Godkjenningen er angret', onSuccess: close });

  if (booking.status !== 'UNPROCESSED' && booking.status !== 'APPROVED') {
    return <Paragraph>Søknaden er avsluttet og kan ikke behandles videre.</Paragraph>;
  }
  return (
    <div className="lk-booking-actions">
      {booking.status === 'UNPROCESSED' && (
        <Button asChild>
          <RouterLink to={withList(paths.approveBooking.getHref(booking.bookingId), listSearch)}>Godkjenn søknaden</RouterLink>
        </Button>
      )}
      {booking.status === 'APPROVED' && (
        <Button variant="secondary" onClick={() => setDialog('undo')}>
          Angre godkjenning
        </Button>
      )}
      <Button asChild variant="secondary">
        <RouterLink to={paths.addBookingTimes.getHref(booking.bookingId)}>Legg til tider</RouterLink>
      </Button>
      <Button variant="secondary" data-color="danger" onClick={() => setDialog('reject')}>
        {booking.status === 'APPROVED' ? withdrawTexts.button : 'Avslå søknaden'}
      </Button>
      {dialog === 'reject' && <RejectDialog booking={booking} onClose={close} />}
      <ConfirmDialog
        open={dialog === 'undo'}
        title="Angre godkjenningen?"
        confirmLabel="Angre godkjenning"
        busy={undo.isPending}
        error={undo.error ? userMessageOf(undo.error) : null}
        onConfirm={() => undo.mutate()}
        onCancel={() => {
          undo.reset();
          close();
        }}
      >
        Søknaden settes tilbake til «Venter på behandling», og søkeren får beskjed. Vedtak og kontrakt fra godkjenningen gjelder ikke
        lenger.
      </ConfirmDialog>
    </div>
  );
}
